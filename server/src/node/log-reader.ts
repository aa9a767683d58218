/**
 * Access logs from disk for the replay: streamed in ~1 MiB chunks (never loaded whole),
 * gunzipped when the file starts with the gzip magic bytes, and decoded as UTF-8 (pure-ASCII
 * chunks take the much faster one-byte path). Lines may straddle chunks: the replay joins them.
 */

import { isAscii } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createGunzip } from 'node:zlib';
import { createLogParser, detectLogFormat, replayLogs } from '../core';
import type { AuditSummary, LogFormat, LogInput, ReplayHandlers, ReplayOptions } from '../core';
import { describeFsError, InputError } from './files';

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
  readonly bytes: number;
  readonly gzip: boolean;
}

/** Size and compression of a log file, with fs errors turned into one clear sentence. */
export async function inspectLogFile(path: string): Promise<LogFileInfo> {
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new InputError(`${path} is a directory, not a log file.`);
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

export interface ReadLogOptions {
  /** Called when a gzip file turns out truncated: what was read is kept. */
  readonly onWarning?: (message: string) => void;
  /** Stop after this many decompressed bytes (for peeking). */
  readonly limitBytes?: number;
}

/**
 * The file as a `LogInput` for `replayLogs`: text chunks (cut anywhere but inside a UTF-8
 * character), and the bytes of the file (compressed bytes for gzip) read so far for progress.
 */
export function logInput(info: LogFileInfo, options: ReadLogOptions & { name?: string; format?: LogFormat | 'auto' } = {}): LogInput {
  const read = { bytes: 0 };
  return {
    name: options.name ?? info.path,
    ...(options.format ? { format: options.format } : {}),
    chunks: { [Symbol.asyncIterator]: () => (info.gzip ? gzipChunks(info, options, read) : plainChunks(info, options, read))[Symbol.asyncIterator]() },
    progress: () => ({ bytesRead: read.bytes, bytesTotal: info.bytes }),
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
  let handle: FileHandle;
  try {
    handle = await open(info.path, 'r');
  } catch (error) {
    throw new InputError(describeFsError(error, info.path, 'log file'));
  }
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
      const done = options.limitBytes !== undefined && read.bytes >= options.limitBytes;
      if (!done) pending = readInto(next);
      let start = CARRY_ROOM - carried;
      const filled = CARRY_ROOM + n;
      // Decoded in pieces small enough for V8's young generation (see TEXT_BYTES).
      while (filled - start > TEXT_BYTES) {
        const cut = start + utf8Boundary(buf.subarray(start, start + TEXT_BYTES));
        yield decode(buf.subarray(start, cut));
        start = cut;
      }
      const cut = start + utf8Boundary(buf.subarray(start, filled));
      const text = decode(buf.subarray(start, cut));
      carried = filled - cut;
      // Into the room before the next chunk: the read under way writes after it.
      if (carried > 0) buf.copy(next, CARRY_ROOM - carried, cut, filled);
      which = 1 - which;
      yield text;
      if (done) return;
    }
    if (carried > 0) yield decode(buffers[which]!.subarray(CARRY_ROOM - carried, CARRY_ROOM));
  } finally {
    // A read still under way (the consumer stopped early) must end before the file closes.
    await pending?.catch(() => undefined);
    await handle.close();
  }
}

/** A gzip file (magic bytes 1f 8b, whatever its name), gunzipped as a stream. */
async function* gzipChunks(info: LogFileInfo, options: ReadLogOptions, read: { bytes: number }): AsyncGenerator<string> {
  const file = createReadStream(info.path, { highWaterMark: CHUNK_BYTES });
  const gunzip = createGunzip({ chunkSize: TEXT_BYTES });
  file.on('error', (error) => gunzip.destroy(error));
  file.on('data', (data: string | Buffer) => {
    read.bytes += data.length;
  });
  file.pipe(gunzip);
  let carry: Buffer | undefined;
  let total = 0;
  try {
    for await (const raw of gunzip as AsyncIterable<Buffer>) {
      total += raw.length;
      const buf = carry ? Buffer.concat([carry, raw]) : raw;
      const cut = utf8Boundary(buf);
      carry = cut < buf.length ? Buffer.from(buf.subarray(cut)) : undefined;
      yield decode(cut < buf.length ? buf.subarray(0, cut) : buf);
      if (options.limitBytes !== undefined && total >= options.limitBytes) return;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'Z_BUF_ERROR') {
      options.onWarning?.(`${info.path}: the gzip stream ends early (truncated file?); the lines before the cut were replayed.`);
    } else if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new InputError(`${info.path}: not a readable gzip file (${error instanceof Error ? error.message : String(error)}).`);
    } else {
      throw new InputError(describeFsError(error, info.path, 'log file'));
    }
  } finally {
    file.destroy();
    gunzip.destroy();
  }
  if (carry) yield decode(carry);
}

/** Length of the longest prefix of `buf` that ends on a UTF-8 character boundary. */
function utf8Boundary(buf: Buffer): number {
  const n = buf.length;
  if (n === 0 || buf[n - 1]! < 0x80) return n;
  let i = n - 1;
  // Step back over continuation bytes (10xxxxxx) to the lead byte, at most 3.
  while (i > n - 4 && i > 0 && (buf[i]! & 0xc0) === 0x80) i--;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return n - i >= need ? n : i;
}

function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** The time of the first request in a log (reading at most its first 256 KiB), for ordering rotated files. */
export async function firstRequestTime(info: LogFileInfo, format: LogFormat | 'auto' = 'auto'): Promise<number | undefined> {
  let text = '';
  for await (const chunk of logInput(info, { limitBytes: 256 * 1024 }).chunks) text += chunk;
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const chosen = format === 'auto' ? detectLogFormat(lines.slice(0, 50)).format : format;
  const parser = createLogParser(chosen);
  for (const line of lines) {
    const result = parser.parse(line, 0, line.length);
    if (result !== null && typeof result !== 'string') return result.time;
  }
  return undefined;
}

export interface ReplayFilesOptions extends ReplayOptions {
  /** Replay files in the order of their first request (rotated logs given in any order). Default true. */
  readonly orderByTime?: boolean;
  readonly onWarning?: (message: string) => void;
}

/** Replays log files from disk; see `replayLogs` for handlers (progress, cancellation, records). */
export async function replayLogFiles(paths: readonly string[], options: ReplayFilesOptions, handlers: ReplayHandlers = {}): Promise<AuditSummary> {
  const infos = await Promise.all(paths.map((p) => inspectLogFile(p)));
  let ordered = infos;
  if ((options.orderByTime ?? true) && infos.length > 1) {
    const firsts = await Promise.all(infos.map((info) => firstRequestTime(info, options.format ?? 'auto')));
    const indexed = infos.map((info, i) => ({ info, i, t: firsts[i] ?? Infinity }));
    indexed.sort((a, b) => a.t - b.t || a.i - b.i);
    ordered = indexed.map((x) => x.info);
    if (ordered.some((info, i) => info !== infos[i])) {
      options.onWarning?.(`Log files are replayed in the order of their first request: ${ordered.map((i) => i.path).join(', ')}.`);
    }
  }
  const readOptions: ReadLogOptions = options.onWarning ? { onWarning: options.onWarning } : {};
  const inputs = ordered.map((info) => logInput(info, readOptions));
  return replayLogs(inputs, options, { now: () => performance.now(), ...handlers });
}
