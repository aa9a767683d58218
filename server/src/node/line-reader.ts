/**
 * Lines of a stream, a chunk's worth at a time: a batch of queries is millions of short
 * lines, and one await per chunk instead of one per line is most of the difference
 * between reading at disk speed and reading at promise speed.
 */

import { decodeChunk, utf8Boundary } from './utf8-chunks';

/** A line longer than the bound: its text is dropped as it streams past, only its length is kept. */
export interface OverlongLine {
  readonly overlong: number;
}

/**
 * The lines of `input` (UTF-8; LF or CRLF), in batches of one chunk's lines. A line over
 * `maxLineLength` characters comes as an `OverlongLine`, so one endless line cannot fill memory.
 * A byte that is not UTF-8 is kept as its surrogate escape (see `LosslessUtf8`).
 */
export async function* lineBatches(input: NodeJS.ReadableStream, maxLineLength: number): AsyncGenerator<Array<string | OverlongLine>> {
  const decoder = new LosslessUtf8();
  let carry = '';
  /** Characters of an overlong line seen so far, or -1 when the current line is within bounds. */
  let overlong = -1;
  const lines: Array<string | OverlongLine> = [];
  const take = (text: string, last: boolean): void => {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      if (overlong >= 0) {
        lines.push({ overlong: overlong + end - start });
        overlong = -1;
      } else {
        const line = end > start && text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
        lines.push(line.length > maxLineLength ? { overlong: line.length } : line);
      }
      start = end + 1;
    }
    const rest = text.slice(start);
    if (overlong >= 0) overlong += rest.length;
    else if (rest.length > maxLineLength) overlong = rest.length;
    else carry = rest;
    if (overlong >= 0) carry = '';
    if (last && (carry !== '' || overlong >= 0)) {
      lines.push(overlong >= 0 ? { overlong } : carry);
      carry = '';
    }
  };
  for await (const chunk of input) {
    const text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
    carry = '';
    take(text, false);
    if (lines.length > 0) yield lines.splice(0, lines.length);
  }
  take(carry + decoder.end(), true);
  if (lines.length > 0) yield lines.splice(0, lines.length);
}

/** UTF-8 decoded a chunk at a time (see utf8-chunks.ts): a character cut at a chunk's end waits for the next chunk. */
class LosslessUtf8 {
  private pending: Buffer | undefined;

  write(chunk: Buffer): string {
    const bytes = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    const cut = utf8Boundary(bytes);
    this.pending = cut < bytes.length ? Buffer.from(bytes.subarray(cut)) : undefined;
    return decodeChunk(bytes.subarray(0, cut));
  }

  /** What is left: a sequence cut short by the end of the input is invalid, its bytes escaped. */
  end(): string {
    const rest = this.pending;
    this.pending = undefined;
    return rest ? decodeChunk(rest) : '';
  }
}
