import { crawlDelayLines } from '@robots-lens/kernel/parse';
import type { Line, RobotsFile } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { statementSpan } from '../text';
import type { Check, RelatedSpan, Report, RuleDescription } from '../types';
import { nameList, requestingUsers } from './audience';

export const RULES = [
  { id: 'crawl-delay-conflict', title: 'Several Crawl-delay values for the same crawlers', description: 'Groups naming the same crawler are merged (RFC 9309), and so are their Crawl-delay lines: with two values, which one a crawler that honours Crawl-delay applies is not documented.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * crawl-delay-conflict: the groups a crawler uses (merged under its token) set Crawl-delay
 * more than once, to different values (30 and 120; 5 and 10). Reported once per set of
 * lines, at the line that differs from the first, naming every line, and the crawlers of
 * the catalogue that honour Crawl-delay and use these groups. Which value they apply is
 * not documented, so the finding does not say; it says which one this tool's replay checks.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  // The tokens whose pools hold the same conflicting lines: one finding names them all.
  const bySignature = new Map<string, { lines: Line[]; groups: readonly number[]; keys: string[] }>();
  for (const [key, groups] of file.groupsByToken) {
    const lines = crawlDelayLines(file, groups);
    if (new Set(lines.map((l) => Number(l.value))).size < 2) continue;
    const signature = lines.map((l) => l.index).join(',');
    const entry = bySignature.get(signature);
    if (entry) entry.keys.push(key);
    else bySignature.set(signature, { lines, groups, keys: [key] });
  }
  const findings: Report<typeof RULES>[] = [];
  for (const { lines, groups, keys } of bySignature.values()) {
    const values = lines.map((l) => Number(l.value));
    const first = lines[0]!;
    const other = lines.find((l) => Number(l.value) !== Number(first.value))!;
    // Each value once, with its lines: `5 (lines 56, 59 and 62) and 2 (line 68)`.
    const byValue = new Map<number, Line[]>();
    for (const l of lines) byValue.set(Number(l.value), [...(byValue.get(Number(l.value)) ?? []), l]);
    const list = [...byValue.values()].map((ls) => `${ls[0]!.value} (${ls.length === 1 ? 'line' : 'lines'} ${nameList(ls.map((l) => String(l.index + 1)), 8)})`);
    const merged = new Set(lines.map((l) => l.group)).size > 1;
    const honouring = [...new Set(groups.flatMap((g) => requestingUsers(file, g)).filter((u) => u.crawler.crawlDelay === 'honoured').map((u) => u.crawler.token))];
    const named = keys.filter((k) => k !== '*').map((k) => displayToken(file, groups, k));
    const who = keys.includes('*') ? 'Crawlers without a group of their own' : `${nameList(named)}`;
    const related: RelatedSpan[] = lines.filter((l) => l !== other).map((l) => ({ span: statementSpan(l), message: `Crawl-delay: ${l.value} for the same crawlers.` }));
    findings.push({
      id: 'crawl-delay-conflict',
      span: statementSpan(other),
      message:
        `${who} ${keys.includes('*') || named.length > 1 ? 'get' : 'gets'} ${byValue.size === 2 ? 'two' : byValue.size} different Crawl-delay values: ${nameList(list, 8)}${merged ? ', because groups naming the same crawler are merged' : ''}. ` +
        (honouring.length > 0
          ? `Of the known crawlers that honour Crawl-delay, ${nameList(honouring)} ${honouring.length > 1 ? 'use' : 'uses'} these groups; which value ${honouring.length > 1 ? 'they apply' : 'it applies'} is not documented`
          : 'No known crawler that honours Crawl-delay uses these groups; for one that does, which value it applies is not documented') +
        ` (this tool's replay checks against the smallest, ${Math.min(...values)}). Keep one Crawl-delay for these crawlers.`,
      related,
    });
  }
  return findings.sort((a, b) => a.span.start - b.span.start);
};

function displayToken(file: RobotsFile, groups: readonly number[], key: string): string {
  for (const g of groups) for (const agent of file.groups[g]?.agents ?? []) if (tokenKey(agent.token) === key) return agent.token;
  return key;
}
