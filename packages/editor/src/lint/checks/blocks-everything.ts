import { crawlerByToken } from '@robots-lens/kernel/crawlers';
import type { Group, RobotsFile } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { fold } from '../fold';
import type { Check, RelatedSpan, Report, RuleDescription } from '../types';
import { lineSpan, statementText } from '../text';
import { groupKeys, matchesEverything, nameList, requestingUsers } from './audience';

export const RULES = [
  { id: 'blocks-everything', title: 'Whole site closed to a crawler', description: 'Disallow: / closes the whole site to the crawlers of the group.' },
] as const satisfies readonly RuleDescription<string>[];

/** Allow rules named in the message and related information. */
const SHOWN_ALLOWS = 3;

/**
 * blocks-everything: `Disallow: /` (or `/*`, `*`) in the `*` group or a group that a
 * catalogue crawler uses. With no Allow in the merged group the whole site is closed;
 * with Allow rules, everything they do not reopen is — the message says which.
 */
export const check: Check<typeof RULES> = ({ file, rules }) => {
  const findings: Report<typeof RULES>[] = [];
  const wholeSite = new Set<Report<typeof RULES>>();
  for (const group of file.groups) {
    // A rule that never decides (e.g. beaten by an equally long `Allow: /`) closes nothing.
    const rule = group.rules.find((r) => r.kind === 'disallow' && matchesEverything(r.normalized) && !rules.byLine.get(r.line)?.shadowedBy);
    if (!rule) continue;
    const star = group.agents.some((a) => a.isStar);
    const users = requestingUsers(file, group.index);
    if (!star && users.length === 0) continue;

    const names = crawlerNames(group, users.map((u) => u.crawler.token));
    const allows = poolAllows(file, group);
    const who = star
      ? `every crawler without a group of its own${names.length > 0 ? ` (among known crawlers: ${nameList(names)})` : ''}`
      : nameList(names);
    const text = statementText(file, rule.line);
    const related: RelatedSpan[] = allows.slice(0, SHOWN_ALLOWS).map((l) => ({ span: lineSpan(file, l), message: 'Reopens part of the site.' }));
    const message =
      allows.length === 0
        ? `"${text}" closes the whole site to ${who}: ${names.length === 1 && !star ? 'it' : 'they'} may fetch nothing but /robots.txt.`
        : `"${text}" closes the site to ${who}, except the URLs the Allow rules of this group reopen (${allows
            .slice(0, SHOWN_ALLOWS)
            .map((l) => `"${statementText(file, l)}"`)
            .join(', ')}${allows.length > SHOWN_ALLOWS ? ', …' : ''}).`;
    // An allow-list: say who is let in, since they follow only their own groups.
    const named = star ? namedTokens(file) : [];
    const exceptions = named.length > 0 ? ` Crawlers named in groups of their own (${nameList(named)}) follow only those groups.` : '';
    const report: Report<typeof RULES> = { id: 'blocks-everything', span: lineSpan(file, rule.line), message: message + exceptions, ...(related.length > 0 ? { related } : {}) };
    findings.push(report);
    if (!star && allows.length === 0) wholeSite.add(report);
  }
  // A file that shuts out many crawlers, one group each: one finding, the groups related.
  return fold(file, findings, (report) => (wholeSite.has(report) ? 'whole site' : undefined), {
    more: (n, lines) => `So ${n === 1 ? 'does 1 more group' : `do ${n} more groups`}, to ${n === 1 ? 'its' : 'their'} crawlers (${lines}).`,
  });
};

/** The tokens named by User-agent lines other than `*`, each once, in file order. */
function namedTokens(file: RobotsFile): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const group of file.groups) {
    for (const agent of group.agents) {
      const key = tokenKey(agent.token);
      if (agent.isStar || key === '' || seen.has(key)) continue;
      seen.add(key);
      names.push(agent.token);
    }
  }
  return names;
}

/** Tokens named by the group (catalogue spelling when it is a crawler's own token), then fallback users. */
function crawlerNames(group: Group, users: readonly string[]): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (name: string): void => {
    const key = tokenKey(name);
    if (seen.has(key)) return;
    seen.add(key);
    names.push(name);
  };
  for (const agent of group.agents) {
    if (agent.isStar || agent.token === '') continue;
    const crawler = crawlerByToken(agent.token);
    if (crawler && tokenKey(crawler.token) === tokenKey(agent.token)) {
      if (!crawler.controlToken) add(crawler.token);
    } else {
      add(agent.token);
    }
  }
  for (const name of users) add(name);
  return names;
}

/** Lines of the non-empty Allow rules pooled with this group under any of its tokens. */
function poolAllows(file: RobotsFile, group: Group): number[] {
  const lines = new Set<number>();
  const seenGroups = new Set<number>();
  for (const key of groupKeys(group)) {
    for (const g of file.groupsByToken.get(key) ?? []) {
      if (seenGroups.has(g)) continue;
      seenGroups.add(g);
      for (const rule of file.groups[g]?.rules ?? []) if (rule.kind === 'allow' && rule.normalized !== '') lines.add(rule.line);
    }
  }
  return [...lines].sort((a, b) => a - b);
}
