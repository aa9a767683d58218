/**
 * The parser's implementation of `Line`, made from the line table (line-table.ts) when
 * `RobotsFile.lines` is first read. A line keeps its key, value and comment as plain offsets
 * into the text and builds the span objects and the key string only when someone asks.
 * All instances have one shape, so code reading lines stays monomorphic.
 */

import type { KeySpelling, Line, LineKind, Span } from './model';

// The line's kind, spelling and flags share one small integer: each field of a line costs
// eight bytes, for each of tens of thousands of lines.
const KINDS: readonly LineKind[] = ['user-agent', 'allow', 'disallow', 'sitemap', 'other', 'blank', 'comment', 'invalid'];
const SPELLINGS: ReadonlyArray<KeySpelling | undefined> = [undefined, 'exact', 'misspelling', 'prefix'];
const KIND_MASK = 0b111;
const SPELLING_SHIFT = 3;
const SPELLING_MASK = 0b11;
const MISSING_COLON = 1 << 5;
const BEYOND_LIMIT = 1 << 6;
const TRUNCATED = 1 << 7;

/** A line's kind, key spelling (undefined: no key) and flags, as one small integer. */
export function lineFlags(kind: LineKind, spelling: KeySpelling | undefined, missingColon: boolean, beyondLimit: boolean, truncated: boolean): number {
  return (
    kindCode(kind) |
    (spellingCode(spelling) << SPELLING_SHIFT) |
    (missingColon ? MISSING_COLON : 0) |
    (beyondLimit ? BEYOND_LIMIT : 0) |
    (truncated ? TRUNCATED : 0)
  );
}

// Switches, not indexOf: asked once for each line. The codes are the places in KINDS and SPELLINGS.
function kindCode(kind: LineKind): number {
  switch (kind) {
    case 'user-agent': return 0;
    case 'allow': return 1;
    case 'disallow': return 2;
    case 'sitemap': return 3;
    case 'other': return 4;
    case 'blank': return 5;
    case 'comment': return 6;
    default: return 7;
  }
}

function spellingCode(spelling: KeySpelling | undefined): number {
  switch (spelling) {
    case undefined: return 0;
    case 'exact': return 1;
    case 'misspelling': return 2;
    default: return 3;
  }
}

/** The kind `lineFlags` packed. */
export function kindOfFlags(flags: number): LineKind {
  return KINDS[flags & KIND_MASK]!;
}

export class ParsedLine implements Line {
  // Declared, not defined: the constructor sets every field, and class-field definitions
  // would cost a property definition per field for each of tens of thousands of lines.
  declare readonly index: number;
  declare readonly start: number;
  declare readonly end: number;
  declare readonly byteOffset: number;
  declare readonly value: string;
  declare readonly group: number | undefined;

  declare private readonly text: string;
  declare private readonly flags: number;
  declare private readonly keyStart: number;
  declare private readonly keyEnd: number;
  declare private readonly valueStart: number;
  declare private readonly valueEnd: number;
  declare private readonly commentStart: number;

  constructor(
    text: string,
    index: number,
    start: number,
    end: number,
    byteOffset: number,
    /** See `lineFlags`. */
    flags: number,
    commentStart: number,
    // A line without a key (blank, a comment alone, text that is no `key: value`) has no key,
    // value or spans: -1.
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
    group: number | undefined,
  ) {
    this.index = index;
    this.start = start;
    this.end = end;
    this.byteOffset = byteOffset;
    this.value = keyStart >= 0 && valueEnd > valueStart ? text.slice(valueStart, valueEnd) : '';
    this.group = group;
    this.text = text;
    this.flags = flags;
    this.keyStart = keyStart;
    this.keyEnd = keyEnd;
    this.valueStart = valueStart;
    this.valueEnd = valueEnd;
    this.commentStart = commentStart;
  }

  get kind(): LineKind {
    return kindOfFlags(this.flags);
  }

  get spelling(): KeySpelling | undefined {
    return SPELLINGS[(this.flags >> SPELLING_SHIFT) & SPELLING_MASK];
  }

  get missingColon(): boolean | undefined {
    return this.keyStart < 0 ? undefined : (this.flags & MISSING_COLON) !== 0;
  }

  get beyondLimit(): boolean {
    return (this.flags & BEYOND_LIMIT) !== 0;
  }

  get truncated(): boolean {
    return (this.flags & TRUNCATED) !== 0;
  }

  get key(): string | undefined {
    return this.keyStart < 0 ? undefined : this.text.slice(this.keyStart, this.keyEnd);
  }

  get keySpan(): Span | undefined {
    return this.keyStart < 0 ? undefined : { start: this.keyStart, end: this.keyEnd };
  }

  get directive(): string | undefined {
    if (this.keyStart < 0) return undefined;
    // A known key's kind is its directive; only unknown keys need their own spelling.
    return this.kind === 'other' ? this.text.slice(this.keyStart, this.keyEnd).toLowerCase() : this.kind;
  }

  get valueSpan(): Span | undefined {
    return this.keyStart < 0 ? undefined : { start: this.valueStart, end: this.valueEnd };
  }

  get comment(): Span | undefined {
    return this.commentStart < 0 ? undefined : { start: this.commentStart, end: this.end };
  }

  /** The line as plain data (what `JSON.stringify` writes): its public fields, not the whole text. */
  toJSON(): Line {
    const { index, start, end, byteOffset, kind, value, beyondLimit, truncated, group } = this;
    const data: { -readonly [K in keyof Line]: Line[K] } = { index, start, end, byteOffset, kind, value, beyondLimit, truncated };
    if (this.keyStart >= 0) {
      data.key = this.key;
      data.keySpan = this.keySpan;
      data.directive = this.directive;
      data.spelling = this.spelling;
      data.missingColon = this.missingColon;
      data.valueSpan = this.valueSpan;
    }
    if (this.commentStart >= 0) data.comment = this.comment;
    if (group !== undefined) data.group = group;
    return data;
  }
}
