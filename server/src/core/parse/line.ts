/**
 * The parser's implementation of `Line`. A 500 KiB file has tens of thousands of lines, so
 * a line keeps its key, value and comment as plain offsets into the text and builds the
 * span objects and the key string only when someone asks: most lines are never looked at
 * again after the parse, and every object allocated here is one the collector must copy.
 * All instances have one shape, so code reading lines stays monomorphic.
 */

import type { KeyReading } from './keys';
import type { KeySpelling, Line, LineKind, Span } from './model';

export class ParsedLine implements Line {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly byteOffset: number;
  readonly kind: LineKind;
  readonly value: string;
  readonly beyondLimit: boolean;
  readonly truncated: boolean;
  readonly spelling: KeySpelling | undefined;
  readonly missingColon: boolean | undefined;
  /** Set by the parser once it knows which group the line sits in. */
  group: number | undefined;

  private readonly text: string;
  private readonly keyStart: number;
  private readonly keyEnd: number;
  private readonly valueStart: number;
  private readonly valueEnd: number;
  private readonly commentStart: number;

  constructor(
    text: string,
    index: number,
    start: number,
    end: number,
    byteOffset: number,
    kind: LineKind,
    /** -1 for lines without a key (blank, comment, invalid): they have no key, value or spans. */
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
    commentStart: number,
    reading: KeyReading | undefined,
    missingColon: boolean | undefined,
    beyondLimit: boolean,
    truncated: boolean,
  ) {
    this.index = index;
    this.start = start;
    this.end = end;
    this.byteOffset = byteOffset;
    this.kind = kind;
    // Only key lines have a value; the slice is shared with the rule or agent built from it.
    this.value = keyStart >= 0 && valueEnd > valueStart ? text.slice(valueStart, valueEnd) : '';
    this.beyondLimit = beyondLimit;
    this.truncated = truncated;
    this.spelling = keyStart < 0 ? undefined : reading ? reading.spelling : 'exact';
    this.missingColon = missingColon;
    this.group = undefined;
    this.text = text;
    this.keyStart = keyStart;
    this.keyEnd = keyEnd;
    this.valueStart = valueStart;
    this.valueEnd = valueEnd;
    this.commentStart = commentStart;
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
}
