/**
 * The rules of one automaton, ready to be stepped a character at a time, exactly as
 * `matches` (pattern.ts) reads them: the first piece anchored at the start, each later
 * piece found at its leftmost occurrence (a KMP automaton per piece), a final `$` keeping
 * the last piece's search going to the end.
 *
 * Every piece's characters and KMP failure links live in two flat typed arrays, indexed
 * through a third: building an automaton state steps each live rule, and reading a few
 * adjacent numbers costs far less than chasing each rule's object, piece strings and
 * failure arrays through the heap.
 */

import type { CompiledPattern } from './pattern';

/** The rule can no longer match. */
export const DEAD = -1;
/** The rule matches whatever follows. */
export const DONE = -2;
/**
 * A rule's progress is packed in one int: piece index in the high bits, characters of
 * that piece matched in the low 16. A line is cut at 16,663 octets, so its pieces number
 * far fewer than 2^15; a normalised piece longer than 65,535 makes the rules unpackable.
 */
const PIECE_SHIFT = 16;
const MATCHED_MASK = 0xffff;
const ASCII = 128;

export class RulePrograms {
  /** Every piece's characters, one rule after another. */
  readonly chars: Uint8Array;
  /** KMP failure link of each character of `chars`: the longest proper border of the piece up to it. */
  private readonly failure: Int32Array;
  /** Where each piece starts in `chars`; one more entry marks the end of the last. */
  private readonly pieceStart: Int32Array;
  /** Index (in `pieceStart`) of each rule's first piece. */
  private readonly firstPiece: Int32Array;
  /** Each rule's number of pieces. */
  private readonly pieceCount: Int32Array;
  /** Each rule ends in `$`: its last piece must end the target. */
  private readonly anchoredEnd: Uint8Array;
  /** False when some piece is non-ASCII or too long to pack: the rules cannot be stepped here. */
  readonly packable: boolean;
  /** Number of rules. */
  readonly count: number;

  /** `patterns` in rank order. */
  constructor(patterns: readonly CompiledPattern[]) {
    let pieces = 0;
    let chars = 0;
    let packable = true;
    for (const pattern of patterns) {
      pieces += pattern.pieces.length;
      if (pattern.pieces.length > 0x7fff) packable = false;
      for (const piece of pattern.pieces) {
        chars += piece.length;
        if (piece.length > MATCHED_MASK || hasNonAscii(piece)) packable = false;
      }
    }
    this.packable = packable;
    this.count = patterns.length;
    this.chars = new Uint8Array(chars);
    this.failure = new Int32Array(chars);
    this.pieceStart = new Int32Array(pieces + 1);
    this.firstPiece = new Int32Array(patterns.length);
    this.pieceCount = new Int32Array(patterns.length);
    this.anchoredEnd = new Uint8Array(patterns.length);
    let piece = 0;
    let at = 0;
    patterns.forEach((pattern, r) => {
      this.firstPiece[r] = piece;
      this.pieceCount[r] = pattern.pieces.length;
      this.anchoredEnd[r] = pattern.anchored ? 1 : 0;
      for (const text of pattern.pieces) {
        this.pieceStart[piece++] = at;
        for (let i = 0; i < text.length; i++) this.chars[at + i] = text.charCodeAt(i);
        this.fillFailure(at, text.length);
        at += text.length;
      }
    });
    this.pieceStart[piece] = at;
  }

  /** Where rule `r` stands before reading anything. */
  start(r: number): number {
    return this.settle(r, 0, 0);
  }

  /** Rule `r`, at progress `s`, after one more character `c` (ASCII): a progress, DEAD or DONE. */
  step(r: number, s: number, c: number): number {
    const p = s >>> PIECE_SHIFT;
    let k = s & MATCHED_MASK;
    const piece = this.firstPiece[r]! + p;
    const base = this.pieceStart[piece]!;
    const length = this.pieceStart[piece + 1]! - base;
    const chars = this.chars;
    if (p === 0) {
      // The first piece is anchored at the start: a mismatch, or anything after a complete `…$` literal, is fatal.
      return k < length && chars[base + k] === c ? this.settle(r, 0, k + 1) : DEAD;
    }
    const failure = this.failure;
    while (k > 0 && (k === length || chars[base + k] !== c)) k = failure[base + k - 1]!;
    if (k < length && chars[base + k] === c) k++;
    return this.settle(r, p, k);
  }

  /**
   * Marks `marks[classOf[x]] = stamp` for every character `x` rule `r` at progress `s` is
   * waiting for. Any other character steps it as it steps every character no piece
   * mentions: an anchored first piece dies, a piece being searched for starts again.
   */
  markWaitedFor(r: number, s: number, marks: Int32Array, stamp: number, classOf: Uint8Array): void {
    const p = s >>> PIECE_SHIFT;
    let k = s & MATCHED_MASK;
    const piece = this.firstPiece[r]! + p;
    const base = this.pieceStart[piece]!;
    const length = this.pieceStart[piece + 1]! - base;
    const chars = this.chars;
    if (p === 0) {
      if (k < length) marks[classOf[chars[base + k]!]!] = stamp;
      return;
    }
    // The characters the KMP step compares with: piece[k] and down its failure chain.
    const failure = this.failure;
    if (k === length) k = failure[base + k - 1]!;
    for (;;) {
      marks[classOf[chars[base + k]!]!] = stamp;
      if (k === 0) break;
      k = failure[base + k - 1]!;
    }
  }

  /** A `$` rule whose last piece has just been completed matches a target ending here. */
  matchesAtEnd(r: number, s: number): boolean {
    if (this.anchoredEnd[r] === 0) return false;
    const last = this.pieceCount[r]! - 1;
    const piece = this.firstPiece[r]! + last;
    return s >>> PIECE_SHIFT === last && (s & MATCHED_MASK) === this.pieceStart[piece + 1]! - this.pieceStart[piece]!;
  }

  /** The progress after `k` characters of piece `p` have matched, moving on past complete pieces. */
  private settle(r: number, p: number, k: number): number {
    const first = this.firstPiece[r]!;
    const last = this.pieceCount[r]! - 1;
    if (k < this.lengthOf(first + p)) return (p << PIECE_SHIFT) | k;
    // Piece complete. The last one: done, unless `$` asks for it to end the target.
    if (p === last) return this.anchoredEnd[r] === 1 ? (p << PIECE_SHIFT) | k : DONE;
    let q = p + 1;
    while (q < last && this.lengthOf(first + q) === 0) q++;
    // An empty last piece (`…*` or `…*$`) matches whatever follows.
    if (q === last && this.lengthOf(first + q) === 0) return DONE;
    return q << PIECE_SHIFT;
  }

  private lengthOf(piece: number): number {
    return this.pieceStart[piece + 1]! - this.pieceStart[piece]!;
  }

  /** KMP failure function of the piece at `chars[at .. at + length)`. */
  private fillFailure(at: number, length: number): void {
    const chars = this.chars;
    const failure = this.failure;
    let k = 0;
    for (let i = 1; i < length; i++) {
      while (k > 0 && chars[at + i] !== chars[at + k]) k = failure[at + k - 1]!;
      if (chars[at + i] === chars[at + k]) k++;
      failure[at + i] = k;
    }
  }
}

function hasNonAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= ASCII) return true;
  return false;
}
