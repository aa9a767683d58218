/**
 * The states of a rule automaton (rule-automaton.ts) and their transition table, built
 * lazily the way RE2 builds its DFA: a state is "how far every still-relevant rule has got",
 * and a transition is computed the first time some target takes it, then reused. The walks
 * over targets live in `RuleAutomaton`, which extends this; the fields are theirs to read in
 * their loops, hence protected rather than behind methods.
 *
 * Memory is bounded: past `maxStates` the cache is flushed, and an automaton that keeps
 * flushing gives up for good; the caller then uses the rule index's own search, which
 * gives the same answers.
 */

import type { CompiledPattern } from './pattern';
import { DEAD, DONE, RulePrograms } from './rule-programs';

/** Returned when no rule matches. */
const NO_RULE = -1;

const ASCII = 128;
/** A rule set that outgrows the cache this often will not fit it later either. */
const MAX_FLUSHES = 2;
/** Hash slots of a new automaton (a power of two): room for 32 states before it doubles. */
const FIRST_SLOTS = 64;
/** A transition not computed yet. */
const UNKNOWN = 0xffff;
/**
 * Set in a transition whose target state has no live rule, so the answer is fixed whatever
 * follows: the walk learns it from the entry it loaded anyway, not from another array.
 * State ids stay below it (see `maxStates`).
 */
const SETTLED = 0x8000;
const STATE_MASK = 0x7fff;

/** The constants the walks over the table read (rule-automaton.ts). */
export const TABLE = { ASCII, NO_RULE, SETTLED, STATE_MASK, UNKNOWN } as const;

export interface AutomatonOptions {
  /** States kept before the cache is flushed (default 4,096). */
  readonly maxStates?: number;
  /**
   * Live-rule entries kept over all states before the cache is flushed (default 2^20, at
   * most 8 MB): a group of thousands of wildcard rules has big states, and few should be kept.
   */
  readonly maxEntries?: number;
}

export class AutomatonStates {
  protected readonly programs: RulePrograms;
  protected readonly classOf = new Uint8Array(ASCII);
  protected readonly classCount: number;
  private readonly maxStates: number;
  private readonly maxEntries: number;
  private entries = 0;
  // State i's transitions are table[i * classCount + class]: the next state's id, with
  // SETTLED when no rule is live there (UNKNOWN until computed). Flat typed arrays keep the
  // per-character loop to one load of the table, and 16-bit entries keep it small enough to
  // stay in cache.
  protected table = new Uint16Array(0);
  protected atEnd = new Int32Array(0);
  // How each state was reached, kept to compute its transitions: its live rules (by rank,
  // still able to win) and how far each has got are entries first[i] .. first[i] + count[i]
  // of two pools, and done[i] is the best-ranked rule that already matched whatever follows
  // (or NO_RULE). Flat pools rather than an object and two arrays per state: building a
  // state then allocates nothing, and reading one back touches two places, not four.
  private states = 0;
  private first = new Int32Array(0);
  private count = new Int32Array(0);
  private done = new Int32Array(0);
  private hashOf = new Int32Array(0);
  private liveRanks = new Int32Array(0);
  private liveProgress = new Int32Array(0);
  /**
   * States by a hash of their content (open addressing, id + 1; 0 is empty), to find a state
   * reached again by another way. At most half full, so probes stay short: it doubles as
   * states come, rather than starting at its largest, since a batch builds dozens of automata
   * and most stay small.
   */
  private slots: Int32Array;
  // Scratch space for the state being computed: a state has at most one entry per rule.
  private readonly scratchLive: Int32Array;
  private readonly scratchProgress: Int32Array;
  /** Classes marked by `markInteresting`: marks[class] === stamp. */
  private readonly marks: Int32Array;
  private stamp = 0;
  private flushes = 0;
  /** Too many flushes: this rule set defeats caching, and the caller should search instead. */
  gaveUp = false;

  /** `patterns` in rank order: index 0 wins over every other. */
  constructor(patterns: readonly CompiledPattern[], options: AutomatonOptions = {}) {
    this.maxStates = Math.min(options.maxStates ?? 4_096, SETTLED);
    this.maxEntries = options.maxEntries ?? 1 << 20;
    this.programs = new RulePrograms(patterns);
    this.scratchLive = new Int32Array(patterns.length);
    this.scratchProgress = new Int32Array(patterns.length);
    this.slots = new Int32Array(FIRST_SLOTS);
    // Characters no pattern mentions all behave alike: they share class 0.
    let classes = 1;
    for (const c of this.programs.chars) {
      if (c < ASCII && this.classOf[c] === 0) this.classOf[c] = classes++;
    }
    this.classCount = classes;
    this.marks = new Int32Array(classes);
    if (!this.programs.packable) this.gaveUp = true;
    this.reset();
  }

  /** Number of states built so far (for tests and benchmarks). */
  get size(): number {
    return this.states;
  }

  private reset(): void {
    this.states = 0;
    this.entries = 0;
    if (this.slots.length > FIRST_SLOTS) this.slots = new Int32Array(FIRST_SLOTS);
    else this.slots.fill(0);
    const live = this.scratchLive;
    const progress = this.scratchProgress;
    let count = 0;
    let done = NO_RULE;
    for (let r = 0; r < this.programs.count; r++) {
      const s = this.programs.start(r);
      if (s === DONE) {
        done = r;
        break;
      }
      if (s !== DEAD) {
        live[count] = r;
        progress[count++] = s;
      }
    }
    this.intern(count, done);
  }

  /** Computes and records the transition (its table entry); -1 when the cache had to be flushed mid-query. */
  protected transition(from: number, c: number): number {
    const programs = this.programs;
    const ranks = this.liveRanks;
    const progressOf = this.liveProgress;
    const live = this.scratchLive;
    const progress = this.scratchProgress;
    const start = this.first[from]!;
    const end = start + this.count[from]!;
    let count = 0;
    let done = this.done[from]!;
    for (let j = start; j < end; j++) {
      const r = ranks[j]!;
      // The live list is in rank order: once a rule is done, the rest cannot win.
      if (done !== NO_RULE && r > done) break;
      const s = programs.step(r, progressOf[j]!, c);
      if (s === DONE) done = r;
      else if (s !== DEAD) {
        live[count] = r;
        progress[count++] = s;
      }
    }
    if (this.states >= this.maxStates || this.entries + count > this.maxEntries) {
      this.flushes++;
      if (this.flushes > MAX_FLUSHES) this.gaveUp = true;
      else this.reset();
      return -1;
    }
    const id = this.intern(count, done);
    const entry = count === 0 ? id | SETTLED : id;
    const row = from * this.classCount;
    this.table[row + this.classOf[c]!] = entry;
    if (!this.markInteresting(from, c)) {
      // Every character no live rule is waiting for leads where this one did: record them
      // all now, so that state is computed once rather than once per such character.
      const table = this.table;
      const marks = this.marks;
      const stamp = this.stamp;
      for (let k = 0; k < this.classCount; k++) if (marks[k] !== stamp && table[row + k] === UNKNOWN) table[row + k] = entry;
    }
    return entry;
  }

  /**
   * Marks (with a new stamp in `marks`) the classes of the characters some live rule of
   * state `from` is waiting for, and says whether `c` is one of them. Any other character
   * steps every rule alike (see `step`): an anchored first piece dies, a piece being searched
   * for starts again from its beginning, and nothing completes.
   */
  private markInteresting(from: number, c: number): boolean {
    const marks = this.marks;
    const stamp = ++this.stamp;
    const classOf = this.classOf;
    const start = this.first[from]!;
    const end = start + this.count[from]!;
    for (let j = start; j < end; j++) this.programs.markWaitedFor(this.liveRanks[j]!, this.liveProgress[j]!, marks, stamp, classOf);
    return marks[classOf[c]!] === stamp;
  }

  /** The id of the state in the scratch space (its first `count` slots), added if new. */
  private intern(count: number, done: number): number {
    const live = this.scratchLive;
    const progress = this.scratchProgress;
    let hash = done | 0;
    for (let j = 0; j < count; j++) hash = Math.imul(Math.imul(hash, 31) ^ live[j]!, 0x9e3779b1) ^ progress[j]!;
    const slots = this.slots;
    const mask = slots.length - 1;
    let slot = (hash ^ (hash >>> 15)) & mask;
    for (let id = slots[slot]! - 1; id >= 0; id = slots[slot]! - 1) {
      if (this.hashOf[id] === hash && this.sameState(id, count, done)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.states++;
    this.grow(this.states, this.entries + count);
    const first = this.entries;
    // Copied by hand: `set(subarray(…))` allocates two views per state.
    const ranks = this.liveRanks;
    const progressOf = this.liveProgress;
    for (let j = 0; j < count; j++) {
      ranks[first + j] = live[j]!;
      progressOf[first + j] = progress[j]!;
    }
    this.entries += count;
    this.first[id] = first;
    this.count[id] = count;
    this.done[id] = done;
    this.hashOf[id] = hash;
    slots[slot] = id + 1;
    if (2 * this.states > slots.length) this.rehash(2 * slots.length);
    let atEnd = done;
    for (let j = 0; j < count; j++) {
      if (this.programs.matchesAtEnd(live[j]!, progress[j]!)) {
        atEnd = live[j]!;
        break;
      }
    }
    this.atEnd[id] = atEnd;
    return id;
  }

  /** Moves every state to a table of `size` slots (a power of two). */
  private rehash(size: number): void {
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let id = 0; id < this.states; id++) {
      const hash = this.hashOf[id]!;
      let slot = (hash ^ (hash >>> 15)) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }

  private sameState(id: number, count: number, done: number): boolean {
    if (this.done[id] !== done || this.count[id] !== count) return false;
    const first = this.first[id]!;
    for (let j = 0; j < count; j++) {
      if (this.liveRanks[first + j] !== this.scratchLive[j] || this.liveProgress[first + j] !== this.scratchProgress[j]) return false;
    }
    return true;
  }

  /**
   * Makes room for `states` states and `entries` live-rule entries, doubling the arrays
   * (a flush starts them small again).
   */
  private grow(states: number, entries: number): void {
    if (states === 1) {
      this.table = new Uint16Array(64 * this.classCount).fill(UNKNOWN);
      this.atEnd = new Int32Array(64);
      this.first = new Int32Array(64);
      this.count = new Int32Array(64);
      this.done = new Int32Array(64);
      this.hashOf = new Int32Array(64);
      const pool = Math.max(256, entries);
      this.liveRanks = new Int32Array(pool);
      this.liveProgress = new Int32Array(pool);
    }
    if (entries > this.liveRanks.length) {
      // Doubling, but not past the budget unless one state needs it (the first one may).
      const pool = Math.max(entries, Math.min(this.liveRanks.length * 2, this.maxEntries));
      this.liveRanks = larger(this.liveRanks, pool);
      this.liveProgress = larger(this.liveProgress, pool);
    }
    if (states <= this.atEnd.length) return;
    const capacity = Math.min(this.atEnd.length * 2, this.maxStates);
    const table = new Uint16Array(capacity * this.classCount).fill(UNKNOWN);
    table.set(this.table);
    this.table = table;
    this.atEnd = larger(this.atEnd, capacity);
    this.first = larger(this.first, capacity);
    this.count = larger(this.count, capacity);
    this.done = larger(this.done, capacity);
    this.hashOf = larger(this.hashOf, capacity);
  }
}

/** A copy of `array` with room for `length` elements. */
function larger<T extends Int32Array | Uint8Array>(array: T, length: number): T {
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array);
  return copy;
}
