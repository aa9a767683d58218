/**
 * Access logs for the replay: streamed in ~1 MiB chunks (never loaded whole), gunzipped when
 * they start with the gzip magic bytes, and decoded as UTF-8 (pure-ASCII chunks take the much
 * faster one-byte path; a byte that is not UTF-8 stays that octet, see utf8-chunks.ts). Lines
 * may straddle chunks: the replay joins them. A log may be a regular file or a stream (`-`
 * for stdin, /dev/stdin, a FIFO, `<(…)`): streams are read once, front to back, and their
 * compression is told from the first bytes read.
 */

import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { countOf, formatCount } from '@robots-lens/kernel/words';
import { peekFirstTime } from '@robots-lens/replay/logs';
import { replayLogs, scanLogs, sievedScanLogs } from '@robots-lens/replay';
import type { AuditSummary, LogInput, ReplayHandlers, ReplayOptions } from '@robots-lens/replay';
import type { CarriedState } from '@robots-lens/replay/shards';
import type { LogFormat, PeekedLog } from '@robots-lens/replay/logs';
import { describeFsError, InputError } from './files';
import { gunzipMembers } from './gzip-members';
import type { GzipDamage } from './gzip-members';
import { decodeChunk, utf8Boundary } from './utf8-chunks';

/** Bytes per read: reads of 256 KiB and more cost the kernel about twice as much per byte (measured). */
const CHUNK_BYTES = 128 << 10;
/**
 * Text handed on at a time. A decoded string over ~128 KiB is a large object: V8 gives it
 * fresh pages (page faults) and only a full GC frees it, which cost more than the decoding
 * itself; smaller ones come from the young generation and die young.
 */
const TEXT_BYTES = 64 << 10;
/** Room before a chunk for the incomplete UTF-8 sequence carried from the previous one. */
const CARRY_ROOM = 4;

export interface LogFileInfo {
  readonly path: string;
  /** Size of a regular file; null for a stream. */
  readonly bytes: number | null;
  /** Whether a regular file is gzip; null for a stream (told from its first bytes when read). */
  readonly gzip: boolean | null;
}

/** The paths that name this process's standard input. */
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** Size and compression of a log file (or that it is a stream), with fs errors turned into one clear sentence. */
export async function inspectLogFile(path: string): Promise<LogFileInfo> {
  if (path === '-') return { path, bytes: null, gzip: null };
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new InputError(`${path} is a directory, not a log file.`);
    // A pipe, FIFO or terminal cannot be read at a position: it is read once, as a stream.
    if (!info.isFile()) return { path, bytes: null, gzip: null };
    size = info.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(describeFsError(error, path, 'log file'));
  }
  const handle = await open(path, 'r');
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    return { path, bytes: size, gzip: bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b };
  } finally {
    await handle.close();
  }
}

/** A regular log file opened for reading; fs errors become one clear sentence. */
export async function openLogFile(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r');
  } catch (error) {
    throw new InputError(describeFsError(error, path, 'log file'));
  }
}

export interface ReadLogOptions {
  /** Called when a gzip file turns out truncated: what was read is kept. */
  readonly onWarning?: (message: string) => void;
}

/**
 * The file as a `LogInput` for `replayLogs`: text chunks (cut anywhere but inside a UTF-8
 * character), and the bytes of the file (compressed bytes for gzip) read so far for progress.
 */
export function logInput(info: LogFileInfo, options: ReadLogOptions & { name?: string; format?: LogFormat | 'auto' } = {}): LogInput {
  const read = { bytes: 0 };
  const warnings: string[] = [];
  const reading: ReadLogOptions = {
    ...options,
    onWarning: (message) => {
      warnings.push(message);
      options.onWarning?.(message);
    },
  };
  const chunks = (): AsyncGenerator<string> => {
    if (info.gzip === null) return streamChunks(info, reading, read);
    if (info.gzip) return gzipChunks(info, createReadStream(info.path, { highWaterMark: CHUNK_BYTES }), reading, read);
    return plainChunks(info, reading, read);
  };
  return {
    name: options.name ?? info.path,
    ...(options.format ? { format: options.format } : {}),
    chunks: { [Symbol.asyncIterator]: () => chunks()[Symbol.asyncIterator]() },
    progress: () => ({ bytesRead: read.bytes, bytesTotal: info.bytes }),
    warnings: () => warnings,
  };
}

/**
 * A plain file, read into two reused buffers in turn: allocating a fresh megabyte per read
 * (as a ReadStream does) counts as external memory and makes V8 run a full GC every few
 * reads. The next read is under way while a chunk is decoded and replayed, so the replay
 * never waits for the disk (or the page cache copy) between chunks. Only an incomplete UTF-8
 * sequence (at most 3 bytes) is carried to the next chunk, in room kept before it: lines may
 * straddle chunks, and the replay joins them, so no chunk is ever copied to be joined.
 */
async function* plainChunks(info: LogFileInfo, options: ReadLogOptions, read: { bytes: number }): AsyncGenerator<string> {
  const handle = await openLogFile(info.path);
  const buffers = [Buffer.allocUnsafe(CARRY_ROOM + CHUNK_BYTES), Buffer.allocUnsafe(CARRY_ROOM + CHUNK_BYTES)];
  const readInto = (buf: Buffer): Promise<number> =>
    handle.read(buf, CARRY_ROOM, CHUNK_BYTES, null).then(
      (r) => r.bytesRead,
      (error: unknown) => {
        throw new InputError(describeFsError(error, info.path, 'log file'));
      },
    );
  let which = 0;
  let pending: Promise<number> | undefined = readInto(buffers[0]!);
  let carried = 0;
  try {
    for (;;) {
      const n = await pending!;
      pending = undefined;
      read.bytes += n;
      const buf = buffers[which]!;
      if (n === 0) break;
      const next = buffers[1 - which]!;
      pending = readInto(next);
      let start = CARRY_ROOM - carried;
      const filled = CARRY_ROOM + n;
      // Decoded in pieces small enough for V8's young generation (see TEXT_BYTES).
      while (filled - start > TEXT_BYTES) {
        const cut = start + utf8Boundary(buf.subarray(start, start + TEXT_BYTES));
        yield decodeChunk(buf.subarray(start, cut));
        start = cut;
      }
      const cut = start + utf8Boundary(buf.subarray(start, filled));
      const text = decodeChunk(buf.subarray(start, cut));
      carried = filled - cut;
      // Into the room before the next chunk: the read under way writes after it.
      if (carried > 0) buf.copy(next, CARRY_ROOM - carried, cut, filled);
      which = 1 - which;
      yield text;
    }
    if (carried > 0) yield decodeChunk(buffers[which]!.subarray(CARRY_ROOM - carried, CARRY_ROOM));
  } finally {
    // A read still under way (the consumer stopped early) must end before the file closes.
    await pending?.catch(() => undefined);
    await handle.close();
  }
}

/** A log read as a stream, once: gzip when its first bytes are the gzip magic bytes. */
async function* streamChunks(info: LogFileInfo, options: ReadLogOptions, read: { bytes: number }): AsyncGenerator<string> {
  const source: AsyncIterable<Buffer> = STDIN_PATHS.has(info.path) ? process.stdin : createReadStream(info.path, { highWaterMark: CHUNK_BYTES });
  const iterator = source[Symbol.asyncIterator]();
  const failed = (error: unknown): InputError => new InputError(describeFsError(error, info.path, 'log file'));
  // The first two bytes tell gzip from text (a first read may bring just one).
  let head = Buffer.alloc(0);
  try {
    while (head.length < 2) {
      const next = await iterator.next();
      if (next.done === true) break;
      head = Buffer.concat([head, next.value]);
    }
  } catch (error) {
    throw failed(error);
  }
  const rest: AsyncIterable<Buffer> = {
    [Symbol.asyncIterator]: async function* () {
      if (head.length > 0) yield head;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
    },
  };
  try {
    if (head[0] === 0x1f && head[1] === 0x8b) {
      yield* gzipChunks(info, rest, options, read);
      return;
    }
    let carry: Buffer | undefined;
    for await (const raw of rest) {
      read.bytes += raw.length;
      yield* decodedPieces(carry ? Buffer.concat([carry, raw]) : raw, (left) => {
        carry = left;
      });
    }
    if (carry) yield decodeChunk(carry);
  } catch (error) {
    throw error instanceof InputError ? error : failed(error);
  } finally {
    await iterator.return?.();
  }
}

/** Text of `buf` in pieces of at most TEXT_BYTES, cut on UTF-8 boundaries; an incomplete last character goes to `keep`. */
function* decodedPieces(buf: Buffer, keep: (left: Buffer | undefined) => void): Generator<string> {
  let start = 0;
  while (buf.length - start > TEXT_BYTES) {
    const cut = start + utf8Boundary(buf.subarray(start, start + TEXT_BYTES));
    yield decodeChunk(buf.subarray(start, cut));
    start = cut;
  }
  const cut = start + utf8Boundary(buf.subarray(start));
  keep(cut < buf.length ? Buffer.from(buf.subarray(cut)) : undefined);
  if (cut > start) yield decodeChunk(buf.subarray(start, cut));
}

/**
 * Gzip (magic bytes 1f 8b, whatever the name), gunzipped member by member. What decompressed
 * before damage (a cut, trailing garbage) is replayed; the damage becomes a warning.
 */
async function* gzipChunks(info: LogFileInfo, compressed: AsyncIterable<Buffer>, options: ReadLogOptions, read: { bytes: number }): AsyncGenerator<string> {
  const counted: AsyncIterable<Buffer> = {
    [Symbol.asyncIterator]: async function* () {
      try {
        for await (const data of compressed) {
          read.bytes += data.length;
          yield data;
        }
      } catch (error) {
        throw new InputError(describeFsError(error, info.path, 'log file'));
      }
    },
  };
  let damage: GzipDamage | undefined;
  let carry: Buffer | undefined;
  let total = 0;
  for await (const raw of gunzipMembers(counted, TEXT_BYTES, (d) => {
    damage = d;
  })) {
    total += raw.length;
    const buf = carry ? Buffer.concat([carry, raw]) : raw;
    const cut = utf8Boundary(buf);
    carry = cut < buf.length ? Buffer.from(buf.subarray(cut)) : undefined;
    yield decodeChunk(cut < buf.length ? buf.subarray(0, cut) : buf);
  }
  if (carry) yield decodeChunk(carry);
  if (damage === undefined) return;
  const at = `at byte ${formatCount(damage.offset)}`;
  if (damage.kind === 'unreadable' && total === 0) throw new InputError(`${info.path}: not a readable gzip file (${damage.message}).`);
  if (damage.kind === 'trailing') {
    options.onWarning?.(`${info.path}: ${countOf(damage.bytes, 'byte')} of trailing garbage after the gzip data, ${at}; the ${formatCount(total)} decompressed bytes before it were read.`);
  } else if (damage.kind === 'truncated') {
    options.onWarning?.(`${info.path}: the gzip stream ends early ${at} (truncated file?); the lines before the cut were read.`);
  } else {
    options.onWarning?.(`${info.path}: the gzip data is damaged ${at} (${damage.message}); the ${formatCount(total)} decompressed bytes before it were read.`);
  }
}

/**
 * The time of the first request in a log, from a peek at its first chunks (see
 * `peekFirstTime`); the file is then closed. The replay peeks at the files it orders itself.
 */
export async function firstRequestTime(info: LogFileInfo, format: LogFormat | 'auto' = 'auto'): Promise<number | undefined> {
  const peeked = await peekFirstTime(logInput(info), format);
  await peeked.close();
  return peeked.firstTime;
}

export interface ReplayFilesOptions extends ReplayOptions {
  /**
   * Merge the files' requests by time (default true; files are listed in the order of their
   * first request when all are regular files); false reads them one after another as given.
   */
  readonly orderByTime?: boolean;
  readonly onWarning?: (message: string) => void;
}

/** Replays log files (or streams); see `replayLogs` for handlers (progress, cancellation, records). */
export async function replayLogFiles(paths: readonly string[], options: ReplayFilesOptions, handlers: ReplayHandlers = {}): Promise<AuditSummary> {
  const inputs = await logInputs(paths, options);
  return replayLogs(inputs, { ...options, mergeFiles: options.orderByTime ?? true }, { now: () => performance.now(), ...handlers });
}

/**
 * Scans log files for the state they leave the shards after them (see `scanLogs`). Files
 * (not streams) are scanned sieved first (`sievedScanLogs`: only lines that can change the
 * state are read whole), and again in full in the rare case the sieve cannot be exact; the
 * warnings of a sieved reading given up are not sent, the full one sends them again.
 */
export async function scanLogFiles(paths: readonly string[], options: ReplayFilesOptions, handlers: ReplayHandlers = {}): Promise<{ state: CarriedState; summary: AuditSummary }> {
  const full = { ...options, mergeFiles: options.orderByTime ?? true };
  const timed = { now: () => performance.now(), ...handlers };
  const streams = paths.some((p) => STDIN_PATHS.has(p)) || (await Promise.all(paths.map((p) => inspectLogFile(p)))).some((info) => info.gzip === null);
  if (!streams) {
    const held: string[] = [];
    const onWarning = options.onWarning;
    let sieved: Awaited<ReturnType<typeof sievedScanLogs>>;
    try {
      sieved = await sievedScanLogs(await logInputs(paths, { ...options, ...(onWarning ? { onWarning: (m: string) => void held.push(m) } : {}) }), full, timed);
    } catch (error) {
      // A file that cannot be read fails the full scan alike, after the same warnings.
      for (const message of held) onWarning?.(message);
      throw error;
    }
    if (sieved !== undefined) {
      for (const message of held) onWarning?.(message);
      return sieved;
    }
  }
  return scanLogs(await logInputs(paths, options), full, timed);
}

async function logInputs(paths: readonly string[], options: ReplayFilesOptions): Promise<LogInput[]> {
  if (paths.filter((p) => STDIN_PATHS.has(p)).length > 1) throw new InputError('Standard input can be given as a log only once.');
  const infos = await Promise.all(paths.map((p) => inspectLogFile(p)));
  const readOptions: ReadLogOptions = options.onWarning ? { onWarning: options.onWarning } : {};
  const inputs = infos.map((info) => logInput(info, readOptions));
  // Streams cannot be peeked at and put back in another order: they are read as given.
  if (!(options.orderByTime ?? true) || infos.length < 2 || infos.some((info) => info.gzip === null)) return inputs;
  const ordered = await peekInTimeOrder(inputs, options.format ?? 'auto', (i, peeked) => logInput(infos[i]!, unlessSent(readOptions, peeked)));
  if (ordered.some((x, i) => x.i !== i)) {
    options.onWarning?.(`Log files are listed in the order of their first request (their requests are merged by time): ${ordered.map((x) => infos[x.i]!.path).join(', ')}.`);
  }
  return ordered.map(({ input, firstTime }) => (firstTime !== undefined ? { ...input, firstTime } : input));
}

/**
 * Peeked readings kept open for the replay to read on from. Rotated logs can come by the
 * hundred: past this many, those that start latest are closed once peeked at (their first
 * request time kept) and read from their start when the replay reaches them, so a replay
 * holds at most this many files open, with their peeked text, whatever the number of logs.
 */
const OPEN_PEEKS = 32;

interface OrderedLog {
  /** The log's place in the list given. */
  readonly i: number;
  readonly input: LogInput;
  readonly firstTime: number | undefined;
}

/**
 * Peeks at every log for its first request, OPEN_PEEKS at a time, and lists the logs by it
 * (then as given). The earliest OPEN_PEEKS are handed on still open, reading on from what was
 * peeked at; any other is read again from its start (`reopen`, given the peeked reading's
 * log). When one cannot be read, the readings still open are ended before the error is thrown.
 */
async function peekInTimeOrder(inputs: readonly LogInput[], format: LogFormat | 'auto', reopen: (i: number, peeked: LogInput) => LogInput): Promise<OrderedLog[]> {
  const open: OrderedLog[] = [];
  const closed: OrderedLog[] = [];
  const peeks = new Map<number, PeekedLog>();
  for (let start = 0; start < inputs.length; start += OPEN_PEEKS) {
    const settled = await Promise.allSettled(inputs.slice(start, start + OPEN_PEEKS).map((input) => peekFirstTime(input, format)));
    settled.forEach((s, k) => {
      if (s.status !== 'fulfilled') return;
      peeks.set(start + k, s.value);
      open.push({ i: start + k, input: s.value.input, firstTime: s.value.firstTime });
    });
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed !== undefined) {
      await Promise.all(open.map(({ i }) => peeks.get(i)!.close()));
      throw failed.reason;
    }
    open.sort(byFirstRequest);
    for (const log of open.splice(OPEN_PEEKS)) {
      await peeks.get(log.i)!.close();
      closed.push({ ...log, input: reopen(log.i, log.input) });
    }
  }
  return [...open, ...closed].sort(byFirstRequest);
}

/** By the time of the first request (a log without one last), then as given. */
function byFirstRequest(a: OrderedLog, b: OrderedLog): number {
  return (a.firstTime ?? Infinity) - (b.firstTime ?? Infinity) || a.i - b.i;
}

/** `options` whose warnings go on only if the peeked reading `peeked` did not already send them. */
function unlessSent(options: ReadLogOptions, peeked: LogInput): ReadLogOptions {
  const onWarning = options.onWarning;
  if (onWarning === undefined) return options;
  const sent = new Set(peeked.warnings?.() ?? []);
  return { ...options, onWarning: (message) => void (sent.has(message) ? undefined : onWarning(message)) };
}
