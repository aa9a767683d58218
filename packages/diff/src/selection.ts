/**
 * Which group a crawler uses in one version, and the rules that decide its verdicts, as a
 * set: a verdict depends only on which (kind, normalised pattern) pairs the group holds —
 * not on their order, their lines, duplicates, or how many groups pool them. Comparing
 * these sets is what makes reformatting, reordering and merging report no change.
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { indexHtmlPattern, patternLanguage, pooledRules } from '@robots-lens/kernel/match';
import type { PatternLanguage } from '@robots-lens/kernel/match';
import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';

/** A rule as the verdict sees it; one per (kind, normalised pattern). */
export interface EffectiveRule {
  /** `A` or `D` followed by the normalised pattern. */
  readonly key: string;
  readonly allow: boolean;
  readonly normalized: string;
  readonly octets: number;
  readonly lang: PatternLanguage;
  /** No `*`, no final `$`: matches every target starting with `lang.literalPrefix`. */
  readonly plain: boolean;
  /** Google's `/dir/$` read into an `Allow: /dir/index.html`. */
  readonly implicit: boolean;
}

export interface RuleSet {
  /** Effective rules by key, with the (0-based) lines that state them. */
  readonly rules: ReadonlyMap<string, { readonly rule: EffectiveRule; readonly lines: readonly number[] }>;
}

export interface Selection {
  /** Lower-cased token (`*` for the fallback group). */
  readonly key: string;
  /** The token as written on the first `User-agent` line naming it. */
  readonly token: string;
  readonly groups: readonly number[];
  /** 0-based lines of the `User-agent` lines naming the token. */
  readonly agentLines: readonly number[];
  readonly ruleSet: RuleSet;
  /** The file's rules in the pool, in file order. */
  readonly pooled: readonly Rule[];
}

/** One crawler to compare: its token, chain and catalogue entry. */
export interface CrawlerTarget {
  readonly token: string;
  readonly chain: readonly string[];
  readonly crawler?: Crawler;
}

/** Selections by token key, once per parsed file: most crawlers share the `*` group. */
const selections = new WeakMap<RobotsFile, Map<string, Selection>>();

/** The group the chain selects in `file`: the first token naming a group (docs/spec/robots-semantics.md §3). */
export function selectGroup(file: RobotsFile, chain: readonly string[]): Selection | null {
  for (const token of chain) {
    const key = token === '*' ? '*' : tokenKey(token);
    const groups = file.groupsByToken.get(key);
    if (!groups || groups.length === 0) continue;
    let cache = selections.get(file);
    if (!cache) selections.set(file, (cache = new Map()));
    const cached = cache.get(key);
    if (cached) return cached;
    const agentLines: number[] = [];
    let written = token;
    for (const g of groups) {
      for (const agent of file.groups[g]?.agents ?? []) {
        if ((agent.isStar ? '*' : tokenKey(agent.token)) !== key) continue;
        if (agentLines.length === 0) written = agent.isStar ? '*' : agent.token;
        agentLines.push(agent.line);
      }
    }
    const pooled = pooledRules(file, groups);
    const selection: Selection = { key, token: written, groups, agentLines, ruleSet: ruleSetOf(pooled), pooled };
    cache.set(key, selection);
    return selection;
  }
  return null;
}

/** The effective rules of a pool: empty patterns and patterns no path can match are left out. */
export function ruleSetOf(rules: readonly Rule[]): RuleSet {
  const out = new Map<string, { rule: EffectiveRule; lines: number[] }>();
  const add = (allow: boolean, normalized: string, line: number, implicit: boolean): void => {
    const key = (allow ? 'A' : 'D') + normalized;
    const existing = out.get(key);
    if (existing) {
      if (!existing.lines.includes(line)) existing.lines.push(line);
      return;
    }
    const lang = patternLanguage(normalized);
    // Targets start with `/`: a pattern starting with neither `/` nor `*` matches nothing.
    if (lang.literalPrefix !== '' && !lang.literalPrefix.startsWith('/')) return;
    out.set(key, { rule: { key, allow, normalized, octets: normalized.length, lang, plain: lang.isPlainPrefix, implicit }, lines: [line] });
  };
  for (const rule of rules) {
    if (rule.normalized === '') continue;
    const allow = rule.kind === 'allow';
    add(allow, rule.normalized, rule.line, false);
    const implicit = allow ? indexHtmlPattern(rule.normalized) : undefined;
    if (implicit !== undefined) add(true, implicit, rule.line, true);
  }
  return { rules: out };
}

/** Same verdict for every target: the same effective rules. */
export function sameRules(a: RuleSet | undefined, b: RuleSet | undefined): boolean {
  const ra = a?.rules ?? new Map();
  const rb = b?.rules ?? new Map();
  if (ra.size !== rb.size) return false;
  for (const key of ra.keys()) if (!rb.has(key)) return false;
  return true;
}

/**
 * The crawlers a diff looks at by default: the catalogue, every token either file names
 * that is not a catalogue crawler's own token (chain `token, *`), and `*` for everyone else.
 */
export function defaultTargets(files: readonly RobotsFile[]): CrawlerTarget[] {
  const targets: CrawlerTarget[] = CRAWLERS.map((crawler) => ({ token: crawler.token, chain: crawler.chain, crawler }));
  const own = new Set(CRAWLERS.map((crawler) => tokenKey(crawler.token)));
  const seen = new Set<string>();
  for (const file of files) {
    for (const group of file.groups) {
      for (const agent of group.agents) {
        if (agent.isStar || agent.token === '') continue;
        const key = tokenKey(agent.token);
        if (own.has(key) || seen.has(key)) continue;
        seen.add(key);
        targets.push({ token: agent.token, chain: [agent.token, '*'] });
      }
    }
  }
  targets.push(STAR_TARGET);
  return targets;
}

/** Every crawler that no token of either file (nor its fallbacks) names. */
export const STAR_TARGET: CrawlerTarget = { token: '*', chain: ['*'] };

/** Higher is stronger: more octets, then Allow (the matcher's ranking, docs/spec/robots-semantics.md §4). */
export function rankCompare(a: EffectiveRule, b: EffectiveRule): number {
  return a.octets - b.octets || Number(a.allow) - Number(b.allow);
}
