/**
 * Which rules can never decide a URL (shadowed) and which could be removed without
 * changing any verdict (redundant). Both are claims about every URL, so each is proved,
 * never guessed: when a proof would cost too much, the rule is left unreported.
 *
 * Rules are ranked as the matcher tries them: more octets first, Allow before Disallow on
 * equal length, earlier line first. A rule R is
 * - shadowed when one higher-ranked rule W matches every URL R matches (W always wins);
 * - redundant when a lower-ranked rule W of the same kind matches every URL R matches and
 *   no rule of the other kind ranked between W and R matches any URL R matches — so where
 *   R wins, removing it hands the decision to a rule with the same verdict. An Allow may
 *   also fall back on "no rule matches ⇒ allowed".
 * A rule in groups pooled under several tokens is reported only when the claim holds in
 * every pool it belongs to.
 * When a proof would cost too much, what is cheap and certain is still said: a rule whose
 * normalised pattern repeats a higher-ranked rule's is shadowed by it. The rules left
 * unproved are counted by group, so the group can say that its analysis was cut short.
 */

import { indexHtmlPattern } from '@robots-lens/kernel/match';
import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { containsProved, intersectsProved, PatternFactsCache } from './pattern-relations';
import { PrefixIndex } from './prefix-index';
import { rankPool, RankedRule } from './ranked-rule';

export interface RuleStatus {
  readonly rule: Rule;
  /** A rule that always matches too and always wins. */
  readonly shadowedBy?: Rule;
  /** The winner is Google's implicit `/dir/$` of an `Allow: /dir/index.html`, not the rule as written. */
  readonly shadowedByIndexHtml?: boolean;
  /** Removing the rule changes no verdict; `fallback` takes over (null: "no match ⇒ allowed"). */
  readonly redundant?: { readonly fallback: Rule | null };
}

export interface RuleAnalysis {
  /** Status by physical line of the rule; absent for rules that are live. */
  readonly byLine: ReadonlyMap<number, RuleStatus>;
  /** By group index: its rules whose shadowing was not proved either way (the proof budget ran out). */
  readonly unproved: ReadonlyMap<number, readonly Rule[]>;
}

/** Candidate limits keep a 10,000-rule group linear; past them only repeats are reported. */
export const MAX_WILDCARD_CANDIDATES = 48;
const MAX_DESCENDANTS = 256;
const MAX_ANCESTORS = 4 * MAX_WILDCARD_CANDIDATES + 64;
/** The shadowing proof of a rule would compare more rules than the limits allow. */
const GAVE_UP = 'gave up';

const cache = new WeakMap<RobotsFile, RuleAnalysis>();

export function analyzeRules(file: RobotsFile): RuleAnalysis {
  let analysis = cache.get(file);
  if (!analysis) {
    analysis = computeAnalysis(file);
    cache.set(file, analysis);
  }
  return analysis;
}

type Ranked = RankedRule;

function computeAnalysis(file: RobotsFile): RuleAnalysis {
  // For each rule, its status in each pool; a rule is reported only if dead in all.
  const perRule = new Map<Rule, RuleStatus[]>();
  // A group named by several tokens is in several pools: how many, by group.
  const poolsOfGroup = new Map<number, number>();
  for (const groups of file.groupsByToken.values()) for (const g of groups) poolsOfGroup.set(g, (poolsOfGroup.get(g) ?? 0) + 1);
  // Files often repeat one block of rules for many crawlers (one group each): a pattern's
  // facts, and the proofs between two patterns, are the same in every pool.
  const patterns = new PatternFactsCache();
  const unproved = new Map<number, Set<Rule>>();
  for (const groups of file.groupsByToken.values()) {
    const pool: Rule[] = [];
    for (const g of groups) {
      const group = file.groups[g];
      if (group) for (const rule of group.rules) pool.push(rule);
    }
    const analysed = analyzePool(pool, patterns);
    for (const rule of analysed.unproved) {
      const set = unproved.get(rule.group);
      if (set) set.add(rule);
      else unproved.set(rule.group, new Set([rule]));
    }
    for (const status of analysed.statuses) {
      const list = perRule.get(status.rule);
      if (list) list.push(status);
      else perRule.set(status.rule, [status]);
    }
  }
  const byLine = new Map<number, RuleStatus>();
  for (const [rule, statuses] of perRule) {
    if (statuses.length !== poolsOfGroup.get(rule.group)) continue;
    if (statuses.every((s) => s.shadowedBy)) byLine.set(rule.line, statuses[0]!);
    else if (statuses.every((s) => s.shadowedBy || s.redundant)) {
      const redundant = statuses.find((s) => s.redundant);
      if (redundant) byLine.set(rule.line, redundant);
    }
  }
  const unprovedRules = new Map<number, readonly Rule[]>();
  for (const [group, set] of unproved) {
    // A rule dead in every pool by a cheaper route is settled after all.
    const open = [...set].filter((rule) => !byLine.has(rule.line)).sort((a, b) => a.line - b.line);
    if (open.length > 0) unprovedRules.set(group, open);
  }
  return { byLine, unproved: unprovedRules };
}

function analyzePool(rules: readonly Rule[], patterns: PatternFactsCache): { statuses: RuleStatus[]; unproved: Rule[] } {
  const pool: Ranked[] = [];
  for (const rule of rules) {
    if (rule.normalized === '') continue;
    const implicit = rule.kind === 'allow' ? indexHtmlPattern(rule.normalized) : undefined;
    pool.push(new RankedRule(rule, rule.normalized, false, implicit !== undefined, patterns));
    if (implicit !== undefined) pool.push(new RankedRule(rule, implicit, true, true, patterns));
  }
  rankPool(pool);

  const index = new PrefixIndex(pool);
  // `Allow: /` in a group without Disallow is the deliberate "this crawler may fetch
  // everything" idiom; calling it redundant would be true but noise.
  const hasDisallow = pool.some((r) => !r.allow);

  // Shadowing first: a shadowed rule cannot be the fallback that makes another redundant,
  // or two duplicates would each be called removable.
  const shadowed = new Map<Ranked, Ranked>();
  // The best-ranked rule of each normalised pattern: every later one with the same pattern
  // matches the same URLs and loses to it, a proof that costs nothing.
  const firstOfPattern = new Map<string, Ranked>();
  for (const r of pool) if (!r.implicit && !r.withIndexHtml && !firstOfPattern.has(r.pattern)) firstOfPattern.set(r.pattern, r);
  const unproved: Rule[] = [];
  // Rules not shadowed, with their ancestors: two lists rather than a pair per rule.
  const candidates: Ranked[] = [];
  const candidateAncestors: Array<readonly Ranked[]> = [];
  for (const r of pool) {
    // An Allow with Google's index.html part decides two sets of URLs; keep it simple and silent.
    if (r.withIndexHtml) continue;
    // Patterns that match nothing are reported by their own rule, not as shadowed.
    if (!r.prefix.startsWith('/') && !r.pattern.startsWith('*')) continue;
    const ancestors = index.ancestors(r, MAX_ANCESTORS);
    const shadow = ancestors ? findShadower(r, ancestors) : GAVE_UP;
    if (shadow === GAVE_UP) {
      const repeated = firstOfPattern.get(r.pattern);
      if (repeated !== undefined && repeated !== r) shadowed.set(r, repeated);
      else unproved.push(r.rule);
    } else if (shadow) shadowed.set(r, shadow);
    else if (ancestors) {
      candidates.push(r);
      candidateAncestors.push(ancestors);
    }
  }
  const statuses: RuleStatus[] = [...shadowed].map(([r, by]) =>
    by.implicit ? { rule: r.rule, shadowedBy: by.rule, shadowedByIndexHtml: true } : { rule: r.rule, shadowedBy: by.rule },
  );
  for (let i = 0; i < candidates.length; i++) {
    const r = candidates[i]!;
    const ancestors = candidateAncestors[i]!;
    const fallback = findFallback(r, ancestors, shadowed, index);
    if (fallback === null && !hasDisallow) continue;
    if (fallback !== undefined) statuses.push({ rule: r.rule, redundant: { fallback: fallback ? fallback.rule : null } });
  }
  return { statuses, unproved };
}

/**
 * The highest-ranked ancestor that matches every URL R matches, if it is ranked above R.
 * A plain-prefix ancestor always does (its prefix starts R's); only wildcard ancestors
 * ranked above the best plain one need a proof.
 */
function findShadower(r: Ranked, ancestors: readonly Ranked[]): Ranked | undefined | typeof GAVE_UP {
  let wildcards = 0;
  let best: Ranked | undefined;
  for (const w of ancestors) {
    if (w.rank > r.rank) continue;
    if (!w.plain) {
      // Every wildcard ranked above R counts toward the limit, even one that cannot win.
      if (++wildcards > MAX_WILDCARD_CANDIDATES) return GAVE_UP;
    } else if (!best || w.rank < best.rank) best = w;
  }
  if (wildcards === 0) return best;
  for (const w of ancestors) {
    if (w.rank > r.rank || w.plain || (best && w.rank > best.rank)) continue;
    if (containsProved(w.facts, r.facts) === true) best = w;
  }
  return best;
}
/**
 * The same-kind rule that takes over from R everywhere, when no rule of the other kind
 * ranked in between can match a URL R matches. `null` stands for "no rule matches ⇒
 * allowed" (only for Allow); undefined when R is not provably redundant.
 * The fallback is looked for first: without one a Disallow is settled, and the rules of
 * the other kind (R's ancestors and descendants) need not be gathered.
 */
function findFallback(r: Ranked, ancestors: readonly Ranked[], shadowed: ReadonlyMap<Ranked, Ranked>, index: PrefixIndex<Ranked>): Ranked | null | undefined {
  let cover: Ranked | undefined;
  let wildcardChecks = 0;
  for (const w of ancestors) {
    if (w.allow !== r.allow || w.rank < r.rank || w.implicit || shadowed.has(w)) continue;
    if (cover && w.rank > cover.rank) continue;
    if (!w.plain && ++wildcardChecks > MAX_WILDCARD_CANDIDATES) break;
    if (containsProved(w.facts, r.facts) === true) cover = w;
  }
  if (!cover && !r.allow) return undefined;
  // Only rules whose literal prefix is compatible with R's can match a URL R matches.
  const descendants = index.descendants(r.prefix, MAX_DESCENDANTS);
  if (!descendants) return undefined;
  const floor = cover ? cover.rank : Number.POSITIVE_INFINITY;
  for (const x of ancestors) if (mayTakeOver(x, r, floor)) return undefined;
  for (const list of descendants) for (const x of list) if (mayTakeOver(x, r, floor)) return undefined;
  return cover ?? null;
}

/** X, of the other kind and ranked between R and its fallback, may decide a URL R matches. */
function mayTakeOver(x: Ranked, r: Ranked, floor: number): boolean {
  return x.allow !== r.allow && x.rank > r.rank && x.rank < floor && intersectsProved(x.facts, r.facts) !== false;
}
