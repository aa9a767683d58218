/**
 * `contains` and `intersects` of the match module, asked for many pairs of the same few
 * thousand patterns. What a relation needs to know about one pattern (its language, the
 * glob compiled, two targets it surely matches) is worked out once per pattern instead of
 * once per pair, and the cheap tests those functions begin with run here on those facts,
 * without allocating: nearly every pair is settled by them. The rest is remembered per
 * pair of patterns, so a block of rules repeated for many crawlers is proved once.
 *
 * Most shortcuts are ones the match functions take themselves. The others are proofs as
 * well: a shared target is only claimed once the matcher has matched it with both
 * patterns, and two patterns are only called disjoint when no target can start (or end)
 * with what both require. So an answer here is the one the search would give, except
 * that it may settle a pair the search gives up on; and a `contains` that cannot be
 * proved may read `false` here where the search says `undefined`: both mean "not proved".
 */

import { compilePattern, contains, intersects, matches, patternLanguage } from '@robots-lens/kernel/match';
import type { CompiledPattern, PatternLanguage } from '@robots-lens/kernel/match';

/** One pattern, as the proofs see it. Shared by every rule (in every pool) that writes it. */
export class PatternFacts {
  // Declared, not defined: the constructor sets every field.
  declare readonly lang: PatternLanguage;
  declare private compiled: CompiledPattern | undefined;
  declare private starsEmpty: string | undefined;
  declare private starsOther: string | undefined;
  /** Answers of the harder half, with this pattern first; made on first need, as most patterns never need one. */
  declare private containsMemo: Map<PatternFacts, boolean | undefined> | undefined;
  declare private intersectsMemo: Map<PatternFacts, boolean | undefined> | undefined;

  constructor(normalized: string) {
    this.lang = patternLanguage(normalized);
    this.compiled = undefined;
    this.starsEmpty = undefined;
    this.starsOther = undefined;
    this.containsMemo = undefined;
    this.intersectsMemo = undefined;
  }

  /** The glob compiled to match whole targets (what `contains` compiles on every call). */
  get compiledGlob(): CompiledPattern {
    return (this.compiled ??= compilePattern(this.lang.glob + '$'));
  }

  /** A target the pattern surely matches: its stars empty. */
  get shortest(): string {
    return (this.starsEmpty ??= this.lang.glob.replace(/\*/g, ''));
  }

  /** Another: each star one character. Any would do; U+0000 is the one `contains` uses. */
  get padded(): string {
    return (this.starsOther ??= this.lang.glob.replace(/\*/g, '\u0000'));
  }

  /** `contains(this, inner)`, searched once. */
  containsOnce(inner: PatternFacts): boolean | undefined {
    const memo = (this.containsMemo ??= new Map());
    if (memo.has(inner)) return memo.get(inner);
    const answer = contains(this.lang, inner.lang);
    memo.set(inner, answer);
    return answer;
  }

  /** `intersectsHard(this, other)`, worked out once. */
  intersectsOnce(other: PatternFacts): boolean | undefined {
    const memo = (this.intersectsMemo ??= new Map());
    if (memo.has(other)) return memo.get(other);
    const answer = intersectsHard(this, other);
    memo.set(other, answer);
    return answer;
  }
}

/** One `PatternFacts` per distinct pattern of a file. */
export class PatternFactsCache {
  private readonly byPattern = new Map<string, PatternFacts>();

  of(normalized: string): PatternFacts {
    let facts = this.byPattern.get(normalized);
    if (!facts) {
      facts = new PatternFacts(normalized);
      this.byPattern.set(normalized, facts);
    }
    return facts;
  }
}

/** Every target `inner` matches, `outer` matches too (`true` only when proved). */
export function containsProved(outer: PatternFacts, inner: PatternFacts): boolean | undefined {
  const o = outer.lang;
  const i = inner.lang;
  if (!i.literalPrefix.startsWith(o.literalPrefix)) return false;
  if (o.isPlainPrefix) return true;
  // Two targets `inner` surely matches that `outer` does not: no containment.
  if (!matches(outer.compiledGlob, inner.shortest) || !matches(outer.compiledGlob, inner.padded)) return false;
  // One exact string, just matched above.
  if (!i.glob.includes('*')) return true;
  return outer.containsOnce(inner);
}

/** Some target is matched by both (`false` only when proved). */
export function intersectsProved(a: PatternFacts, b: PatternFacts): boolean | undefined {
  const la = a.lang;
  const lb = b.lang;
  if (!la.literalPrefix.startsWith(lb.literalPrefix) && !lb.literalPrefix.startsWith(la.literalPrefix)) return false;
  if (la.isPlainPrefix && lb.isPlainPrefix) return true;
  // Both open-ended with compatible prefixes, or a target one surely matches that the other matches too.
  if (la.glob.endsWith('*') && lb.glob.endsWith('*')) return true;
  if (matches(b.compiledGlob, a.shortest) || matches(a.compiledGlob, b.shortest)) return true;
  return a.intersectsOnce(b);
}

/** What is left of `intersectsProved` after its cheap tests, which it has passed. */
function intersectsHard(a: PatternFacts, b: PatternFacts): boolean | undefined {
  const la = a.lang;
  const lb = b.lang;
  // One exact string (no star, so anchored), which the other does not match: nothing shared.
  if (!la.glob.includes('*') || !lb.glob.includes('*')) return false;
  // Both anchored: a shared target would end with both last pieces.
  if (!la.glob.endsWith('*') && !lb.glob.endsWith('*')) {
    const endA = la.glob.slice(la.glob.lastIndexOf('*') + 1);
    const endB = lb.glob.slice(lb.glob.lastIndexOf('*') + 1);
    if (!endA.endsWith(endB) && !endB.endsWith(endA)) return false;
  }
  // Two likely witnesses, each checked with the matcher: the longer prefix, then the rest
  // of one pattern's pieces, then the rest of the other's (`/blog/` then `.pdf` for `/blog/`
  // and `/*.pdf$`).
  const prefix = la.literalPrefix.length >= lb.literalPrefix.length ? la.literalPrefix : lb.literalPrefix;
  const restA = a.shortest.slice(la.literalPrefix.length);
  const restB = b.shortest.slice(lb.literalPrefix.length);
  if (sharedBy(a, b, prefix + restA + restB) || sharedBy(a, b, prefix + restB + restA)) return true;
  return intersects(la, lb);
}

function sharedBy(a: PatternFacts, b: PatternFacts, target: string): boolean {
  return matches(a.compiledGlob, target) && matches(b.compiledGlob, target);
}
