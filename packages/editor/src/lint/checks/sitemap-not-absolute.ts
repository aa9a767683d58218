import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';
import { statementSpan } from '../text';

export const RULES = [
  { id: 'sitemap-not-absolute', title: 'Sitemap is not an absolute URL', description: 'Sitemap values must be absolute http(s) URLs.' },
] as const satisfies readonly RuleDescription<string>[];

const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** sitemap-not-absolute: a Sitemap value that is not an absolute http(s) URL. */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const line of file.lines) {
    if (line.beyondLimit || line.kind !== 'sitemap') continue;
    const url = line.value;
    if (ABSOLUTE_HTTP_URL.test(url)) continue;
    const message =
      url === ''
        ? 'This Sitemap line has no URL: crawlers ignore it.'
        : `Sitemap needs an absolute http(s) URL (https://host/path). The sitemaps protocol and Google require a fully qualified URL, so crawlers may ignore "${url}".`;
    findings.push({ id: 'sitemap-not-absolute', span: line.valueSpan && url !== '' ? line.valueSpan : statementSpan(line), message });
  }
  return fold(file, findings, () => 'sitemap', { more: (n, lines) => `The same goes for ${n} more Sitemap ${n === 1 ? 'line' : 'lines'} (${lines}).` });
};
