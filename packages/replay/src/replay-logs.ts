/**
 * The replay's entrance: options, handlers and inputs, and `replayLogs`, which feeds the
 * files' chunks to one `AuditSession`, merged by time, with progress reports and
 * cancellation between chunks.
 */

import { CarriedStateBuilder } from './carried-state';
import type { CarriedState } from './carried-state';
import type { JsonFieldNames, LogFormat } from './log-formats';
import type { CancelSignal } from './log-lines';
import type { IpRangeList } from './ranges';
import type { AuditRecord } from './record';
import { AuditSession } from './replay';
import type { AuditSummary, SummaryLimits } from './summary';
import type { SummaryPart } from './summary-part';
import type { ReverseDnsResolver } from './verification';
import type { RobotsVersion } from './versions';

export type { CancelSignal } from './log-lines';

export type CrawlDelayScope = 'verified' | 'claimed';

export interface ReplayOptions {
  /** At least one version; a single file given "as if in effect all along" has `effective: null`. */
  readonly versions: readonly RobotsVersion[];
  /** The origin the robots.txt governs; absolute URLs (or logged hosts) on other origins are not applicable. */
  readonly origin?: string;
  /** Log format, or `auto` (default) to detect it per file. */
  readonly format?: LogFormat | 'auto';
  readonly jsonFields?: JsonFieldNames;
  /** Published IP lists (see `parseIpRangeList`). */
  readonly ranges?: readonly IpRangeList[];
  /** Enables forward-confirmed reverse DNS for operators that document it. */
  readonly dns?: ReverseDnsResolver;
  /** Cache grace after a version change, ms. Default 24 h. */
  readonly graceMs?: number;
  /** Check Crawl-delay (only for crawlers documented to honour it), for verified or all claimed requests. Default off. */
  readonly crawlDelay?: CrawlDelayScope | false;
  readonly limits?: SummaryLimits;
  /**
   * How much earlier than the latest request before it in its file a request may come and
   * still be judged in time order, ms. Default 1 min. Requests wait this long (in log time)
   * before they are judged; later ones are judged out of order and counted as late.
   */
  readonly reorderWindowMs?: number;
  /** Bound on requests waiting in the reorder window (memory); past it the earliest is judged early. Default 200,000. */
  readonly maxWaiting?: number;
  /** `replayLogs` reads its files side by side, merged by time (default), or, when false, one after another in the order given. */
  readonly mergeFiles?: boolean;
  /** The state the shards before these logs left (their scans, composed): the replay starts from it. */
  readonly after?: CarriedState;
}

export interface ReplayProgress {
  readonly file: string;
  readonly fileIndex: number;
  readonly files: number;
  readonly lines: number;
  readonly requests: number;
  readonly parseFailures: number;
  /** Bytes of the current file read so far and in total, when the source knows them. */
  readonly bytesRead: number | null;
  readonly bytesTotal: number | null;
  readonly elapsedMs: number;
}

export interface ReplayHandlers {
  readonly signal?: CancelSignal;
  /** Called for every judged request, in log order; a returned promise pauses the replay (backpressure). */
  readonly onRecord?: (record: AuditRecord) => void | Promise<void>;
  readonly onProgress?: (progress: ReplayProgress) => void;
  /** Lines between progress reports. Default 100,000. */
  readonly progressEvery?: number;
  /** A clock for `elapsedMs` (the core has no clock of its own). */
  readonly now?: () => number;
  /** Called once at the end with everything the summary counted, for a merge with other shards' (`mergeShardSummaries`). */
  readonly onPart?: (part: SummaryPart) => void;
}

/** A log to replay: chunks of text (any split; lines may straddle chunks) and, optionally, byte progress. */
export interface LogInput {
  readonly name: string;
  readonly chunks: AsyncIterable<string> | Iterable<string>;
  /** Overrides the replay's format for this file. */
  readonly format?: LogFormat | 'auto';
  readonly progress?: () => { readonly bytesRead: number; readonly bytesTotal: number | null };
  /** Damage found while reading (asked once the chunks are done); the summary lists it. */
  readonly warnings?: () => readonly string[];
  /**
   * The time of its first request, when known beforehand: a merged file is not read (nor
   * opened) before the others have read up to that time, so rotated files are open one or
   * two at a time, not all at once.
   */
  readonly firstTime?: number;
}

interface Reading {
  readonly input: LogInput;
  readonly index: number;
  /** The session's number for the file, once open. */
  file: number | undefined;
  readonly chunks: AsyncIterator<string> | Iterator<string>;
  done: boolean;
}

/**
 * Replays logs and returns the summary. The files are read side by side and their requests
 * merged by time: the next chunk always comes from the file whose reading is furthest behind
 * in log time, so the reorder window holds only what it must. Cancellation (the signal)
 * stops between chunks and returns the summary so far, marked `cancelled`.
 */
export async function replayLogs(inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers = {}): Promise<AuditSummary> {
  const session = new AuditSession(options, handlers);
  await readLogs(session, inputs, options, handlers);
  handlers.onPart?.(session.part());
  return session.summary();
}

/**
 * Scans logs (a shard) for the state it leaves the shards after it: the same reading, time
 * order and verification as `replayLogs`, without matching or a summary.
 */
export async function scanLogs(inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers = {}): Promise<{ state: CarriedState; summary: AuditSummary }> {
  const session = new AuditSession(options, handlers, new CarriedStateBuilder());
  await readLogs(session, inputs, options, handlers);
  return { state: session.carriedState()!, summary: session.summary() };
}

async function readLogs(session: AuditSession, inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers): Promise<void> {
  const every = Math.max(1, handlers.progressEvery ?? 100_000);
  const now = handlers.now ?? (() => 0);
  const started = now();
  let nextReport = every;
  const stopped = (): boolean => handlers.signal?.aborted === true || session.cancelled;
  const report = (reading: Reading): void => {
    if (!handlers.onProgress) return;
    const counts = session.counts();
    const bytes = reading.input.progress?.();
    handlers.onProgress({
      file: reading.input.name,
      fileIndex: reading.index,
      files: inputs.length,
      lines: counts.lines,
      requests: counts.requests,
      parseFailures: counts.parseFailures,
      bytesRead: bytes ? bytes.bytesRead : null,
      bytesTotal: bytes ? bytes.bytesTotal : null,
      elapsedMs: Math.max(0, now() - started),
    });
  };
  const merge = options.mergeFiles ?? true;
  const open = (reading: Reading): number =>
    (reading.file ??= session.openFile(reading.input.name, reading.input.format ?? options.format ?? 'auto', merge ? reading.input.firstTime : undefined));
  const readings: Reading[] = inputs.map((input, index) => ({ input, index, file: undefined, chunks: iteratorOf(input.chunks), done: false }));
  // Merged files are all open from the start: none may be judged past before it is read.
  if (merge) for (const reading of readings) open(reading);
  try {
    for (;;) {
      if (stopped()) break;
      const reading = merge ? furthestBehind(readings, session) : readings.find((r) => !r.done);
      if (reading === undefined) break;
      const file = open(reading);
      const next = await reading.chunks.next();
      if (next.done === true) {
        reading.done = true;
        for (const message of reading.input.warnings?.() ?? []) session.warn(message);
        const pending = session.closeFile(file);
        if (pending) await pending;
        report(reading);
        continue;
      }
      const pending = session.feedFile(file, next.value);
      if (pending) await pending;
      const lines = session.counts().lines;
      if (lines >= nextReport) {
        nextReport = lines + every;
        report(reading);
      }
    }
  } finally {
    // Files not read to their end (cancelled, or a read failed) are closed.
    await Promise.all(readings.filter((r) => !r.done).map((r) => r.chunks.return?.()));
  }
  if (handlers.signal?.aborted) session.cancel();
}

/** The open file whose latest request is earliest (a file not begun comes first). */
function furthestBehind(readings: readonly Reading[], session: AuditSession): Reading | undefined {
  let best: Reading | undefined;
  let bestTime = Infinity;
  for (const r of readings) {
    if (r.done) continue;
    const time = session.frontierOf(r.file!);
    if (best === undefined || time < bestTime) {
      best = r;
      bestTime = time;
    }
  }
  return best;
}

function iteratorOf(chunks: AsyncIterable<string> | Iterable<string>): AsyncIterator<string> | Iterator<string> {
  return Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
}
