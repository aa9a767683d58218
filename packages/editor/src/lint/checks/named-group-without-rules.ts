import { crawlerByToken, documentedCrawlerOf } from '@robots-lens/kernel/crawlers';
import type { Group, RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';
import type { Check, Fix, RelatedSpan, Report, RuleDescription } from '../types';
import { eol, lineSpan } from '../text';
import { agentKey, canonicalRule, groupUsers, matchesEverything, nameList } from './audience';

export const RULES = [
  {
    id: 'named-group-without-rules',
    title: 'Named group without rules',
    description: 'A group names a crawler but has no Allow or Disallow rule (only Crawl-delay, or nothing): that crawler uses it, may fetch every URL, and gets none of the * rules.',
  },
] as const satisfies readonly RuleDescription<string>[];

/** Related entries beyond this many would drown the Problems panel. */
const MAX_RELATED = 20;
/** A fix that pastes more rules than this is not a quick fix; the finding stands without it. */
const MAX_COPIED = 500;

/**
 * named-group-without-rules: a crawler whose group has no rule at all — typically a
 * `User-agent: Googlebot` given only a Crawl-delay, meant as "slow down", which instead frees
 * it from every `*` rule (docs/spec/robots-semantics.md §3: the first token that names a group selects
 * it, and `*` rules never mix into a named group). Reported when the `*` group has a
 * Disallow that could decide something, so the crawler really loses rules; per group, at its
 * first crawler, naming every crawler of the group so freed. A group that also names `*` (as
 * rbloggers' does) still frees its named crawlers: `*` pools it with the other `*` groups,
 * the named crawlers use it alone. star-rules-not-inherited leaves these pools to this rule.
 */
export const check: Check<typeof RULES> = ({ file, rules: analysis }) => {
  const starGroups = file.groupsByToken.get('*');
  if (!starGroups) return [];
  const starRules: Rule[] = [];
  const seen = new Set<string>();
  for (const g of starGroups) {
    for (const rule of file.groups[g]?.rules ?? []) {
      const n = rule.normalized;
      if (n === '' || !(n.startsWith('/') || n.startsWith('*')) || analysis.byLine.get(rule.line)?.shadowedBy) continue;
      const key = `${rule.kind} ${n}`;
      if (seen.has(key)) continue;
      seen.add(key);
      starRules.push(rule);
    }
  }
  if (!starRules.some((r) => r.kind === 'disallow')) return [];

  const findings: Report<typeof RULES>[] = [];
  for (const group of file.groups) {
    // Each token once, however often the group names it (a Set: groups of thousands of agents exist).
    const seenKeys = new Set<string>();
    const freed = group.agents.filter((agent) => {
      const key = agentKey(agent);
      if (key === '' || key === '*' || seenKeys.has(key)) return false;
      seenKeys.add(key);
      const pool = file.groupsByToken.get(key) ?? [];
      return pool[0] === group.index && pool.every((g) => (file.groups[g]?.rules.length ?? 0) === 0) && !leavesStarAnyway(key);
    });
    if (freed.length === 0) continue;
    // A documented token outside the grammar is named whole (`MJ12bot`, not `MJ`).
    const names = freed.map((a) => documentedCrawlerOf(a.value)?.token ?? a.token);
    const plural = names.length > 1;
    const subject = nameList(names);
    const examples = starRules.slice(0, 3).map((r) => `"${canonicalRule(r)}"`);
    const namesStar = group.agents.some((a) => a.isStar);
    const freedKeys = freed.map(agentKey);
    const fallbacks = (groupUsers(file).get(group.index) ?? [])
      .filter((u) => !u.own && freedKeys.includes(u.key) && !u.crawler.ignoresStar && !u.crawler.controlToken)
      .map((u) => u.crawler.token);
    const related: RelatedSpan[] = starRules.slice(0, MAX_RELATED).map((r) => ({ span: lineSpan(file, r.line), message: `Does not apply to ${subject}.` }));
    const fixable = !namesStar && starRules.length <= MAX_COPIED && !starRules.some((r) => r.kind === 'disallow' && matchesEverything(r.normalized));
    findings.push({
      id: 'named-group-without-rules',
      span: file.lines[freed[0]!.line]?.keySpan ?? lineSpan(file, freed[0]!.line),
      message:
        `${subject} ${plural ? 'are' : 'is'} named by a group with no Allow or Disallow rule${holds(file, group)}, so ${plural ? 'they' : 'it'} may fetch every URL: ` +
        `${plural ? 'they use' : 'it uses'} this group instead of "User-agent: *", and the ${starRules.length === 1 ? '* rule' : `${starRules.length} * rules`} (${examples.join(', ')}${starRules.length > examples.length ? ', …' : ''}) ${starRules.length === 1 ? 'does' : 'do'} not apply to ${plural ? 'them' : 'it'}.` +
        (fallbacks.length > 0 ? ` ${nameList(fallbacks)} ${fallbacks.length > 1 ? 'use' : 'uses'} this group too, having none of ${fallbacks.length > 1 ? 'their' : 'its'} own, and may fetch every URL as well.` : '') +
        (namesStar ? ' The group\'s own "User-agent: *" line does not change that: crawlers without a group of their own pool it with the other * groups, the crawlers it names use it alone.' : ''),
      related,
      ...(fixable ? { fixes: [copyFix(file, group, starRules, subject, plural)] } : {}),
    });
  }
  return findings;
};

/** What the group holds instead of rules, in parentheses: its Crawl-delay, other lines, or nothing at all. */
function holds(file: RobotsFile, group: Group): string {
  const keys = group.otherLines.map((l) => file.lines[l]).filter((line) => line?.kind === 'other').map((line) => line!.directive ?? '');
  if (keys.length === 0) return ' and no other line';
  if (keys.every((k) => k === 'crawl-delay')) return ' (only Crawl-delay)';
  return ' (only lines that are not rules)';
}

/** Crawlers that never use `*` (AdsBot-Google) lose nothing; control tokens send no requests. */
function leavesStarAnyway(key: string): boolean {
  const crawler = crawlerByToken(key);
  return crawler !== undefined && tokenKey(crawler.token) === key && (crawler.ignoresStar || crawler.controlToken);
}

function copyFix(file: RobotsFile, group: Group, rules: readonly Rule[], subject: string, plural: boolean): Fix {
  const last = file.lines[group.lastLine];
  const at = last ? last.end : file.text.length;
  const br = eol(file);
  return {
    title: `Copy the ${rules.length} * ${rules.length === 1 ? 'rule' : 'rules'} into this group (${subject} then ${plural ? 'obey' : 'obeys'} ${rules.length === 1 ? 'it' : 'them'})`,
    edits: [{ span: { start: at, end: at }, newText: rules.map((r) => br + canonicalRule(r)).join('') }],
    takesEffect: true,
  };
}
