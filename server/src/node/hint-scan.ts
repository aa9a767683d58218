/**
 * A hint of the state a shard leaves (`replay-scan --hint`), read without parsing most of its
 * lines. Only a robots.txt fetch or a request of a crawler that honours Crawl-delay can change
 * the carried state; the hint reads whole:
 *   - every line holding the bytes `/robots.txt` (a byte search, no decoding: a few ms per
 *     hundred megabytes), wherever it is;
 *   - the first 64 KiB and the last 1/32 of the file (256 KiB to 2 MiB): the first request time, and
 *     the last requests of the crawlers still active at the end of the shard.
 * It then scans those lines exactly as `replay-scan` scans a shard (same reading, time order,
 * verification and scan judge). The hint is right when the shard's Crawl-delay crawlers all
 * show up in its tail and its fetches of robots.txt are spelled `/robots.txt`; it can be wrong
 * otherwise, and is never trusted: a replay records the state it leaves and the entries of
 * the state it started in that it read, and `merge` checks them (`carried-check.ts`), so a
 * driver replays again only the shards whose hint mattered and was wrong.
 * Small files, gzip files and streams are scanned in full (an exact scan is a right hint).
 */

import type { FileHandle } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { scanLogs } from '@robots-lens/replay';
import type { AuditSummary, LogInput } from '@robots-lens/replay';
import type { CarriedState } from '@robots-lens/replay/shards';
import { inspectLogFile, openLogFile, scanLogFiles } from './log-reader';
import type { ReplayFilesOptions } from './log-reader';
import { decodeChunk, utf8Boundary } from './utf8-chunks';

const HEAD_BYTES = 64 << 10;
/** The tail read whole: a 32nd of the file (a few % of a replay's work), within these bounds. */
const TAIL_PART = 32;
const TAIL_MIN = 256 << 10;
const TAIL_MAX = 2 << 20;
const READ_BYTES = 1 << 20;
/** Text handed to the scan at a time (as the log reader's: young-generation strings). */
const TEXT_BYTES = 64 << 10;
const ROBOTS = Buffer.from('/robots.txt', 'latin1');
const NEW_LINE = Buffer.from([0x0a]);
const LF = 0x0a;
const CR = 0x0d;

/** How much of a file's head and tail a hint reads whole (tests make them small). */
export interface HintSpans {
  readonly headBytes: number;
  readonly tailBytes: (fileBytes: number) => number;
}

const SPANS: HintSpans = { headBytes: HEAD_BYTES, tailBytes: (size) => Math.min(TAIL_MAX, Math.max(TAIL_MIN, Math.floor(size / TAIL_PART))) };

/** The hint of a shard's carried state, the summary of the lines it read whole, and whether it is a hint (else the exact scan). */
export async function hintScanFiles(paths: readonly string[], options: ReplayFilesOptions, spans: HintSpans = SPANS): Promise<{ state: CarriedState; summary: AuditSummary; hinted: boolean }> {
  const infos = await Promise.all(paths.map((p) => inspectLogFile(p)));
  if (infos.some((info) => info.gzip !== false || info.bytes === null || info.bytes <= spans.headBytes + spans.tailBytes(info.bytes))) {
    return { ...(await scanLogFiles(paths, options)), hinted: false };
  }
  const inputs: LogInput[] = [];
  for (const info of infos) inputs.push(subLog(info.path, await wantedLines(info.path, info.bytes!, spans)));
  const scanned = await scanLogs(inputs, { ...options, mergeFiles: options.orderByTime ?? true }, { now: () => performance.now() });
  return { ...scanned, hinted: true };
}

/**
 * The file's head, its lines holding `/robots.txt`, and its tail, in file order: pieces that
 * each end with a line break (the tail with the file), so the log reader cuts the same lines
 * from them as from the file.
 */
async function wantedLines(path: string, size: number, spans: HintSpans): Promise<Buffer[]> {
  const headBytes = spans.headBytes;
  const tailBytes = spans.tailBytes(size);
  const handle = await openLogFile(path);
  try {
    const head = await readAt(handle, Buffer.allocUnsafe(headBytes), 0, 0, headBytes);
    const headEnd = lastBreak(head, head.length) + 1;
    const tailFrom = size - tailBytes;
    const tail = await readAt(handle, Buffer.allocUnsafe(tailBytes), 0, tailFrom, tailBytes);
    const tailStart = firstBreak(tail) + 1;
    const pieces = [head.subarray(0, headEnd)];
    await robotsLines(handle, headEnd, tailFrom + tailStart, pieces);
    pieces.push(tail.subarray(tailStart));
    return pieces;
  } finally {
    await handle.close();
  }
}

/**
 * Appends the lines of bytes [from, to) that hold `/robots.txt`; `from` and `to` start lines.
 * Two buffers take the reads in turn, the next read under way while this one is searched; a
 * line cut by the end of a read is joined with its rest (a copy of one line) and searched then.
 */
async function robotsLines(handle: FileHandle, from: number, to: number, into: Buffer[]): Promise<void> {
  const buffers = [Buffer.allocUnsafe(READ_BYTES), Buffer.allocUnsafe(READ_BYTES)];
  const readNext = (k: number, at: number): Promise<Buffer> | null => (at < to ? readAt(handle, buffers[k % 2]!, 0, at, Math.min(READ_BYTES, to - at)) : null);
  let cut = Buffer.alloc(0);
  let at = from;
  let next = readNext(0, at);
  for (let k = 0; next !== null; k++) {
    const chunk = await next;
    if (chunk.length === 0) break;
    at += chunk.length;
    next = readNext(k + 1, at);
    const first = firstBreak(chunk);
    if (first === -1) {
      // No line ends here: a line longer than a read holds no request worth a hint, and is dropped.
      cut = cut.length + chunk.length <= READ_BYTES ? Buffer.concat([cut, chunk]) : Buffer.alloc(0);
      continue;
    }
    const last = lastBreak(chunk, chunk.length);
    if (cut.length > 0) {
      searchLines(Buffer.concat([cut, chunk.subarray(0, first + 1)]), into);
      searchLines(chunk.subarray(first + 1, last + 1), into);
    } else {
      searchLines(chunk.subarray(0, last + 1), into);
    }
    cut = Buffer.from(chunk.subarray(last + 1));
  }
  if (cut.length > 0) searchLines(cut, into);
}

/** Appends the lines of `lines` (whole lines) that hold `/robots.txt`, each ending in LF. */
function searchLines(lines: Buffer, into: Buffer[]): void {
  const end = lines.length;
  for (let hit = lines.indexOf(ROBOTS, 0); hit !== -1; ) {
    const start = lastBreak(lines, hit) + 1;
    const stop = nextBreak(lines, hit, end);
    into.push(Buffer.concat([lines.subarray(start, stop), NEW_LINE]));
    hit = stop < end ? lines.indexOf(ROBOTS, stop) : -1;
  }
}

async function readAt(handle: FileHandle, buffer: Buffer, offset: number, position: number, length: number): Promise<Buffer> {
  const { bytesRead } = await handle.read(buffer, offset, length, position);
  return buffer.subarray(offset, offset + bytesRead);
}

/** The last line break (LF or CR) in `buf` before `before`, or -1. */
function lastBreak(buf: Buffer, before: number): number {
  // A loop back to the line's start: lastIndexOf of a CR a file has none of would search it all.
  let i = before - 1;
  while (i >= 0 && buf[i] !== LF && buf[i] !== CR) i--;
  return i;
}

function firstBreak(buf: Buffer): number {
  const lf = buf.indexOf(LF);
  const cr = buf.indexOf(CR);
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
}

/** The first line break at or after `from` (below `end`), or `end`. */
function nextBreak(buf: Buffer, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const c = buf[i]!;
    if (c === LF || c === CR) return i;
  }
  return end;
}

/** The wanted pieces as a log the scan reads (named after the file, so messages name it), in texts cut between characters. */
function subLog(name: string, pieces: readonly Buffer[]): LogInput {
  async function* chunks(): AsyncGenerator<string> {
    for (const piece of pieces) {
      for (let at = 0; at < piece.length; ) {
        const slice = piece.subarray(at, Math.min(piece.length, at + TEXT_BYTES));
        const cut = slice.length < TEXT_BYTES ? slice.length : utf8Boundary(slice) || slice.length;
        yield decodeChunk(slice.subarray(0, cut));
        at += cut;
      }
    }
  }
  return { name, chunks: { [Symbol.asyncIterator]: () => chunks()[Symbol.asyncIterator]() } };
}
