/**
 * Relations between the sets of targets two patterns match: containment ("every URL the
 * first matches, the second matches too") and intersection. Lint uses them to prove a
 * rule dead; a proof must hold for every URL, so when the work would exceed a budget the
 * answer is `undefined` ("cannot tell") and the caller says nothing.
 *
 * A pattern matching a prefix of the target is a full-match glob: `/a` ≡ `/a*`, `/a$` ≡ `/a`.
 * Each glob is simulated as a set of positions (a small NFA); two are explored together
 * over the characters they mention plus one "any other" character.
 */

import { compilePattern, matches } from './pattern';

export interface PatternLanguage {
  /** The full-match glob: literal characters and `*` (runs collapsed). */
  readonly glob: string;
  /** The literal text before the first `*`: every target it matches starts with this. */
  readonly literalPrefix: string;
  /** No `*` and no final `$`: the set is "every target starting with `literalPrefix`". */
  readonly isPlainPrefix: boolean;
}

/** Reads a normalised pattern (a final `$` anchors; a `$` elsewhere is the literal `%24`). */
export function patternLanguage(normalized: string): PatternLanguage {
  const anchored = normalized.endsWith('$');
  let body = anchored ? normalized.slice(0, -1) : normalized;
  if (body.includes('$')) body = body.split('$').join('%24');
  const hasStar = body.includes('*');
  let glob = anchored ? body : body + '*';
  // Runs of stars are rare; the test spares a regular-expression pass over every pattern.
  if (glob.includes('**')) glob = glob.replace(/\*+/g, '*');
  const star = body.indexOf('*');
  return { glob, literalPrefix: star < 0 ? body : body.slice(0, star), isPlainPrefix: !anchored && !hasStar };
}

const DEFAULT_BUDGET = 4_000;
const OTHER = '\u0000';

/** Every target `inner` matches, `outer` matches too. Undefined when the budget runs out. */
export function contains(outer: PatternLanguage, inner: PatternLanguage, budget = DEFAULT_BUDGET): boolean | undefined {
  // Every target of `inner` starts with its literal prefix, followed by anything unless
  // `inner` is one exact string (whose literal prefix is then the whole string).
  if (!inner.literalPrefix.startsWith(outer.literalPrefix)) return false;
  if (outer.isPlainPrefix) return true;
  // Two targets `inner` surely matches — its stars empty, or one character no pattern
  // mentions — settle most non-containments without a search.
  if (!globMatches(outer.glob, inner.glob.replace(/\*/g, '')) || !globMatches(outer.glob, inner.glob.replace(/\*/g, OTHER))) return false;
  // One exact string, just matched above.
  if (!inner.glob.includes('*')) return true;
  if (piecesWithin(outer.glob, inner.glob)) return true;
  const counterexample = explore(inner.glob, outer.glob, (inInner, inOuter) => inInner && !inOuter, budget);
  return counterexample === undefined ? undefined : !counterexample;
}

/** Some target is matched by both. Undefined when the budget runs out. */
export function intersects(a: PatternLanguage, b: PatternLanguage, budget = DEFAULT_BUDGET): boolean | undefined {
  if (!a.literalPrefix.startsWith(b.literalPrefix) && !b.literalPrefix.startsWith(a.literalPrefix)) return false;
  if (a.isPlainPrefix && b.isPlainPrefix) return true;
  // Both open-ended, with compatible prefixes: the longer prefix, then the rest of `a`'s
  // pieces, then the rest of `b`'s, is matched by both.
  if (a.glob.endsWith('*') && b.glob.endsWith('*')) return true;
  // A target one surely matches (stars empty) that the other matches too settles it.
  if (globMatches(b.glob, a.glob.replace(/\*/g, '')) || globMatches(a.glob, b.glob.replace(/\*/g, ''))) return true;
  return explore(a.glob, b.glob, (inA, inB) => inA && inB, budget);
}

/**
 * A sufficient condition for containment that needs no search: `outer` is open-ended, its
 * first piece starts `inner`, and each later piece lies inside one literal piece of `inner`,
 * in order. Every target of `inner` then holds `outer`'s pieces in order, and `outer`'s
 * stars take the rest: `* /people/ *` contains `/de* /people/ *` (spaces added for reading).
 * Leftmost placement is optimal; a `false` here only means "search instead".
 */
function piecesWithin(outerGlob: string, innerGlob: string): boolean {
  if (!outerGlob.endsWith('*')) return false;
  const outer = outerGlob.split('*');
  const inner = innerGlob.split('*');
  const first = outer[0]!;
  if (!inner[0]!.startsWith(first)) return false;
  let piece = 0;
  let at = first.length;
  for (let i = 1; i < outer.length; i++) {
    const wanted = outer[i]!;
    if (wanted === '') continue;
    let found = -1;
    while (piece < inner.length) {
      found = inner[piece]!.indexOf(wanted, at);
      if (found >= 0) break;
      piece++;
      at = 0;
    }
    if (found < 0) return false;
    at = found + wanted.length;
  }
  return true;
}

/** Whether a full-match glob (literals and `*`, no `$`) matches the whole of `s`. */
function globMatches(glob: string, s: string): boolean {
  return matches(compilePattern(glob + '$'), s);
}

/**
 * Breadth-first search over pairs of NFA state sets: is a pair satisfying
 * `goal(acceptA, acceptB)` reachable? Undefined when the budget is exhausted.
 */
function explore(a: string, b: string, goal: (acceptA: boolean, acceptB: boolean) => boolean, budget: number): boolean | undefined {
  const ma = globMachine(a);
  const mb = globMachine(b);
  const alphabet = [...new Set((a + b).replace(/\*/g, ''))];
  alphabet.push(OTHER);
  const seen = new Set<string | number>([pairKey(ma.start, mb.start)]);
  const queueA: PositionSet[] = [ma.start];
  const queueB: PositionSet[] = [mb.start];
  for (let head = 0; head < queueA.length; head++) {
    const sa = queueA[head]!;
    const sb = queueB[head]!;
    if (goal(ma.accepts(sa), mb.accepts(sb))) return true;
    // Every goal needs `a` to accept, so a pair where `a` is dead leads nowhere.
    if (isEmpty(sa)) continue;
    for (const ch of alphabet) {
      const na = ma.step(sa, ch);
      const nb = mb.step(sb, ch);
      const k = pairKey(na, nb);
      if (seen.has(k)) continue;
      if (seen.size >= budget) return undefined;
      seen.add(k);
      queueA.push(na);
      queueB.push(nb);
    }
  }
  return false;
}

/** The positions of a glob's NFA a text can be in: a bit mask for short globs, else a sorted list. */
export type PositionSet = number | readonly number[];

/** A glob as a small NFA over positions, stepped one character at a time. */
export interface GlobMachine {
  readonly start: PositionSet;
  step(set: PositionSet, ch: string): PositionSet;
  accepts(set: PositionSet): boolean;
}

/**
 * Up to 26 positions live in the bits of one integer (a step is two masks and a shift);
 * 26 keeps a pair of masks exact as one double key. Longer globs use sorted lists.
 */
const MASK_POSITIONS = 26;

export function globMachine(glob: string): GlobMachine {
  if (glob.length + 1 <= MASK_POSITIONS) {
    let stars = 0;
    const byChar = new Map<string, number>();
    for (let i = 0; i < glob.length; i++) {
      const g = glob[i]!;
      if (g === '*') stars |= 1 << i;
      else byChar.set(g, (byChar.get(g) ?? 0) | (1 << i));
    }
    // Runs of stars are collapsed, so one shift reaches past any star.
    const close = (set: number): number => set | ((set & stars) << 1);
    const accept = 1 << glob.length;
    return {
      start: close(1),
      step: (set, ch) => close(((set as number) & stars) | (((set as number) & (byChar.get(ch) ?? 0)) << 1)),
      accepts: (set) => ((set as number) & accept) !== 0,
    };
  }
  return {
    start: closure(glob, [0]),
    step: (set, ch) => step(glob, set as readonly number[], ch),
    accepts: (set) => (set as readonly number[]).includes(glob.length),
  };
}

function isEmpty(set: PositionSet): boolean {
  return typeof set === 'number' ? set === 0 : set.length === 0;
}

function pairKey(a: PositionSet, b: PositionSet): string | number {
  if (typeof a === 'number' && typeof b === 'number') return a * 2 ** MASK_POSITIONS + b;
  return (typeof a === 'number' ? 'm' + a : a.join(',')) + '|' + (typeof b === 'number' ? 'm' + b : b.join(','));
}

function closure(glob: string, states: readonly number[]): number[] {
  const out = new Set<number>();
  for (const s of states) {
    let i = s;
    out.add(i);
    while (glob[i] === '*') {
      i++;
      out.add(i);
    }
  }
  return [...out].sort((x, y) => x - y);
}

function step(glob: string, states: readonly number[], ch: string): number[] {
  const next: number[] = [];
  for (const s of states) {
    const g = glob[s];
    if (g === '*') next.push(s);
    else if (g === ch) next.push(s + 1);
  }
  return closure(glob, next);
}

