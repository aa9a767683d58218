/**
 * One replay session, the replay's one way (architecture: "A log line becomes a summary"):
 *
 *   read     each file's `LogLineReader` cuts its text into lines and requests (`file-sink.ts`)
 *   order    the reorder window (`TimeOrder`) lets requests out in time order
 *   identify who asked (`Identities`), verified by IP lists or reverse DNS (`CrawlerVerifier`)
 *   judge    one `RequestJudge`: the replay judge (default) or a scan judge
 *   outlet   the summary counts the judged request; the record consumer gets its record
 *
 * Each step hands on to the next and none calls back. Pure and streaming: text arrives in
 * chunks, nothing but bounded caches and counters is kept, and the only asynchrony is reverse
 * DNS (when enabled) and a record consumer's backpressure.
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { fileSink } from './file-sink';
import { GOOGLE_FETCH_POLICY, RFC9309_FETCH_POLICY } from './fetch-state';
import { Identities } from './identities';
import type { LogFormat, LogRequest } from './log-formats';
import { LogLineReader } from './log-lines';
import type { LineSieve } from './log-lines';
import { Outlet } from './outlet';
import type { PendingDelayCheck, ReplayHandlers, ReplayOptions } from './replay-options';
import { DEFAULT_GRACE_MS, replayJudge } from './replay-judge';
import type { JudgeFactory, RequestJudge } from './request-judge';
import type { AuditSummary } from './summary';
import { buildSummary } from './summary-build';
import { SummaryBuilder } from './summary-builder';
import { completeDelayChecks } from './delay-checks';
import { summaryPart } from './summary-part';
import type { SummaryPart } from './summary-part';
import { IsoClock } from './time';
import { DEFAULT_MAX_WAITING, DEFAULT_REORDER_WINDOW_MS, TimeOrder } from './time-order';
import type { FileFrontier } from './time-order';
import { CrawlerVerifier } from './verification';
import type { RequestVerification } from './verification';
import { RobotsTimeline } from './versions';

const NOT_APPLICABLE_VERIFICATION: RequestVerification = { status: 'not-applicable', evidence: null };

/** A log file open in a session: its reader and where its reading stands in time. */
interface OpenLog {
  readonly frontier: FileFrontier;
  readonly reader: LogLineReader;
}

/**
 * One replay: open files (`openFile`), feed each its text (`feedFile`), close them
 * (`closeFile`), read the summary at any time. Files may be read one after another or side
 * by side: their requests go through one reorder window and are judged in time order,
 * whatever file and line they came from. `feedFile` returns a promise only when it had to
 * wait (DNS, a slow record consumer); callers must wait for it before feeding more.
 */
export class AuditSession {
  readonly timeline: RobotsTimeline;
  private readonly verifier: CrawlerVerifier;
  private readonly builder: SummaryBuilder;
  private readonly identities: Identities;
  private readonly outlet: Outlet;
  private readonly judge: RequestJudge;
  private readonly order: TimeOrder;
  private readonly open: OpenLog[] = [];
  private readonly now: () => number;
  private readonly started: number;
  private readonly signal: ReplayHandlers['signal'];
  private stopped = false;
  private readonly sieve: LineSieve | undefined;

  /**
   * `sieve`: lines of combined/common logs it finds nothing in are only counted by time (a
   * scan's judge must need nothing else of them); `exact` then says whether that changed
   * the order of the judged ones (see `TimeOrder.sieve`).
   *
   * `judge` makes the judging step: the replay judge unless told otherwise (a scan: `scanJudge`). */
  constructor(
    private readonly options: ReplayOptions,
    handlers: ReplayHandlers = {},
    judge: JudgeFactory = replayJudge,
    sieve?: LineSieve,
  ) {
    this.sieve = sieve;
    this.timeline = new RobotsTimeline(options.versions);
    this.verifier = new CrawlerVerifier({ ...(options.ranges ? { ranges: options.ranges } : {}), ...(options.dns ? { dns: options.dns } : {}) });
    this.builder = new SummaryBuilder(options.limits);
    this.identities = new Identities(handlers.onRecord !== undefined);
    this.outlet = new Outlet(this.builder, handlers.onRecord);
    this.judge = judge({ options, timeline: this.timeline, outlet: this.outlet, clock: new IsoClock() });
    this.now = handlers.now ?? (() => 0);
    this.started = this.now();
    this.signal = handlers.signal;
    const settings = { windowMs: options.reorderWindowMs ?? DEFAULT_REORDER_WINDOW_MS, maxWaiting: options.maxWaiting ?? DEFAULT_MAX_WAITING };
    this.order = new TimeOrder(settings, (waiting) => this.released(waiting.file, waiting.request, waiting.line), (file, line, time, behindMs) => this.builder.late(file, line, time, behindMs));
    this.builder.setReorder(settings);
    if (sieve !== undefined) this.order.sieve();
  }

  /** With a sieve: whether the judge saw what it would have seen without (see `TimeOrder.sieve`). */
  get exact(): boolean {
    return this.order.exact;
  }

  /** Everything the summary counted, for a merge with the summaries of other shards. */
  /** Completes Crawl-delay checks left pending against the last requests before the logs (`delay-checks.ts`). */
  completeDelayChecks(pending: readonly PendingDelayCheck[], lastOf: (crawlerId: string) => number | undefined): void {
    completeDelayChecks(this.builder, pending, lastOf);
  }

  part(): SummaryPart {
    return summaryPart(this.builder);
  }

  /** Requests counted and the earliest and latest of their times (null before the first). */
  period(): { requests: number; first: number | null; last: number | null } {
    return this.builder.period();
  }

  /** True once the signal was seen aborted; the session then ignores further input. */
  get cancelled(): boolean {
    return this.stopped || this.open.some((f) => f.reader.stopped);
  }

  /** The latest request time read from a file so far (-Infinity before its first request). */
  frontierOf(file: number): number {
    return this.open[file]?.frontier.frontier ?? Infinity;
  }

  /** A damage report about a file (a gzip stream with trailing garbage, …), kept in the summary. */
  warn(message: string): void {
    this.builder.warn(message);
  }

  /** Running totals across files, cheap enough for progress reports. */
  counts(): { lines: number; requests: number; parseFailures: number } {
    return this.builder.counts();
  }

  /** Stops the replay: further input is ignored and the summary says it was cancelled. */
  cancel(): void {
    this.stopped = true;
    for (const f of this.open) f.reader.stop();
  }

  /**
   * Opens a file; returns its number for `feedFile` and `closeFile`. Its requests wait in
   * the reorder window until every open file has read past their time. `firstTime`, when
   * known, is the time of its first request: until it is read, the others need not wait for
   * anything earlier.
   */
  openFile(name: string, format: LogFormat | 'auto' = this.options.format ?? 'auto', firstTime?: number): number {
    const row = this.builder.beginFile(name);
    const frontier = this.order.openFile(name, firstTime);
    const reader = new LogLineReader(fileSink(name, row, frontier, { order: this.order, identities: this.identities, outlet: this.outlet }), {
      ...(this.options.jsonFields ? { jsonFields: this.options.jsonFields } : {}),
      ...(this.signal ? { signal: this.signal } : {}),
      ...(this.sieve ? { sieve: this.sieve } : {}),
    });
    if (this.stopped) reader.stop();
    this.open.push({ frontier, reader });
    reader.begin(format);
    return this.open.length - 1;
  }

  /** Feeds text of a file; a trailing partial line waits for the next chunk. */
  feedFile(file: number, chunk: string): void | Promise<void> {
    return this.open[file]?.reader.feed(chunk);
  }

  /** Ends a file: its last line (without newline) is read, and a pending format detection concludes. */
  closeFile(file: number): void | Promise<void> {
    const log = this.open[file];
    if (log === undefined) return undefined;
    const ended = log.reader.end();
    if (ended !== undefined) return ended.then(() => this.order.close(log.frontier));
    return this.order.close(log.frontier);
  }

  /** The summary so far (complete once every file is closed). */
  summary(): AuditSummary {
    const crawlDelay = this.options.crawlDelay ?? false;
    return buildSummary(this.builder, {
      versions: this.timeline.info(),
      lists: (this.options.ranges ?? []).map((l) => ({
        name: l.name,
        url: l.url,
        creationTime: l.creationTime,
        prefixes: l.prefixes.length,
        crawlers: l.crawlers,
        problems: l.problems,
      })),
      reverseDns: this.verifier.usesDns,
      graceMs: this.options.graceMs ?? DEFAULT_GRACE_MS,
      policies: [
        { policy: GOOGLE_FETCH_POLICY, appliesTo: 'Google crawlers' },
        { policy: RFC9309_FETCH_POLICY, appliesTo: 'all other crawlers and clients' },
      ],
      crawlDelay: crawlDelay ? { scope: crawlDelay, honouredBy: CRAWLERS.filter((c) => c.crawlDelay === 'honoured').map((c) => c.token) } : null,
      cancelled: this.cancelled,
      elapsedMs: Math.max(0, this.now() - this.started),
    });
  }

  /** A request whose turn came in the reorder window: identified, verified, then judged. */
  private released(file: string, req: LogRequest, line: number): void | Promise<void> {
    const identity = this.identities.of(req.userAgent);
    if (identity.crawler === undefined) return this.judge.judge(req, line, file, identity, NOT_APPLICABLE_VERIFICATION);
    const verification = this.verifier.verify(req.ip, identity.crawler);
    if (verification instanceof Promise) return verification.then((v) => this.judge.judge(req, line, file, identity, v));
    return this.judge.judge(req, line, file, identity, verification);
  }
}
