import { isValidCrawlDelay } from '@robots-lens/kernel/parse';
import type { Line, RobotsFile } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { statementSpan } from '../text';
import { nameList, requestingUsers } from './audience';

export const RULES = [
  { id: 'crawl-delay-support', title: 'Crawl-delay support varies', description: 'Crawl-delay is not part of RFC 9309: some crawlers honour it, Google does not.' },
  { id: 'crawl-delay-invalid', title: 'Crawl-delay that is not a number of seconds', description: 'Crawlers that honour Crawl-delay expect a non-negative number of seconds; they may ignore any other value or read it differently.' },
] as const satisfies readonly RuleDescription<string>[];

/** `1s`, `10 seconds`: a number with a unit, which a quick fix can reduce to the number. */
const WITH_UNIT = /^(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)$/i;

/**
 * Crawl-delay is not part of RFC 9309. crawl-delay-support says which catalogue crawlers
 * using the group honour or ignore it (from the catalogue's documented `crawlDelay`);
 * crawl-delay-invalid flags values crawlers cannot read as a non-negative number of seconds.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const line of file.lines) {
    if (line.beyondLimit || line.kind !== 'other' || line.directive !== 'crawl-delay') continue;
    const value = line.value;
    if (!isValidCrawlDelay(value)) {
      findings.push(invalidValue(line));
      continue;
    }
    findings.push({ id: 'crawl-delay-support', span: statementSpan(line), message: support(file, line) });
  }
  // Crawl-delay written in every group of crawlers that read it alike: one finding, the others related.
  return fold(file, findings, (f) => (f.id === 'crawl-delay-support' ? f.message : undefined), {
    more: (n, lines) => `The same goes for ${n} more Crawl-delay ${n === 1 ? 'line' : 'lines'} (${lines}).`,
  });
};

function invalidValue(line: Line): Report<typeof RULES> {
  const value = line.value;
  const unit = WITH_UNIT.exec(value);
  const fixes: Fix[] =
    unit && line.valueSpan ? [{ title: `Write "Crawl-delay: ${unit[1]}"`, edits: [{ span: line.valueSpan, newText: unit[1]! }], preferred: true }] : [];
  return {
    id: 'crawl-delay-invalid',
    span: line.valueSpan && value !== '' ? line.valueSpan : statementSpan(line),
    message:
      value === ''
        ? 'Crawl-delay has no value: crawlers that honour Crawl-delay have no delay to apply.'
        : `"${value}" is not a number of seconds (0 or more): crawlers that honour Crawl-delay may ignore it or read it differently. Write a plain number, e.g. "Crawl-delay: ${unit?.[1] ?? '5'}".`,
    ...(fixes.length > 0 ? { fixes } : {}),
  };
}

function support(file: RobotsFile, line: Line): string {
  const intro = 'Crawl-delay is not part of RFC 9309.';
  if (line.group === undefined) {
    return `${intro} This line comes before any User-agent line, so it belongs to no group and applies to no crawler.`;
  }
  const users = requestingUsers(file, line.group);
  if (users.length === 0) {
    return `${intro} No crawler of the catalogue uses this group, so whether it is honoured here is not known; Google never honours it.`;
  }
  const honoured = users.filter((u) => u.crawler.crawlDelay === 'honoured').map((u) => u.crawler.token);
  const ignored = users.filter((u) => u.crawler.crawlDelay === 'ignored').map((u) => u.crawler.token);
  const unknown = users.filter((u) => u.crawler.crawlDelay === 'unknown').map((u) => u.crawler.token);
  const parts: string[] = [];
  if (honoured.length > 0) parts.push(`${nameList(honoured)} ${honoured.length > 1 ? 'honour' : 'honours'} it`);
  if (ignored.length > 0) parts.push(`${nameList(ignored)} ${ignored.length > 1 ? 'ignore' : 'ignores'} it`);
  if (unknown.length > 0) parts.push(`support is not documented for ${nameList(unknown)}`);
  return `${intro} Of the known crawlers that use this group, ${parts.join('; ')}.`;
}
