/**
 * The query lines of `test --batch`, read from the bytes of stdin. Nearly every producer
 * writes `{"agent":"…","url":"…"}` with plain ASCII values: such a line is read in place,
 * without decoding the stream to text, cutting it into line strings or running
 * `JSON.parse`. Every other line is decoded as UTF-8 (a byte that is not UTF-8 kept as its
 * surrogate escape) and handed on as text, so it gets the same answer it always had.
 */

import { decodeUtf8Lossless, utf8SequenceLength } from '@robots-lens/kernel/parse';
import type { OverlongLine } from '../../node/line-reader';

/**
 * Where a line of the usual shape holds its agent and URL: `bytes[agentStart, agentEnd)`,
 * printable ASCII without `"` or `\`, and `bytes[urlStart, urlEnd)`, the same or (when not
 * `urlAscii`) UTF-8 with other characters too, but no C1 control. Their text (Latin-1 for
 * ASCII, UTF-8 else) is the strings `JSON.parse` gives, and the URL is its own JSON between
 * quotes, as answers write it.
 */
export interface QuerySpan {
  agentStart: number;
  agentEnd: number;
  urlStart: number;
  urlEnd: number;
  urlAscii: boolean;
}

/** What the reader hands on, line by line, in order. */
export interface QueryLineSink {
  /**
   * A line in the usual shape, read where it lies: `bytes` and `span` are the reader's and
   * only hold during the call (the next chunk may be read into the same buffer).
   */
  query(bytes: Buffer, span: Readonly<QuerySpan>): void;
  /** Any other line as text (without the CR of a CRLF), or an overlong line. */
  other(line: string | OverlongLine): void;
}

const AGENT_OPEN = Buffer.from('{"agent":"');
const URL_OPEN = Buffer.from('","url":"');

/**
 * Finds `{"agent":"A","url":"U"}` (no spaces) in `bytes[start, end)` and sets `into` to where
 * A and U lie, when both are plain (see QuerySpan; a URL may hold non-ASCII characters, as
 * valid UTF-8): then each value is its bytes, exactly what `JSON.parse` reads, and its own
 * JSON between quotes. False for anything else, which must take `JSON.parse`.
 */
export function readAgentUrl(bytes: Buffer, start: number, end: number, into: QuerySpan): boolean {
  if (end - start < AGENT_OPEN.length + URL_OPEN.length + 2) return false;
  for (let k = 0; k < AGENT_OPEN.length; k++) if (bytes[start + k] !== AGENT_OPEN[k]) return false;
  const agentStart = start + AGENT_OPEN.length;
  const agentEnd = plainEnd(bytes, agentStart, end);
  if (agentEnd < 0 || end - agentEnd < URL_OPEN.length + 2) return false;
  for (let k = 0; k < URL_OPEN.length; k++) if (bytes[agentEnd + k] !== URL_OPEN[k]) return false;
  const urlStart = agentEnd + URL_OPEN.length;
  let urlEnd = plainEnd(bytes, urlStart, end);
  let urlAscii = true;
  if (urlEnd < 0) {
    urlEnd = utf8End(bytes, urlStart, end);
    urlAscii = false;
  }
  // The URL's closing quote, then `}` and the end of the line.
  if (urlEnd !== end - 2 || bytes[end - 1] !== 0x7d) return false;
  into.agentStart = agentStart;
  into.agentEnd = agentEnd;
  into.urlStart = urlStart;
  into.urlEnd = urlEnd;
  into.urlAscii = urlAscii;
  return true;
}

/**
 * The bytes a plain value may hold: printable ASCII but not `"` or `\` (nor DEL, which
 * answers write escaped), so that a plain URL is written back as it was read.
 */
const PLAIN = new Uint8Array(256);
for (let c = 0x20; c < 0x7f; c++) PLAIN[c] = c === 0x22 || c === 0x5c ? 0 : 1;

/** Where the string value from `from` ends (its closing `"`), or -1 if it has an escape, a control or a non-ASCII byte first, or no end. */
function plainEnd(bytes: Buffer, from: number, end: number): number {
  let i = from;
  while (i < end && PLAIN[bytes[i]!] === 1) i++;
  return i < end && bytes[i] === 0x22 ? i : -1;
}

/**
 * `plainEnd` for a value that may hold non-ASCII characters too, each as valid UTF-8 (the
 * shortest form, no surrogate, nothing past U+10FFFF) and none a C1 control (which answers
 * write escaped): -1 at anything else.
 */
function utf8End(bytes: Buffer, from: number, end: number): number {
  let i = from;
  for (;;) {
    while (i < end && PLAIN[bytes[i]!] === 1) i++;
    if (i >= end) return -1;
    if (bytes[i] === 0x22) return i;
    const length = utf8SequenceLength(bytes, i, end);
    // C2 80 to C2 9F are the C1 controls.
    if (length === 0 || (bytes[i] === 0xc2 && bytes[i + 1]! < 0xa0)) return -1;
    i += length;
  }
}

/**
 * Cuts chunks of bytes into lines (LF or CRLF; byte 10 is never inside a UTF-8 sequence)
 * and hands each on. A line longer than `maxLineLength` characters is an `OverlongLine`,
 * and an endless one is dropped as it streams past: it cannot fill memory.
 */
export class QueryLineReader {
  private carried: Buffer[] = [];
  private carriedLength = 0;
  /** Bytes of an overlong line seen so far, or -1 when the current line is within bounds. */
  private overlong = -1;
  private readonly span: QuerySpan = { agentStart: 0, agentEnd: 0, urlStart: 0, urlEnd: 0, urlAscii: true };
  private firstLine = true;

  constructor(
    private readonly maxLineLength: number,
    private readonly sink: QueryLineSink,
  ) {}

  /** Reads the lines of `chunk`; what it keeps of a line cut at its end is copied, so the chunk may be filled again. */
  push(chunk: Buffer): void {
    let start = 0;
    if (this.carriedLength > 0 || this.overlong >= 0) {
      const newline = chunk.indexOf(10);
      if (newline === -1) return this.carry(chunk);
      this.carry(chunk.subarray(0, newline));
      this.endCarried();
      start = newline + 1;
    }
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.line(chunk, start, newline);
      start = newline + 1;
    }
    if (start < chunk.length) this.carry(chunk.subarray(start));
  }

  /** The last line, when the input does not end with a newline. */
  end(): void {
    if (this.carriedLength > 0 || this.overlong >= 0) this.endCarried();
  }

  private carry(bytes: Buffer): void {
    if (this.overlong >= 0) {
      this.overlong += bytes.length;
      return;
    }
    // A copy: the caller may read its next chunk into the same buffer.
    this.carried.push(Buffer.from(bytes));
    this.carriedLength += bytes.length;
    // A UTF-16 character takes at most three bytes: past this, the line is overlong for sure.
    if (this.carriedLength > 3 * (this.maxLineLength + 1)) {
      this.overlong = this.carriedLength;
      this.carried = [];
      this.carriedLength = 0;
    }
  }

  private endCarried(): void {
    if (this.overlong >= 0) {
      this.firstLine = false;
      this.sink.other({ overlong: this.overlong });
      this.overlong = -1;
      return;
    }
    const line = this.carried.length === 1 ? this.carried[0]! : Buffer.concat(this.carried, this.carriedLength);
    this.carried = [];
    this.carriedLength = 0;
    this.line(line, 0, line.length);
  }

  private line(bytes: Buffer, start: number, end: number): void {
    if (end > start && bytes[end - 1] === 13) end--;
    // A UTF-8 byte order mark before the first line (Windows tools write one) is not part of it.
    if (this.firstLine) {
      this.firstLine = false;
      if (end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
    }
    // A line of the usual shape has no more characters than bytes: within the bound in bytes, it is within it.
    if (end - start <= this.maxLineLength && readAgentUrl(bytes, start, end, this.span)) {
      this.sink.query(bytes, this.span);
      return;
    }
    // Lossless: a byte that is not UTF-8 stays that octet for the matcher (see lineBatches).
    const text = decodeUtf8Lossless(bytes.subarray(start, end));
    this.sink.other(text.length > this.maxLineLength ? { overlong: text.length } : text);
  }
}
