/**
 * The replay's entrance: options, handlers and inputs, and `replayLogs`, which feeds each
 * file's chunks to one `AuditSession` in order, with progress reports and cancellation
 * between chunks.
 */

import type { JsonFieldNames, LogFormat } from './log-formats';
import type { CancelSignal } from './log-lines';
import type { IpRangeList } from './ranges';
import type { AuditRecord } from './record';
import { AuditSession } from './replay';
import type { AuditSummary, SummaryLimits } from './summary';
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
}

/** A log to replay: chunks of text (any split; lines may straddle chunks) and, optionally, byte progress. */
export interface LogInput {
  readonly name: string;
  readonly chunks: AsyncIterable<string> | Iterable<string>;
  /** Overrides the replay's format for this file. */
  readonly format?: LogFormat | 'auto';
  readonly progress?: () => { readonly bytesRead: number; readonly bytesTotal: number | null };
}

/**
 * Replays logs in the order given and returns the summary. Cancellation (the signal) stops
 * between chunks and returns the summary so far, marked `cancelled`.
 */
export async function replayLogs(inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers = {}): Promise<AuditSummary> {
  const session = new AuditSession(options, handlers);
  const every = Math.max(1, handlers.progressEvery ?? 100_000);
  const now = handlers.now ?? (() => 0);
  const started = now();
  let totalLines = 0;
  let nextReport = every;
  const stopped = (): boolean => handlers.signal?.aborted === true || session.cancelled;
  const report = (input: LogInput, index: number): void => {
    if (!handlers.onProgress) return;
    const counts = session.counts();
    const bytes = input.progress?.();
    handlers.onProgress({
      file: input.name,
      fileIndex: index,
      files: inputs.length,
      lines: counts.lines,
      requests: counts.requests,
      parseFailures: counts.parseFailures,
      bytesRead: bytes ? bytes.bytesRead : null,
      bytesTotal: bytes ? bytes.bytesTotal : null,
      elapsedMs: Math.max(0, now() - started),
    });
  };
  for (let index = 0; index < inputs.length; index++) {
    const input = inputs[index]!;
    if (stopped()) break;
    const base = totalLines;
    session.beginFile(input.name, input.format ?? options.format ?? 'auto');
    for await (const chunk of input.chunks) {
      const pending = session.feed(chunk);
      if (pending) await pending;
      if (stopped()) break;
      // A progress report every `every` lines.
      totalLines = base + session.lines;
      if (totalLines >= nextReport) {
        nextReport = totalLines + every;
        report(input, index);
      }
    }
    if (stopped()) break;
    const pending = session.endFile();
    if (pending) await pending;
    totalLines = base + session.lines;
    report(input, index);
  }
  if (handlers.signal?.aborted) session.cancel();
  return session.summary();
}
