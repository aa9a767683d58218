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
 */

import { contains, indexHtmlPattern, intersects, patternLanguage } from '../match';
import type { PatternLanguage } from '../match';
import type { RobotsFile, Rule } from '../parse/model';

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
}

/** Candidate limits keep a 10,000-rule group linear; past them we say nothing. */
const MAX_WILDCARD_CANDIDATES = 48;
const MAX_DESCENDANTS = 256;
const MAX_ANCESTORS = 4 * MAX_WILDCARD_CANDIDATES + 64;

const cache = new WeakMap<RobotsFile, RuleAnalysis>();

export function analyzeRules(file: RobotsFile): RuleAnalysis {
  let analysis = cache.get(file);
  if (!analysis) {
    analysis = computeAnalysis(file);
    cache.set(file, analysis);
  }
  return analysis;
}

interface Ranked {
  readonly rule: Rule;
  readonly allow: boolean;
  readonly octets: number;
  readonly lang: PatternLanguage;
  /** Google's implicit `/dir/$` of an `Allow: /dir/index.html`: it competes, but is never reported. */
  readonly implicit: boolean;
  /** Position in rank order: lower wins. */
  rank: number;
}

function computeAnalysis(file: RobotsFile): RuleAnalysis {
  // For each rule, its status in each pool; a rule is reported only if dead in all.
  const perRule = new Map<Rule, RuleStatus[]>();
  const poolsOfRule = new Map<Rule, number>();
  const relations = memoizedRelations();
  // A group named by several tokens is in several pools.
  for (const groups of file.groupsByToken.values()) {
    const pool: Rule[] = [];
    for (const g of groups) {
      const group = file.groups[g];
      if (group) pool.push(...group.rules);
    }
    for (const rule of pool) poolsOfRule.set(rule, (poolsOfRule.get(rule) ?? 0) + 1);
    for (const status of analyzePool(pool, relations)) {
      const list = perRule.get(status.rule);
      if (list) list.push(status);
      else perRule.set(status.rule, [status]);
    }
  }
  const byLine = new Map<number, RuleStatus>();
  for (const [rule, statuses] of perRule) {
    if (statuses.length !== poolsOfRule.get(rule)) continue;
    if (statuses.every((s) => s.shadowedBy)) byLine.set(rule.line, statuses[0]!);
    else if (statuses.every((s) => s.shadowedBy || s.redundant)) {
      const redundant = statuses.find((s) => s.redundant);
      if (redundant) byLine.set(rule.line, redundant);
    }
  }
  return { byLine };
}

function analyzePool(rules: readonly Rule[], relations: Relations): RuleStatus[] {
  const ranked: Ranked[] = [];
  for (const rule of rules) {
    if (rule.normalized === '') continue;
    const allow = rule.kind === 'allow';
    ranked.push({ rule, allow, octets: rule.octets, lang: patternLanguage(rule.normalized), implicit: false, rank: 0 });
    const implicit = allow ? indexHtmlPattern(rule.normalized) : undefined;
    if (implicit !== undefined) {
      ranked.push({ rule, allow, octets: implicit.length, lang: patternLanguage(implicit), implicit: true, rank: 0 });
    }
  }
  ranked.sort((a, b) => b.octets - a.octets || Number(b.allow) - Number(a.allow) || a.rule.line - b.rule.line || Number(a.implicit) - Number(b.implicit));
  ranked.forEach((r, i) => (r.rank = i));

  const byPrefix = new Map<string, Ranked[]>();
  for (const r of ranked) {
    const list = byPrefix.get(r.lang.literalPrefix);
    if (list) list.push(r);
    else byPrefix.set(r.lang.literalPrefix, [r]);
  }
  const sortedPrefixes = [...byPrefix.keys()].sort();
  const prefixLengths = [...new Set(sortedPrefixes.map((p) => p.length))].sort((a, b) => a - b);
  const withIndexHtml = new Set(ranked.filter((r) => r.implicit).map((r) => r.rule));
  // `Allow: /` in a group without Disallow is the deliberate "this crawler may fetch
  // everything" idiom; calling it redundant would be true but noise.
  const hasDisallow = ranked.some((r) => !r.allow);

  // Shadowing first: a shadowed rule cannot be the fallback that makes another redundant,
  // or two duplicates would each be called removable.
  const shadowed = new Map<Ranked, Ranked>();
  const candidates: Array<[Ranked, Ranked[]]> = [];
  for (const r of ranked) {
    // An Allow with Google's index.html part decides two sets of URLs; keep it simple and silent.
    if (r.implicit || withIndexHtml.has(r.rule)) continue;
    // Patterns that match nothing are reported by their own rule, not as shadowed.
    if (!r.lang.literalPrefix.startsWith('/') && !r.lang.glob.startsWith('*')) continue;
    const ancestors = collectAncestors(r, byPrefix, prefixLengths);
    if (!ancestors) continue;
    const shadow = findShadower(r, ancestors, relations);
    if (shadow) shadowed.set(r, shadow);
    else candidates.push([r, ancestors]);
  }
  const statuses: RuleStatus[] = [...shadowed].map(([r, by]) =>
    by.implicit ? { rule: r.rule, shadowedBy: by.rule, shadowedByIndexHtml: true } : { rule: r.rule, shadowedBy: by.rule },
  );
  for (const [r, ancestors] of candidates) {
    const live = ancestors.filter((a) => !shadowed.has(a));
    const fallback = findFallback(r, live, rankedOpposites(r, ancestors, byPrefix, sortedPrefixes), relations);
    if (fallback === null && !hasDisallow) continue;
    if (fallback !== undefined) statuses.push({ rule: r.rule, redundant: { fallback: fallback ? fallback.rule : null } });
  }
  return statuses;
}

/** Rules whose literal prefix is a prefix of R's: the only ones that can contain R. */
function collectAncestors(r: Ranked, byPrefix: ReadonlyMap<string, Ranked[]>, prefixLengths: readonly number[]): Ranked[] | undefined {
  const out: Ranked[] = [];
  const prefix = r.lang.literalPrefix;
  // Only lengths some literal prefix has can name an ancestor: far fewer lookups than every length.
  for (const k of prefixLengths) {
    if (k > prefix.length) break;
    const list = byPrefix.get(prefix.slice(0, k));
    if (!list) continue;
    // Give up before copying: 10,000 rules sharing the prefix `/` would make this quadratic.
    if (out.length + list.length > MAX_ANCESTORS + 1) return undefined;
    for (const other of list) if (other !== r) out.push(other);
  }
  return out.length > MAX_ANCESTORS ? undefined : out;
}

function findShadower(r: Ranked, ancestors: readonly Ranked[], relations: Relations): Ranked | undefined {
  let wildcardChecks = 0;
  let best: Ranked | undefined;
  for (const w of ancestors) {
    if (w.rank > r.rank) continue;
    if (!w.lang.isPlainPrefix && ++wildcardChecks > MAX_WILDCARD_CANDIDATES) return undefined;
    if (relations.contains(w.lang, r.lang) === true && (!best || w.rank < best.rank)) best = w;
  }
  return best;
}

/**
 * The rules of the other kind that could take over some URL R matches: those whose
 * literal prefix is compatible with R's. Undefined when there are too many to check.
 */
function rankedOpposites(
  r: Ranked,
  ancestors: readonly Ranked[],
  byPrefix: ReadonlyMap<string, Ranked[]>,
  sortedPrefixes: readonly string[],
): Ranked[] | undefined {
  const out = ancestors.filter((x) => x.allow !== r.allow && x.rank > r.rank);
  const prefix = r.lang.literalPrefix;
  let i = lowerBound(sortedPrefixes, prefix);
  let seen = 0;
  for (; i < sortedPrefixes.length && sortedPrefixes[i]!.startsWith(prefix); i++) {
    const p = sortedPrefixes[i]!;
    if (p === prefix) continue;
    if (++seen > MAX_DESCENDANTS) return undefined;
    for (const x of byPrefix.get(p) ?? []) if (x.allow !== r.allow && x.rank > r.rank) out.push(x);
  }
  return out;
}

/**
 * The same-kind rule that takes over from R everywhere, when no rule of the other kind
 * ranked in between can match a URL R matches. `null` stands for "no rule matches ⇒
 * allowed" (only for Allow); undefined when R is not provably redundant.
 */
function findFallback(r: Ranked, ancestors: readonly Ranked[], opposites: readonly Ranked[] | undefined, relations: Relations): Ranked | null | undefined {
  if (!opposites) return undefined;
  let cover: Ranked | undefined;
  let wildcardChecks = 0;
  for (const w of ancestors) {
    if (w.allow !== r.allow || w.rank < r.rank || w.implicit) continue;
    if (cover && w.rank > cover.rank) continue;
    if (!w.lang.isPlainPrefix && ++wildcardChecks > MAX_WILDCARD_CANDIDATES) break;
    if (relations.contains(w.lang, r.lang) === true) cover = w;
  }
  if (!cover && !r.allow) return undefined;
  const floor = cover ? cover.rank : Number.POSITIVE_INFINITY;
  for (const x of opposites) {
    if (x.rank >= floor) continue;
    if (relations.intersects(x.lang, r.lang) !== false) return undefined;
  }
  return cover ?? null;
}

/** `contains` and `intersects`, remembered by glob pair for one analysis. */
interface Relations {
  contains(outer: PatternLanguage, inner: PatternLanguage): boolean | undefined;
  intersects(a: PatternLanguage, b: PatternLanguage): boolean | undefined;
}

/**
 * Files often repeat one block of rules for many crawlers (one group each); the proofs are
 * the same in every pool, so each is done once. A glob determines its language.
 */
function memoizedRelations(): Relations {
  const memo = new Map<string, boolean | undefined>();
  const remember = (key: string, compute: () => boolean | undefined): boolean | undefined => {
    if (memo.has(key)) return memo.get(key);
    const answer = compute();
    memo.set(key, answer);
    return answer;
  };
  return {
    contains: (outer, inner) => remember(`c\u0000${outer.glob}\u0000${inner.glob}`, () => contains(outer, inner)),
    intersects: (a, b) => remember(`i\u0000${a.glob}\u0000${b.glob}`, () => intersects(a, b)),
  };
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
