import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';
import { statementSpan } from '../text';

export const RULES = [
  { id: 'sitemap-not-absolute', title: 'Sitemap is not an absolute URL', description: 'Sitemap values must be absolute http(s) URLs.' },
  { id: 'sitemap-unencoded-space', title: 'Sitemap URL with an unencoded space', description: 'An absolute Sitemap URL that contains a space or tab: a URL has no spaces (RFC 3986), so crawlers may cut it at the space or fail to fetch it. Write %20.' },
] as const satisfies readonly RuleDescription<string>[];

/** An absolute http(s) URL: a scheme, then a host without spaces, then anything (spaces are the other rule's). */
const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s/?#]+(?:[/?#].*)?$/i;
const WHITESPACE = /[ \t]/g;

/**
 * sitemap-not-absolute: a Sitemap value that is not an absolute http(s) URL.
 * sitemap-unencoded-space: an absolute one with a space or tab in its path or query
 * (`https://www.corriere.it/rss/sitemap/Sette - 7.xml`): it is absolute, and saying otherwise
 * would be false; what is wrong is the space.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const line of file.lines) {
    if (line.beyondLimit || line.kind !== 'sitemap') continue;
    const url = line.value;
    if (ABSOLUTE_HTTP_URL.test(url)) {
      WHITESPACE.lastIndex = 0;
      if (!WHITESPACE.test(url) || !line.valueSpan) continue;
      const encoded = url.replace(WHITESPACE, (c) => (c === ' ' ? '%20' : '%09'));
      const count = (url.match(WHITESPACE) ?? []).length;
      findings.push({
        id: 'sitemap-unencoded-space',
        span: line.valueSpan,
        message: `This Sitemap URL is absolute but has ${count === 1 ? 'an unencoded space' : `${count} unencoded spaces`}: a URL has no spaces (RFC 3986), so crawlers may cut it at the space or fail to fetch it. Write "${encoded}".`,
        fixes: [{ title: `Write "${encoded}"`, edits: [{ span: line.valueSpan, newText: encoded }], preferred: true }],
      });
      continue;
    }
    const message =
      url === ''
        ? 'This Sitemap line has no URL: crawlers ignore it.'
        : `Sitemap needs an absolute http(s) URL (https://host/path). The sitemaps protocol and Google require a fully qualified URL, so crawlers may ignore "${url}".`;
    findings.push({ id: 'sitemap-not-absolute', span: line.valueSpan && url !== '' ? line.valueSpan : statementSpan(line), message });
  }
  return fold(file, findings, (f) => f.id, {
    more: (n, lines) => `The same goes for ${n} more Sitemap ${n === 1 ? 'line' : 'lines'} (${lines}).`,
    fixTitle: (n) => `Encode the spaces of the ${n} Sitemap URLs`,
  });
};
