/**
 * What a replay is given: its options (robots.txt versions, IP lists, settings), the
 * handlers it calls (records, progress, the part for a merge), and the logs, as chunks of
 * text. Types only: every stage of the replay reads them, none is imported back.
 */

import type { ConsultedKeys } from './carried-check';
import type { CarriedState } from './carried-state';
import type { JsonFieldNames, LogFormat } from './log-formats';
import type { CancelSignal } from './log-lines';
import type { IpRangeList } from './ranges';
import type { AuditRecord } from './record';
import type { SummaryLimits } from './summary';
import type { SummaryPart } from './summary-part';
import type { ReverseDnsResolver, VerificationStatus } from './verification';
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
  /**
   * Called once at the end with the state these logs leave the shards after them, collected
   * while the replay judges (without records it is what their scan, `scanLogs`, gives:
   * records change when requests leave the reorder window, and so the order late ones are
   * judged in), the entries of the state it started in (`after`) it read: what a merge
   * checks against the states the shards before it leave (`carried-check.ts`), and, without
   * records, the Crawl-delay checks left for the merge to complete (`delay-checks.ts`).
   */
  readonly onCarried?: (state: CarriedState, consulted: ConsultedKeys, pendingDelayChecks: readonly PendingDelayCheck[]) => void;
}

/** A crawler's first checked request in a shard, checked as if it had none before, for the merge to complete (`delay-checks.ts`). */
export interface PendingDelayCheck {
  readonly crawlerId: string;
  readonly verification: VerificationStatus;
  readonly time: number;
  /** The Crawl-delay in effect for it (null: its group has none). */
  readonly delaySeconds: number | null;
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
