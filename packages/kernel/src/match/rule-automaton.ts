/**
 * A deterministic automaton over all the rules of one group (its states: automaton-states.ts).
 * A replay or a batch asks the same group about millions of targets that share their
 * prefixes, so after warm-up a query is one table lookup per character, and it stops as soon
 * as the answer is settled. It reads a target as a string, the path of a URL in place, or
 * the bytes of a URL, normalising on the way as `escapeStep` says.
 *
 * Each rule advances exactly as `matches` (pattern.ts) reads it (see rule-programs.ts). A
 * rule whose last unanchored piece has been found matches whatever follows ("done"); every
 * rule ranked after the best done rule is dropped, since it can no longer win.
 */

import { escapeStep, HEX, stepByte, stepConsumed, stepIsEscape } from '../encoding';
import { AutomatonStates, TABLE } from './automaton-states';
import type { AutomatonOptions } from './automaton-states';
import type { CompiledPattern } from './pattern';

export type { AutomatonOptions } from './automaton-states';

// The table's constants as this module's own: the walks read them at every character, and
// unbundled (tests, and the benches under tsx) an imported binding is a property read of the
// module object each time, which halved the match bench.
const { ASCII, SETTLED, STATE_MASK, UNKNOWN } = TABLE;

/** Returned when no rule matches. */
export const NO_RULE = TABLE.NO_RULE;

/** Returned when the automaton cannot answer (a character to normalise first, or it gave up). */
export const UNANSWERED = -2;

/** Path classes of the characters that end a path in a URL (`#`) or that normalising rewrites. */
const FRAGMENT = 255;
const NORMALISE = 254;
/** `stepNormalised` returns a table entry (16 bits) with the characters it consumed above it. */
const ENTRY_MASK = 0xffff;
const CONSUMED_SHIFT = 16;

export class RuleAutomaton extends AutomatonStates {
  /** `classOf`, except FRAGMENT for `#` and NORMALISE for `%`, `*`, `$`: for paths read in place. */
  private readonly pathClassOf = new Uint8Array(ASCII);

  /** `patterns` in rank order: index 0 wins over every other. */
  constructor(patterns: readonly CompiledPattern[], options: AutomatonOptions = {}) {
    super(patterns, options);
    this.pathClassOf.set(this.classOf);
    this.pathClassOf[0x23] = FRAGMENT;
    for (const c of [0x25, 0x2a, 0x24]) this.pathClassOf[c] = NORMALISE;
  }

  /**
   * The rank of the best rule matching `target` (already normalised, or Google's literal
   * form, so every character is stepped as it is), NO_RULE, or UNANSWERED. Its loop is
   * `run`'s without the stops, written out twice on purpose: one walk taking the class
   * table as a parameter made the match bench 30% slower.
   */
  best(target: string): number {
    if (this.gaveUp) return UNANSWERED;
    const classOf = this.classOf;
    const classCount = this.classCount;
    let table = this.table;
    let state = 0;
    for (let i = 0; i < target.length; i++) {
      const c = target.charCodeAt(i);
      if (c >= ASCII) return UNANSWERED;
      let next = table[state * classCount + classOf[c]!]!;
      if (next >= SETTLED) {
        if (next === UNKNOWN) {
          next = this.transition(state, c);
          if (next < 0) return UNANSWERED;
          table = this.table;
        }
        if (next >= SETTLED) return this.atEnd[next & STATE_MASK]!;
      }
      state = next;
    }
    return this.atEnd[state]!;
  }

  /**
   * `best` for the path of `text` from `from` to its end or a `#`, read in place and
   * normalised on the way: `%xx`, `*` and `$` are stepped through as normalising writes them
   * (encoding/normalize.ts); a non-ASCII character, rare in URLs as sent, makes it decline.
   * `readPlainPath` then says whether it read to the end without meeting any of them.
   */
  bestInPath(text: string, from: number): number {
    if (this.gaveUp) return UNANSWERED;
    let state = 0;
    let plain = true;
    let i = from;
    for (;;) {
      const needsStep = this.run(text, i, state);
      state = this.runState;
      i = this.runIndex;
      if (!needsStep) break;
      // The character at i takes a step the table does not hold yet, or needs normalising.
      const c = text.charCodeAt(i);
      if (c >= ASCII) return UNANSWERED;
      let entry: number;
      if (this.pathClassOf[c]! === NORMALISE) {
        const stepped = this.stepNormalised(state, c, text.charCodeAt(i + 1), text.charCodeAt(i + 2));
        if (stepped < 0) return UNANSWERED;
        entry = stepped & ENTRY_MASK;
        i += stepped >>> CONSUMED_SHIFT;
        plain = false;
      } else {
        entry = this.transition(state, c);
      }
      if (entry < 0) return UNANSWERED;
      i++;
      if (entry >= SETTLED) {
        state = entry & STATE_MASK;
        break;
      }
      state = entry;
    }
    this.readPlainPath = plain && (i >= text.length || text.charCodeAt(i) === 0x23);
    return this.atEnd[state]!;
  }

  /**
   * `bestInPath` for a path given as the bytes of its UTF-8, `bytes[from, end)` up to a `#`
   * (which the caller has found valid UTF-8), normalised on the way as `bestInPath` does: a
   * byte of a non-ASCII character is stepped as the upper-case escape normalising writes for
   * it. It may settle before the end, so unlike `bestInPath` it says nothing of the bytes it
   * did not read.
   */
  bestInBytes(bytes: Uint8Array, from: number, end: number): number {
    if (this.gaveUp) return UNANSWERED;
    const pathClassOf = this.pathClassOf;
    const classCount = this.classCount;
    let table = this.table;
    let state = 0;
    for (let i = from; i < end; i++) {
      const c = bytes[i]!;
      let next: number;
      if (c >= ASCII) {
        next = this.stepThree(state, 0x25, HEX.charCodeAt(c >> 4), HEX.charCodeAt(c & 15));
        if (next < 0) return UNANSWERED;
        table = this.table;
        if (next >= SETTLED) return this.atEnd[next & STATE_MASK]!;
        state = next;
        continue;
      }
      const cls = pathClassOf[c]!;
      if (cls < NORMALISE) {
        next = table[state * classCount + cls]!;
        if (next < SETTLED) {
          state = next;
          continue;
        }
        if (next === UNKNOWN) next = this.transition(state, c);
      } else if (cls === NORMALISE) {
        const stepped = this.stepNormalised(state, c, i + 1 < end ? bytes[i + 1]! : NaN, i + 2 < end ? bytes[i + 2]! : NaN);
        if (stepped < 0) return UNANSWERED;
        next = stepped & ENTRY_MASK;
        i += stepped >>> CONSUMED_SHIFT;
      } else {
        break;
      }
      if (next < 0) return UNANSWERED;
      table = this.table;
      if (next >= SETTLED) return this.atEnd[next & STATE_MASK]!;
      state = next;
    }
    return this.atEnd[state]!;
  }

  /**
   * The walk itself, over transitions the table already holds, from `state` at `text[i]`.
   * It stops at the path's end or `#`, or past the character where the answer settles, and
   * returns false; or at a character it cannot step alone (a transition not computed yet,
   * one to normalise, non-ASCII), and returns true. Kept apart from the computing of
   * transitions so that this loop compiles to a few registers.
   */
  private run(text: string, i: number, state: number): boolean {
    const pathClassOf = this.pathClassOf;
    const classCount = this.classCount;
    const table = this.table;
    let needsStep = false;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= ASCII) {
        needsStep = true;
        break;
      }
      const cls = pathClassOf[c]!;
      if (cls >= NORMALISE) {
        needsStep = cls === NORMALISE;
        break;
      }
      const next = table[state * classCount + cls]!;
      if (next >= SETTLED) {
        if (next === UNKNOWN) {
          needsStep = true;
          break;
        }
        state = next & STATE_MASK;
        i++;
        break;
      }
      state = next;
    }
    this.runState = state;
    this.runIndex = i;
    return needsStep;
  }

  // Set by `run`: where the walk stopped.
  private runState = 0;
  private runIndex = 0;

  /**
   * Set by `bestInPath`: it read every character of the path (rather than settling early)
   * and none of them changes under normalisation.
   */
  readPlainPath = false;

  /**
   * The table entry after the normalised form of the `%`, `*` or `$` whose code is `c`, the
   * codes of the two characters after it being `next` and `then` (NaN past the path's end),
   * as `escapeStep` (encoding/normalize.ts, the one statement of that rule) writes it, with
   * how many of those two it consumed above it (`>>> CONSUMED_SHIFT`); -1 when the cache was
   * flushed. One number rather than a field set on the side: the caller reads both at once.
   */
  private stepNormalised(state: number, c: number, next: number, then: number): number {
    const step = escapeStep(c, next, then);
    const byte = stepByte(step);
    const entry = stepIsEscape(step) ? this.stepThree(state, 0x25, HEX.charCodeAt(byte >> 4), HEX.charCodeAt(byte & 15)) : this.stepOne(state, byte);
    return entry < 0 ? entry : entry | ((stepConsumed(step) - 1) << CONSUMED_SHIFT);
  }

  /** The table entry after the ASCII character `c` from `state` (a live state); -1 when the cache was flushed. */
  private stepOne(state: number, c: number): number {
    const next = this.table[state * this.classCount + this.classOf[c]!]!;
    return next === UNKNOWN ? this.transition(state, c) : next;
  }

  /** `stepOne` for three characters in a row, stopping where the answer settles. */
  private stepThree(state: number, a: number, b: number, c: number): number {
    const first = this.stepOne(state, a);
    if (first < 0 || first >= SETTLED) return first;
    const second = this.stepOne(first, b);
    if (second < 0 || second >= SETTLED) return second;
    return this.stepOne(second, c);
  }

}
