/**
 * Buffered lines for stdout and the files a command writes: millions of small writes become
 * a few large ones, and backpressure from a slow reader is honoured. It writes what it is
 * given, already escaped (output.ts has the rules, `safeJson` and `escapeLine`).
 */

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
