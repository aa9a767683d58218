/**
 * Which combinations of wildcard rules can match together inside one region of targets.
 *
 * A region is "every target starting with P, but with none of the longer prefixes Q…";
 * inside it, plain rules match everywhere or nowhere, so only the wildcard (and anchored)
 * rules make the verdict vary. Each wildcard rule is a full-match glob simulated as a set
 * of positions (a small NFA); they are run together, breadth-first, over the characters
 * the globs and the excluded prefixes mention plus one filler standing for every other
 * character. Every reachable combination of "which globs match here" is found, with the
 * shortest target reaching it. The search also tracks percent-escapes, so that only
 * targets normalisation can produce (`%2F`, not `%2f` or `%41`) are explored.
 */

import { isUnreserved } from '@robots-lens/kernel/encoding';
import { globMachine } from '@robots-lens/kernel/match';
import type { PositionSet } from '@robots-lens/kernel/match';

export interface Combination {
  /** Indices (into the globs given) of the globs matching, ascending. */
  readonly matched: readonly number[];
  /** The shortest target found with exactly these globs matching. */
  readonly witness: string;
}

export interface RegionSearch {
  /** The region's prefix P (normalised). */
  readonly prefix: string;
  /** Suffixes s of the longer prefixes P+s excluded from the region (non-empty). */
  readonly excluded: readonly string[];
  /** Full-match globs (see `patternLanguage`). */
  readonly globs: readonly string[];
  /** Work allowance, shared across searches: one unit is one glob stepped over one character. */
  readonly budget: WorkBudget;
  /** At most this many units for this search. */
  readonly limit: number;
}

/** Work left for the whole analysis; searches draw from it and give up when it runs dry. */
export interface WorkBudget {
  left: number;
}

/** Every combination reachable in the region; undefined when the budget runs out. */
export function exploreRegion(search: RegionSearch): Combination[] | undefined {
  const { prefix, excluded, globs } = search;
  const chars = new Set<string>();
  for (const glob of globs) for (const ch of glob) if (ch !== '*') chars.add(ch);
  for (const s of excluded) for (const ch of s) chars.add(ch);
  const filler = fillerChar(chars);
  if (filler === undefined) return undefined;
  const alphabet = [...chars, filler];
  const trackEscapes = chars.has('%');

  const proper = new Set<string>();
  const full = new Set<string>(excluded);
  for (const s of excluded) for (let i = 0; i < s.length; i++) proper.add(s.slice(0, i));

  const machines = globs.map(globMachine);
  // Run the prefix through every glob; a glob that cannot survive it never matches here.
  let startSets = machines.map((m) => m.start);
  let esc: Escape = 'n';
  for (const ch of prefix) {
    startSets = startSets.map((set, i) => machines[i]!.step(set, ch));
    esc = trackEscapes ? nextEscape(esc, ch) ?? 'n' : 'n';
  }

  interface State {
    readonly sets: readonly PositionSet[];
    /** Text read since the prefix while it may still become an excluded prefix; null once it cannot. */
    readonly pending: string | null;
    readonly esc: Escape;
    readonly parent: number;
    readonly ch: string;
  }
  const states: State[] = [{ sets: startSets, pending: proper.has('') ? '' : null, esc, parent: -1, ch: '' }];
  const seen = new Set<string>([keyOf(states[0]!)]);
  const found = new Map<string, number>();
  const stepCost = alphabet.length * Math.max(1, globs.length);
  let spent = 0;
  for (let head = 0; head < states.length; head++) {
    const state = states[head]!;
    spent += stepCost;
    search.budget.left -= stepCost;
    if (spent > search.limit || search.budget.left < 0) return undefined;
    let mk = '';
    for (let i = 0; i < machines.length; i++) if (machines[i]!.accepts(state.sets[i]!)) mk += (mk === '' ? '' : ',') + i;
    if (!found.has(mk)) found.set(mk, head);
    for (const ch of alphabet) {
      let pending: string | null = null;
      if (state.pending !== null) {
        const next = state.pending + ch;
        if (full.has(next)) continue;
        pending = proper.has(next) ? next : null;
      }
      let nextEsc: Escape = 'n';
      if (trackEscapes) {
        const e = nextEscape(state.esc, ch);
        if (e === undefined) continue;
        nextEsc = e;
      }
      const sets = state.sets.map((set, i) => machines[i]!.step(set, ch));
      const candidate: State = { sets, pending, esc: nextEsc, parent: head, ch };
      const k = keyOf(candidate);
      if (seen.has(k)) continue;
      seen.add(k);
      states.push(candidate);
    }
  }
  const out: Combination[] = [];
  for (const [mk, index] of found) {
    let text = '';
    for (let i = index; i > 0; i = states[i]!.parent) text = states[i]!.ch + text;
    out.push({ matched: mk === '' ? [] : mk.split(',').map(Number), witness: prefix + text });
  }
  return out;

  function keyOf(state: { sets: readonly PositionSet[]; pending: string | null; esc: Escape }): string {
    let key = `${state.pending ?? '\u0001'}\u0000${state.esc}`;
    for (const set of state.sets) key += '|' + (typeof set === 'number' ? set : set.join('.'));
    return key;
  }
}

/**
 * A character no glob or excluded prefix mentions, standing for all of them. Not a hex
 * digit, so it never completes a percent-escape: a target using any unmentioned character
 * reaches the same glob states with the filler in its place, and is as realisable.
 */
export function fillerChar(used: ReadonlySet<string>): string | undefined {
  for (const ch of 'xzqjkvwyuotsrpnmlhgi~_-.') if (!used.has(ch)) return ch;
  return undefined;
}

/** Percent-escape state: normal, after `%`, or after `%` and one hex digit (kept). */
type Escape = string;

const HEX = /^[0-9A-Fa-f]$/;

/**
 * The next escape state, or undefined when `ch` would complete an escape that
 * normalisation rewrites (lower-case hex, or an unreserved character spelled `%XX`).
 */
function nextEscape(state: Escape, ch: string): Escape | undefined {
  if (state === 'n') return ch === '%' ? '%' : 'n';
  if (state === '%') return HEX.test(ch) ? '%' + ch : ch === '%' ? '%' : 'n';
  // After `%h`.
  if (!HEX.test(ch)) return ch === '%' ? '%' : 'n';
  const h = state[1]!;
  if (/[a-f]/.test(h) || /[a-f]/.test(ch)) return undefined;
  const byte = parseInt(h + ch, 16);
  if (isUnreserved(byte)) return undefined;
  return 'n';
}


