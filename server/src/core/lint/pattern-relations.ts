/**
 * `contains` and `intersects` of the match module, asked for many pairs of the same few
 * thousand patterns. What a relation needs to know about one pattern (its language, the
 * glob compiled, two targets it surely matches) is worked out once per pattern instead of
 * once per pair, and the cheap tests those functions begin with run here on those facts,
 * without allocating: nearly every pair is settled by them. Only the pairs that need the
 * real search go to `contains`/`intersects`, and those answers are remembered.
 *
 * Each shortcut is one the match functions take themselves, so an answer here is the
 * answer they would give (a `contains` that cannot be proved may read `false` here where
 * the search would have given up with `undefined`: both mean "not proved").
 */

import { compilePattern, contains, intersects, matches, patternLanguage } from '../match';
import type { CompiledPattern, PatternLanguage } from '../match';

/** One pattern, as the proofs see it. Shared by every rule (in every pool) that writes it. */
export class PatternFacts {
  readonly lang: PatternLanguage;
  private compiled: CompiledPattern | undefined;
  private starsEmpty: string | undefined;
  private starsOther: string | undefined;
  /** Answers of the searches with this pattern first, made on first need: most patterns never need one. */
  private containsMemo: Map<PatternFacts, boolean | undefined> | undefined;
  private intersectsMemo: Map<PatternFacts, boolean | undefined> | undefined;

  constructor(normalized: string) {
    this.lang = patternLanguage(normalized);
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
  searchContains(inner: PatternFacts): boolean | undefined {
    const memo = (this.containsMemo ??= new Map());
    if (memo.has(inner)) return memo.get(inner);
    const answer = contains(this.lang, inner.lang);
    memo.set(inner, answer);
    return answer;
  }

  /** `intersects(this, other)`, searched once. */
  searchIntersects(other: PatternFacts): boolean | undefined {
    const memo = (this.intersectsMemo ??= new Map());
    if (memo.has(other)) return memo.get(other);
    const answer = intersects(this.lang, other.lang);
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
  return outer.searchContains(inner);
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
  return a.searchIntersects(b);
}
