/**
 * Text of one log file → parsed lines: chunks are cut into lines (a line may straddle
 * chunks; a line ends at LF, CRLF or CR), the format is detected from the first lines when not
 * given, and each line is parsed. What comes out goes to a `LogLineSink`, the replay's
 * session, in log order.
 */

import { createLogParser, detectLogFormat } from './log-formats';
import type { ClfFields, JsonFieldNames, LogFormat, LogLineParser, LogRequest } from './log-formats';

/** Receives a file's lines in log order. */
export interface LogLineSink {
  /** The file's format: given (source `given`) or detected (source says how). */
  formatChosen(format: LogFormat, source: string): void;
  /** `count` more lines were read, blank and unparsed ones included. */
  linesRead(count: number): void;
  /** A request read from line `line` (1-based); a returned promise pauses the reader. */
  request(request: LogRequest, line: number): void | Promise<void>;
  /**
   * Optional: a combined/common request as positions in `text` (see `clfRequest`), for sinks
   * that would rather not have its strings cut. `fields` is reused for the next line.
   */
  requestAt?(text: string, fields: Readonly<ClfFields>, line: number): void | Promise<void>;
  /**
   * Optional, with a `LineSieve`: a combined/common request the sieve let through, read and
   * checked but only its time handed on (nothing else of it can matter to the sink).
   */
  counted?(time: number, line: number): void;
  /** A line that is not a request, with why; a returned promise pauses the reader. */
  parseFailure(line: number, text: string, reason: string): void | Promise<void>;
  /** A line that is no request and no failure either: blank, a comment or a header. */
  skipped(line: number): void;
}

/** Anything with `aborted`, such as an `AbortSignal` (the core's ES2022 lib has no DOM types). */
export interface CancelSignal {
  readonly aborted: boolean;
}

/**
 * Tells the combined/common requests that may matter to the sink from those that cannot,
 * from the line as read (`fields`). Those it does not want are only counted by time (`counted`).
 */
export interface LineSieve {
  wants(text: string, fields: Readonly<ClfFields>): boolean;
}

export interface LogLineReaderOptions {
  readonly jsonFields?: JsonFieldNames;
  /** Combined and common only (other formats read every line whole). */
  readonly sieve?: LineSieve;
  /** Checked every few thousand lines: once aborted, the reader stops. */
  readonly signal?: CancelSignal;
}

const SAMPLE_LINES = 50;
/**
 * The line limit: a longer line is one unparsed line, whatever follows in it, so memory stays
 * bounded and no tail of it is ever read as a request of its own.
 */
export const MAX_LINE_CHARS = 1 << 20;
const LONG_LINE = `longer than the line limit (${MAX_LINE_CHARS} characters)`;
/** A carriage return that ends a line on its own (not the CR of a CRLF, not the chunk's last character). */
const LONE_CR = /\r(?!\n|$)/g;

/**
 * Reads one file at a time (`begin`, `feed`, `end`). `feed` and `end` return a promise only
 * when the sink made them wait; callers must wait for it before feeding more.
 */
export class LogLineReader {
  private lineNo = 0;
  private parser: LogLineParser | undefined;
  private sample: { text: string; line: number }[] | undefined;
  private partial = '';
  /** The rest of a line over the limit is dropped up to its end. */
  private dropping = false;
  /** The previous chunk ended in CR: a LF at the start of this one belongs to it. */
  private afterCr = false;
  private halted = false;
  /** The parser can `scan` and the sink takes positions. */
  private scanning = false;
  /** A sieve is given, the parser can `scan` and the sink takes times. */
  private sieving = false;

  constructor(
    private readonly sink: LogLineSink,
    private readonly options: LogLineReaderOptions = {},
  ) {}

  /** Lines read from the current file so far. */
  get lines(): number {
    return this.lineNo;
  }

  /** True once stopped (by `stop` or the signal): further input is ignored. */
  get stopped(): boolean {
    return this.halted;
  }

  stop(): void {
    this.halted = true;
  }

  begin(format: LogFormat | 'auto'): void {
    this.lineNo = 0;
    this.partial = '';
    this.dropping = false;
    this.afterCr = false;
    if (format === 'auto') {
      this.parser = undefined;
      this.sample = [];
    } else {
      this.useParser(createLogParser(format, this.parserOptions()));
      this.sample = undefined;
      this.sink.formatChosen(format, 'given');
    }
  }

  /** Feeds text of the current file; a trailing partial line waits for the next chunk. */
  feed(text: string): void | Promise<void> {
    if (this.halted || text === '') return;
    const chunk = this.lineEndsAsLf(text);
    // lastIndexOf is a slow runtime call in V8; chunks end at a line break almost always.
    const lastNewline = chunk.charCodeAt(chunk.length - 1) === 0x0a ? chunk.length - 1 : chunk.lastIndexOf('\n');
    if (lastNewline < 0) {
      if (this.dropping) return;
      this.partial += chunk;
      if (this.partial.length > MAX_LINE_CHARS) return this.longLine();
      return;
    }
    const rest = lastNewline < chunk.length - 1 ? chunk.slice(lastNewline + 1) : '';
    let start = 0;
    let pending: void | Promise<void> = undefined;
    if (this.dropping) {
      // The end of a line already reported as over the limit.
      this.dropping = false;
      start = chunk.indexOf('\n') + 1;
    } else if (this.partial !== '') {
      // The line begun in the previous chunk is completed on its own, so the chunk itself is
      // never concatenated (and copied) as a whole.
      const first = chunk.indexOf('\n');
      start = first + 1;
      if (this.partial.length + first > MAX_LINE_CHARS) {
        pending = this.longLine();
        this.dropping = false;
      } else {
        const line = this.partial + chunk.slice(0, first + 1);
        this.partial = '';
        pending = this.run(line, 0, line.length);
      }
    }
    const finish = (): void | Promise<void> => {
      this.partial = rest;
      return this.run(chunk, start, lastNewline + 1);
    };
    return pending ? pending.then(finish) : finish();
  }

  /** Ends the current file: its last line (without newline) is read, and a pending format detection concludes. */
  end(): void | Promise<void> {
    if (this.halted) return;
    const rest = this.partial;
    this.partial = '';
    this.dropping = false;
    this.afterCr = false;
    const after = (): void | Promise<void> => (this.sample !== undefined ? this.concludeDetection() : undefined);
    if (rest !== '') {
      const r = this.run(rest + '\n', 0, rest.length + 1);
      if (r) return r.then(after);
    }
    return after();
  }

  /**
   * The chunk with every line end as LF: a lone CR becomes LF (CRLF stays, the CR is dropped
   * with the line), and a LF that completes a CR ending the previous chunk is dropped.
   * Logs with LF ends pay one search for a CR per chunk.
   */
  private lineEndsAsLf(text: string): string {
    let chunk = text;
    if (this.afterCr) {
      this.afterCr = false;
      if (chunk.charCodeAt(0) === 0x0a) {
        chunk = chunk.slice(1);
        if (chunk === '') return chunk;
      }
    }
    if (chunk.indexOf('\r') < 0) return chunk;
    chunk = chunk.replace(LONE_CR, '\n');
    if (chunk.charCodeAt(chunk.length - 1) === 0x0d) {
      // A CR at the end: whether a LF follows is known only with the next chunk, and the
      // line ends here either way.
      this.afterCr = true;
      chunk = chunk.slice(0, -1) + '\n';
    }
    return chunk;
  }

  /** The waiting part of a line over the limit: one unparsed line; the rest of it is dropped. */
  private longLine(): void | Promise<void> {
    const head = this.partial.slice(0, 300);
    this.partial = '';
    this.dropping = true;
    this.lineNo++;
    this.sink.linesRead(1);
    return this.sink.parseFailure(this.lineNo, head, LONG_LINE);
  }

  private parserOptions(): { jsonFields?: JsonFieldNames } {
    return this.options.jsonFields ? { jsonFields: this.options.jsonFields } : {};
  }

  /** Lines of text[pos, end), each ending in `\n`. Synchronous until something must be awaited. */
  private run(text: string, pos: number, end: number): void | Promise<void> {
    const signal = this.options.signal;
    let checked = 0;
    while (pos < end) {
      if (++checked === 4096) {
        checked = 0;
        if (signal?.aborted) {
          this.halted = true;
          return;
        }
      }
      const newline = text.indexOf('\n', pos);
      const next = newline < 0 || newline >= end ? end : newline + 1;
      let lineEnd = next - 1;
      if (text.charCodeAt(lineEnd) !== 0x0a) lineEnd = next;
      if (lineEnd > pos && text.charCodeAt(lineEnd - 1) === 0x0d) lineEnd--;
      const pending = this.line(text, pos, lineEnd);
      pos = next;
      if (pending !== undefined) {
        const resumeAt = pos;
        return pending.then(() => {
          if (signal?.aborted) {
            this.halted = true;
            return;
          }
          return this.run(text, resumeAt, end);
        });
      }
    }
  }

  private line(text: string, start: number, end: number): void | Promise<void> {
    this.lineNo++;
    this.sink.linesRead(1);
    // Whole in one big chunk or joined from pieces, a line over the limit is never parsed.
    if (end - start > MAX_LINE_CHARS) return this.sink.parseFailure(this.lineNo, text.slice(start, start + 300), LONG_LINE);
    if (this.sample !== undefined) {
      this.sample.push({ text: text.slice(start, end), line: this.lineNo });
      if (this.sample.length >= SAMPLE_LINES) return this.concludeDetection();
      return;
    }
    return this.read(text, start, end, this.lineNo);
  }

  private concludeDetection(): void | Promise<void> {
    const sample = this.sample ?? [];
    this.sample = undefined;
    const detection = detectLogFormat(
      sample.map((s) => s.text),
      this.parserOptions(),
    );
    this.useParser(createLogParser(detection.format, this.parserOptions()));
    this.sink.formatChosen(
      detection.format,
      detection.matched === 0 ? `not recognised (no sample line parsed); read as ${detection.format}` : `detected: ${detection.matched} of ${detection.sampled} sample lines`,
    );
    return sequence(sample, (s) => this.read(s.text, 0, s.text.length, s.line));
  }

  private useParser(parser: LogLineParser): void {
    this.parser = parser;
    this.scanning = parser.scan !== undefined && this.sink.requestAt !== undefined;
    this.sieving = this.scanning && this.options.sieve !== undefined && this.sink.counted !== undefined;
  }

  private read(text: string, start: number, end: number, line: number): void | Promise<void> {
    const parser = this.parser!;
    if (this.sieving) {
      const result = parser.scan!(text, start, end);
      if (result !== true) return this.parsed(result, text, start, end, line);
      const fields = parser.scanned!;
      if (!this.options.sieve!.wants(text, fields)) return this.sink.counted!(fields.time, line);
      return this.sink.requestAt!(text, fields, line);
    }
    if (this.scanning) {
      const result = parser.scan!(text, start, end);
      if (result === true) return this.sink.requestAt!(text, parser.scanned!, line);
      return this.parsed(result, text, start, end, line);
    }
    return this.parsed(parser.parse(text, start, end), text, start, end, line);
  }

  private parsed(result: LogRequest | string | null, text: string, start: number, end: number, line: number): void | Promise<void> {
    if (result === null) return this.sink.skipped(line);
    if (typeof result === 'string') return this.sink.parseFailure(line, text.slice(start, end), result);
    return this.sink.request(result, line);
  }
}

/** Runs `fn` over items in order, waiting only when it returns a promise. */
function sequence<T>(items: readonly T[], fn: (item: T) => void | Promise<void>, from = 0): void | Promise<void> {
  for (let i = from; i < items.length; i++) {
    const pending = fn(items[i]!);
    if (pending !== undefined) return pending.then(() => sequence(items, fn, i + 1));
  }
}
