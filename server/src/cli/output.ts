/**
 * The CLI's one way to write: every text output goes through `Output`, which escapes the
 * control characters untrusted text may carry (rule text, fetched files, log paths, IP list
 * fields) and is the only place that adds colour. `LineWriter` buffers millions of small
 * writes into a few large ones and honours backpressure from a slow reader.
 */

/**
 * Control characters a terminal may act on: C0 except the line feed, DEL and C1. A line
 * feed only ever comes from our own formatting, because lines of untrusted text are split
 * on it before they are shown. Also a byte that was not UTF-8, kept in the text as its
 * surrogate escape (core/encoding): written out, it would be U+FFFD, which hides which byte
 * it was; `\xNN` shows the byte the matcher reads (as `%NN`).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|(?<![\ud800-\udbff])[\udc80-\udcff]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_LINE_FEED = /[\u0000-\u001f\u007f-\u009f]|(?<![\ud800-\udbff])[\udc80-\udcff]/g;

/** Text with every control character but the line feed (and every byte that was not UTF-8) shown as `\xNN`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, hexEscape);
}

/** Text on one line: the line feed is escaped too. */
export function escapeLine(text: string): string {
  return text.replace(CONTROL_OR_LINE_FEED, hexEscape);
}

function hexEscape(c: string): string {
  const code = c.charCodeAt(0);
  // A surrogate escape is U+DC00 plus the byte. Written here rather than imported from the
  // core: this file is loaded by every command, `--version` too, which needs no core.
  const byte = code >= 0xdc80 ? code - 0xdc00 : code;
  return `\\x${byte.toString(16).padStart(2, '0')}`;
}

/**
 * JSON whose strings hold no raw DEL or C1 character either: `JSON.stringify` escapes C0
 * only, and a terminal reading U+009B takes it for the start of a control sequence.
 */
export function safeJson(value: unknown, indent?: number): string {
  return safeJsonText(JSON.stringify(value, null, indent));
}

/** JSON text with DEL and C1 written as escapes, so no terminal acts on them; still the same JSON. */
export function safeJsonText(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export type Style = 'heading' | 'error' | 'warning' | 'note' | 'allowed' | 'disallowed' | 'dim';

/** SGR codes to turn a style on and off again (only the attribute it set). */
const SGR: Readonly<Record<Style, readonly [number, number]>> = {
  heading: [1, 22],
  error: [31, 39],
  warning: [33, 39],
  note: [36, 39],
  allowed: [32, 39],
  disallowed: [31, 39],
  dim: [2, 22],
};

/** A piece of a line with a style; its text is escaped like any other. */
export interface Styled {
  readonly style: Style;
  readonly text: string;
}

export type Piece = string | Styled;

/** How a report's line is coloured: its pieces, or undefined to leave it plain. */
export type LineStyle = (line: string, index: number) => readonly Piece[] | undefined;

export function styled(style: Style, text: string): Styled {
  return { style, text };
}

/**
 * Whether to colour a stream: never with `NO_COLOR` set (no-color.org), always with
 * `FORCE_COLOR` set to anything but 0 or false, else only on a terminal that is not dumb.
 */
export function wantsColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return stream.isTTY === true && env['TERM'] !== 'dumb';
}

/** Text output with control characters escaped and colour only where wanted. */
export class Output {
  private readonly lines: LineWriter;
  readonly colour: boolean;

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean }, options: { colour?: boolean } = {}) {
    this.lines = new LineWriter(stream);
    this.colour = options.colour ?? wantsColour(stream);
  }

  /** One line made of pieces; line feeds inside a piece are escaped. */
  line(...pieces: readonly Piece[]): Promise<void> | undefined {
    return this.lines.write(pieces.map((p) => this.render(p, escapeLine)).join(''));
  }

  /**
   * A block of lines (a report the core formatted); a trailing line feed is dropped. `style`
   * may give a line as pieces, to colour its heading or verdict; their text is escaped as any.
   */
  async block(text: string, style?: LineStyle): Promise<void> {
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    const lines = body.split('\n');
    for (const [index, line] of lines.entries()) {
      const pieces = this.colour ? style?.(line, index) : undefined;
      await this.lines.write(pieces ? pieces.map((p) => this.render(p, escapeControls)).join('') : escapeControls(line));
    }
  }

  /** A JSON value, pretty with `indent`, or as one line. */
  json(value: unknown, indent?: number): Promise<void> | undefined {
    return this.lines.write(safeJson(value, indent));
  }

  flush(): Promise<void> {
    return this.lines.flush();
  }

  private render(piece: Piece, escape: (text: string) => string): string {
    if (typeof piece === 'string') return escape(piece);
    const text = escape(piece.text);
    if (!this.colour || text === '') return text;
    const [on, off] = SGR[piece.style];
    return `\x1b[${on}m${text}\x1b[${off}m`;
  }
}

const NO_BYTES = new Uint8Array(0);
const NEWLINE = new Uint8Array([0x0a]);

/** How many chunks a writer may have in its stream, not yet taken by the reader, before it waits. */
const AHEAD_CHUNKS = 4;

/**
 * Written chunks kept to be filled again: as many as there can be at once (AHEAD_CHUNKS in
 * the stream, one sent past them that waits for its drain, one being filled), so that a
 * burst of callbacks does not leave one to be dropped and a fresh one made later. With four
 * kept, a 200,000-line batch read by another process made 22 fresh 256 KiB chunks, each 64
 * page faults the first time it is filled.
 */
const KEPT_CHUNKS = AHEAD_CHUNKS + 2;

/** What `stream` holds not yet written; a stream that does not tell is taken as full. */
function waitingBytes(stream: NodeJS.WritableStream): number {
  return (stream as { writableLength?: number }).writableLength ?? Infinity;
}

/** stdout, or a file stream once open: a stream writing to a file descriptor, with nothing between. */
function writesToDescriptor(stream: NodeJS.WritableStream): boolean {
  return typeof (stream as { fd?: unknown }).fd === 'number';
}

/**
 * Buffered lines for streaming commands: millions of small writes become a few large
 * ones, and backpressure from a slow reader (a pipe into `head`) is honoured. It writes
 * what it is given: files of records (CSV, JSON lines) use it directly.
 */
export class LineWriter {
  /** The bytes gathered for the next write. */
  private chunk: Buffer;
  private used = 0;
  /**
   * Chunks the stream has finished writing, taken again before a new one is made: a fresh
   * 256 KiB per write is fresh pages for the kernel to hand out, and a batch writes 100 MB of
   * full answers. Only for a stream writing to a file descriptor (stdout, a file), which is
   * done with a chunk when its callback comes; another (a PassThrough) may hand the very
   * chunk on to its reader, so it gets a fresh one each time.
   */
  private readonly written: Buffer[] = [];

  constructor(private readonly stream: NodeJS.WritableStream, flushAt = 64 * 1024) {
    this.chunk = Buffer.allocUnsafe(flushAt);
  }

  /**
   * Queues a line; resolves at once unless the buffer had to be flushed into a full stream.
   * Lines are encoded into the chunk as they come: joining them into one string first and
   * encoding that cost more than working out the answers.
   */
  write(line: string): Promise<void> | undefined {
    return this.writeAround(NO_BYTES, line, NO_BYTES);
  }

  /**
   * Queues the line `before` + `text` + `after`, the two ends already encoded: a stream of
   * answers that differ in one field copies the rest as bytes, and no string of the whole
   * line is built only to be encoded and thrown away.
   */
  writeAround(before: Uint8Array, text: string, after: Uint8Array, encoding: 'utf8' | 'latin1' = 'utf8'): Promise<void> | undefined {
    // A UTF-16 code unit is at most 3 bytes of UTF-8: with that much room left, the line fits.
    const most = before.length + text.length * 3 + after.length + 1;
    const flushing = this.used + most > this.chunk.length ? this.sendChunk() : undefined;
    if (most > this.chunk.length) return this.sendLong(flushing, [before, Buffer.from(text), after]);
    const chunk = this.chunk;
    let used = this.used;
    chunk.set(before, used);
    used += before.length;
    // Text known to be ASCII is the same bytes in Latin-1, written without looking for more.
    if (text !== '') used += chunk.write(text, used, encoding);
    chunk.set(after, used);
    used += after.length;
    chunk[used++] = 0x0a;
    this.used = used;
    return flushing;
  }

  /** `writeAround` with the middle given as bytes, `bytes[start, end)`, copied as they are. */
  writeBytesAround(before: Uint8Array, bytes: Uint8Array, start: number, end: number, after: Uint8Array): Promise<void> | undefined {
    const most = before.length + (end - start) + after.length + 1;
    const flushing = this.used + most > this.chunk.length ? this.sendChunk() : undefined;
    if (most > this.chunk.length) return this.sendLong(flushing, [before, bytes.subarray(start, end), after]);
    const chunk = this.chunk;
    let used = this.used;
    chunk.set(before, used);
    used += before.length;
    // By hand: a URL is a few dozen bytes, and `set` would want a view of them made first.
    for (let i = start; i < end; i++) chunk[used++] = bytes[i]!;
    chunk.set(after, used);
    used += after.length;
    chunk[used++] = 0x0a;
    this.used = used;
    return flushing;
  }

  /** A line longer than the chunk, written on its own after what came before it. */
  private sendLong(flushing: Promise<void> | undefined, parts: readonly Uint8Array[]): Promise<void> {
    return Promise.all([flushing, this.send(Buffer.concat([...parts, NEWLINE]))]).then(() => undefined);
  }

  /**
   * Sends what is gathered and resolves once the stream has written all it was given, or
   * rejects with the first write that failed: a command's last flush, or one made for a
   * reader waiting on its answers. (A full chunk is sent as lines come, without waiting so.)
   */
  flush(): Promise<void> {
    return this.sendChunk().then(() => this.allWritten());
  }

  /** Sends the gathered lines; resolves when more may be gathered (see `send`). */
  private sendChunk(): Promise<void> {
    if (this.used === 0) return Promise.resolve();
    const whole = this.chunk;
    const bytes = whole.subarray(0, this.used);
    this.chunk = this.written.pop() ?? Buffer.allocUnsafe(whole.length);
    this.used = 0;
    return this.send(bytes, whole);
  }

  /** Writes sent whose callback has not come yet. */
  private unwritten = 0;
  /** The first write that failed. */
  private writeFailure: Error | undefined;
  /** Flushes waiting for `unwritten` to come back to 0. */
  private waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  private allWritten(): Promise<void> {
    if (this.writeFailure) return Promise.reject(this.writeFailure);
    if (this.unwritten === 0) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /**
   * Writes `data`; `reusable`, the chunk it lies in, is taken again once the stream is done
   * with it. Resolves at once while the stream holds only a few chunks: waiting for each to
   * drain left the process idle while its reader read, and the reader idle while it worked.
   * A failure then reaches the next `flush`.
   */
  private send(data: Buffer | string, reusable?: Buffer): Promise<void> {
    this.unwritten++;
    return new Promise((resolve, reject) => {
      const ok = this.stream.write(data, (error) => {
        this.unwritten--;
        if (error) {
          this.writeFailure ??= error;
          reject(error);
        } else if (reusable && this.written.length < KEPT_CHUNKS && writesToDescriptor(this.stream)) {
          this.written.push(reusable);
        }
        if (this.writeFailure || this.unwritten === 0) this.settleWaiting();
      });
      if (ok || waitingBytes(this.stream) <= this.chunk.length * AHEAD_CHUNKS) resolve();
      else this.stream.once('drain', resolve);
    });
  }

  private settleWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const flush of waiting) {
      if (this.writeFailure) flush.reject(this.writeFailure);
      else flush.resolve();
    }
  }
}
