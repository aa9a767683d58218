/**
 * The enforcement plan: for each crawler in scope, the group the matcher selects for it and
 * that group's rules in the matcher's own rank order (`sortByRank`: longest pattern in
 * octets first, Allow before Disallow on a tie, Google's implicit `/dir/$` beside its
 * rule), each as a regular expression over the raw target. Tried in that order, the first
 * rule that matches is the rule the matcher's longest match picks, so a server that stops at
 * the first match decides as the matcher does. Every server's text is written from a plan.
 */

import type { Crawler, ResolvedAgent } from '@robots-lens/kernel/crawlers';
import { indexHtmlPattern, matcherFor, pooledRules, sortByRank } from '@robots-lens/kernel/match';
import type { Rankable, SelectedGroup } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { uriRegex } from './uri-regex';
import type { UriRegex, UriRegexOptions } from './uri-regex';
import type { Verification } from './verified';
import { whoList } from './who';
import type { WhoEntry } from './who';

/** One rule of a crawler's group, in rank order, with its regular expression. */
export interface PlannedRule extends Rankable {
  /** The pattern as written in robots.txt (hostile text: escape before printing). */
  readonly pattern: string;
  readonly normalized: string;
  readonly regex: UriRegex;
}

export interface CrawlerPlan {
  readonly crawler: Crawler;
  /** The group the matcher selects for the crawler; null when none does (nothing is blocked). */
  readonly group: SelectedGroup | null;
  /**
   * The rules up to the last Disallow, in rank order: an Allow ranked below every Disallow
   * decides what no rule would (allowed), so it is left out, as is a rule ranked after an
   * equal pattern.
   */
  readonly rules: readonly PlannedRule[];
}

/** Crawlers whose chains select the same groups: one rule list, written once. */
export interface RuleSet {
  /** The name the server's text gives it (`g1`, `g2`, …). */
  readonly key: string;
  readonly crawlers: readonly CrawlerPlan[];
  readonly rules: readonly PlannedRule[];
}

export interface EnforcePlan {
  readonly regex: UriRegexOptions;
  /** With `--verified-only`: the crawlers whose claims are checked against their ranges. */
  readonly verification?: Verification;
  readonly crawlers: readonly CrawlerPlan[];
  /** The crawlers with rules to enforce, by the groups they use. */
  readonly ruleSets: readonly RuleSet[];
  readonly who: readonly WhoEntry[];
  /** Everything the plan cannot express exactly, one sentence each; empty when exact. */
  readonly limits: readonly string[];
}

/** Plans the rules for `scope` in the flavour and target syntax of `regex`. */
export function planEnforcement(file: RobotsFile, scope: readonly Crawler[], regex: UriRegexOptions, verification?: Verification): EnforcePlan {
  const who = whoList(scope, regex.flavour);
  const limits = [...who.limits];
  // Crawlers sharing a group (the * group, mostly) share its expressions: each pattern is compiled once.
  const compiled = new Map<string, UriRegex>();
  const compile = (normalized: string): UriRegex => {
    let r = compiled.get(normalized);
    if (r === undefined) compiled.set(normalized, (r = uriRegex(normalized, regex)));
    return r;
  };
  // Crawlers whose chains select the same groups (the * group, mostly) share one rule list.
  const byGroups = new Map<string, readonly PlannedRule[]>();
  const crawlers = scope.map((crawler): CrawlerPlan => {
    const agent: ResolvedAgent = { input: crawler.token, kind: 'token', crawler, token: crawler.token, chain: crawler.chain, explanation: '' };
    const selected = matcherFor(file).select(agent);
    if (!selected) return { crawler, group: null, rules: [] };
    const key = selected.group.groups.join(',');
    let rules = byGroups.get(key);
    if (rules === undefined) byGroups.set(key, (rules = plannedRules(file, selected.group.groups, compile)));
    return { crawler, group: selected.group, rules };
  });
  for (const plan of crawlers) {
    const reasons = [...new Set(plan.rules.flatMap((r) => r.regex.limits))];
    if (reasons.length > 0) {
      limits.push(`${plan.crawler.token}: for a URL with % or raw non-ASCII octets some rules may decide otherwise than robots.txt (${reasons.join('; ')}).`);
    }
  }
  const ruleSets: RuleSet[] = [];
  for (const rules of byGroups.values()) {
    const users = crawlers.filter((c) => c.rules === rules);
    if (rules.length > 0) ruleSets.push({ key: `g${ruleSets.length + 1}`, crawlers: users, rules });
  }
  return { regex, crawlers, ruleSets, who: who.entries, limits, ...(verification ? { verification } : {}) };
}

/**
 * What a recognition entry sets: `<rule set>.<crawler id>` (`g0` for a crawler with nothing
 * to refuse by its rules), so the rules read the set and verification the crawler; `-` for a
 * crawler out of scope.
 */
export function claimKey(plan: EnforcePlan, crawler: Crawler | null): string {
  if (crawler === null) return '-';
  const set = plan.ruleSets.find((s) => s.crawlers.some((c) => c.crawler === crawler))?.key ?? 'g0';
  return `${set}.${crawler.id}`;
}

/** The rules of `groups` in rank order, up to the last Disallow, each compiled once. */
function plannedRules(file: RobotsFile, groups: readonly number[], compile: (normalized: string) => UriRegex): PlannedRule[] {
  const ranked: { rank: Rankable; pattern: string; normalized: string }[] = [];
  for (const rule of pooledRules(file, groups)) {
    // Empty patterns match nothing, as in the matcher.
    if (rule.normalized === '') continue;
    const allow = rule.kind === 'allow';
    ranked.push({ rank: { octets: rule.normalized.length, allow, line: rule.line, implicit: false }, pattern: rule.pattern, normalized: rule.normalized });
    const implicit = allow ? indexHtmlPattern(rule.normalized) : undefined;
    if (implicit !== undefined) ranked.push({ rank: { octets: implicit.length, allow: true, line: rule.line, implicit: true }, pattern: rule.pattern, normalized: implicit });
  }
  const rankable = ranked.map((r) => ({ ...r.rank, entry: r }));
  sortByRank(rankable);
  let lastDisallow = -1;
  rankable.forEach((r, i) => {
    if (!r.allow) lastDisallow = i;
  });
  const rules: PlannedRule[] = [];
  const written = new Set<string>();
  for (const { entry } of rankable.slice(0, lastDisallow + 1)) {
    // A rule ranked after an equal pattern never matches first (and Caddy refuses a repeated input).
    if (written.has(entry.normalized)) continue;
    written.add(entry.normalized);
    rules.push({ ...entry.rank, pattern: entry.pattern, normalized: entry.normalized, regex: compile(entry.normalized) });
  }
  // An Allow after the last Disallow decides what no rule would: allowed.
  while (rules.length > 0 && rules[rules.length - 1]!.allow) rules.pop();
  return rules;
}
