import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';
import { statementSpan } from '../text';

export const RULES = [
  { id: 'unsupported-directive', title: 'Directive most crawlers do not support', description: 'Noindex is unsupported by Google since 2019; Host and Clean-param are Yandex-only; Request-rate and Visit-time are not supported by major crawlers.' },
] as const satisfies readonly RuleDescription<string>[];

/** What to tell the author about each directive major crawlers do not support. */
const UNSUPPORTED: ReadonlyMap<string, string> = new Map([
  [
    'noindex',
    'Google stopped supporting Noindex in robots.txt in September 2019, and other major crawlers do not support it either. ' +
      'Use a "noindex" robots meta tag or X-Robots-Tag header on pages crawlers may fetch.',
  ],
  ['nofollow', 'Nofollow is not a robots.txt directive: major crawlers ignore it. Use a "nofollow" robots meta tag or X-Robots-Tag header.'],
  ['host', 'Host is understood only by Yandex, which has since deprecated it in favour of redirects; other crawlers ignore it.'],
  ['clean-param', 'Clean-param is understood only by Yandex; other crawlers ignore it.'],
  ['request-rate', 'Request-rate is a non-standard extension that major crawlers (Google, Bing) do not support.'],
  ['visit-time', 'Visit-time is a non-standard extension that major crawlers (Google, Bing) do not support.'],
]);

const ACAP = 'ACAP (Automated Content Access Protocol) lines are not supported by major crawlers; they ignore this line.';

/** unsupported-directive: Noindex, Host, Clean-param, Request-rate, Visit-time, ACAP-*. */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const line of file.lines) {
    if (line.beyondLimit || line.kind !== 'other' || line.directive === undefined) continue;
    const message = line.directive.startsWith('acap-') ? ACAP : UNSUPPORTED.get(line.directive);
    if (!message) continue;
    findings.push({ id: 'unsupported-directive', span: statementSpan(line), message });
  }
  // One finding per directive: a file that writes Clean-param once per group says the same thing each time.
  return fold(file, findings, (f) => f.message, { more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'line' : 'lines'} (${lines}).` });
};
