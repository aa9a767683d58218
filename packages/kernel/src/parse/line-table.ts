/**
 * Every physical line the parser read, as numbers in one growable typed array. A 500 KiB file
 * has tens of thousands of lines: an object for each, made during the parse, cost a third of
 * it (allocating them, then the collector copying them while the parse still held them).
 * Most readers want only the groups (the matcher, a replay, `robots-lens test`), so the
 * `Line` objects are made from this table the first time someone reads `RobotsFile.lines`.
 */

import { ParsedLine } from './line';

// Int32 fits: a V8 string has at most 2^29 characters, so offsets and UTF-8 byte offsets
// (at most three bytes per character) stay below 2^31.
const FIELDS = 10;
const START = 0;
const END = 1;
const BYTE_OFFSET = 2;
const FLAGS = 3;
const COMMENT = 4;
const KEY_START = 5;
const KEY_END = 6;
const VALUE_START = 7;
const VALUE_END = 8;
const GROUP = 9;

export class LineTable {
  private data: Int32Array;
  private count = 0;

  /** `expected`: a guess at the number of lines (the table grows past it). */
  constructor(expected: number) {
    this.data = new Int32Array(Math.max(16, expected) * FIELDS);
  }

  get length(): number {
    return this.count;
  }

  /** Adds the next line; -1 for what it lacks (a comment, a key, a value). */
  add(start: number, end: number, byteOffset: number, flags: number, commentStart: number, keyStart: number, keyEnd: number, valueStart: number, valueEnd: number): void {
    let data = this.data;
    const at = this.count * FIELDS;
    if (at + FIELDS > data.length) {
      const grown = new Int32Array(data.length * 2);
      grown.set(data);
      this.data = data = grown;
    }
    data[at + START] = start;
    data[at + END] = end;
    data[at + BYTE_OFFSET] = byteOffset;
    data[at + FLAGS] = flags;
    data[at + COMMENT] = commentStart;
    data[at + KEY_START] = keyStart;
    data[at + KEY_END] = keyEnd;
    data[at + VALUE_START] = valueStart;
    data[at + VALUE_END] = valueEnd;
    data[at + GROUP] = -1;
    this.count++;
  }

  /** The group line `index` sits in. */
  setGroup(index: number, group: number): void {
    this.data[index * FIELDS + GROUP] = group;
  }

  /** The value of line `index` (a key line), as `Line.value` gives it, read from `piece`, the part of the text from `base` on. */
  value(piece: string, base: number, index: number): string {
    const at = index * FIELDS;
    const from = this.data[at + VALUE_START]! - base;
    const to = this.data[at + VALUE_END]! - base;
    return to > from ? piece.slice(from, to) : '';
  }

  /** The lines as `Line` objects. */
  lines(text: string): ParsedLine[] {
    const data = this.data;
    const lines: ParsedLine[] = [];
    for (let i = 0; i < this.count; i++) {
      const at = i * FIELDS;
      const group = data[at + GROUP]!;
      lines.push(new ParsedLine(
        text,
        i,
        data[at + START]!,
        data[at + END]!,
        data[at + BYTE_OFFSET]!,
        data[at + FLAGS]!,
        data[at + COMMENT]!,
        data[at + KEY_START]!,
        data[at + KEY_END]!,
        data[at + VALUE_START]!,
        data[at + VALUE_END]!,
        group < 0 ? undefined : group,
      ));
    }
    return lines;
  }
}
