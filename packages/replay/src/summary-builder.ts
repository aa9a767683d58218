/**
 * Accumulates the replay's summary (`summary.ts`) while judged requests stream past: the last
 * step of the replay, fed by the judges (`add`) and the files' readers (lines, failures, late
 * lines). Every table is bounded, so the summary's memory does not grow with the log (only
 * the timeline grows, by one bucket per hour of log time). `summary-build.ts` turns the
 * tables into the summary; `summary-part.ts` into a part for a merge.
 */

import type { Crawler } from '@robots-lens/kernel/crawlers';
import { BoundedCounts } from './bounded-counts';
import type { CrawlDelayCheck, JudgedRequest } from './judged-request';
import type { AuditRecord, ClientKind } from './record';
import type { CrawlerRow, HourBucket, LateLineSample, LogFileSummary, ParseFailureSample, RobotsFetchChange, SummaryLimits } from './summary';
import { SampleKeeper } from './samples';
import { isoTime } from './time';
import type { VerificationStatus } from './verification';
import type { Writable } from './writable';

export interface PathEntry {
  count: number;
  violations: number;
  spoofed: number;
  crawlers: Map<string, number>;
}

export interface SpoofEntry {
  crawler: string;
  ip: string;
  requests: number;
  disallowed: number;
  first: number;
  last: number;
  evidence: string;
}

/** A file's row of the summary, counted by the session as the file is read. */
export type FileRow = Writable<LogFileSummary>;

/** Late lines sampled for the summary. */
const LATE_SAMPLES = 20;

/**
 * Accumulates a summary while records stream past. Its tables are not private: the summary
 * (`summary-build.ts`) and a summary part (`summary-part.ts`) are written from them, and a
 * part is added into them.
 */
export class SummaryBuilder {
  /** Crawler × verification rows in the order they were first counted. */
  readonly rows: Writable<CrawlerRow>[] = [];
  readonly rowsByCrawler = new Map<Crawler, Partial<Record<VerificationStatus, Writable<CrawlerRow>>>>();
  /** The rows of the crawler counted last: runs of one crawler's requests skip the map. */
  private lastCrawler: Crawler | undefined;
  private lastRows: Partial<Record<VerificationStatus, Writable<CrawlerRow>>> = {};
  readonly files: FileRow[] = [];
  skippedLines = 0;
  lateLines = 0;
  readonly lateSamples = new SampleKeeper<LateLineSample>(LATE_SAMPLES);
  reorder: { windowMs: number; maxWaiting: number } = { windowMs: 0, maxWaiting: 0 };
  readonly warnings: string[] = [];
  first = Infinity;
  last = -Infinity;
  requests = 0;
  lineCount = 0;
  failures = 0;
  readonly failureReasons = new Map<string, number>();
  readonly samples: SampleKeeper<ParseFailureSample>;
  browsers = 0;
  noUserAgent = 0;
  otherClients = 0;
  readonly others = new BoundedCounts<{ count: number; disallowed: number }>(5000);
  readonly paths = new BoundedCounts<PathEntry>(20_000);
  readonly spoofs = new BoundedCounts<SpoofEntry & { count: number }>(20_000);
  readonly hours = new Map<number, Writable<HourBucket>>();
  private hourKey = NaN;
  private hour: Writable<HourBucket> | undefined;
  readonly fetchStatuses = new Map<string, Map<string, number>>();
  readonly fetchChanges: RobotsFetchChange[] = [];
  fetchChangesDropped = 0;
  readonly unchecked = new Map<string, { requests: number; reason: string }>();
  readonly delayRows = new Map<string, { delaySeconds: number | null; checked: number; violations: number; minGap: number | null }>();
  delaySkipped = 0;
  googleDiffers = 0;
  beforeFirstVersion = 0;
  readonly limits: Required<SummaryLimits>;

  constructor(limits: SummaryLimits = {}) {
    this.limits = { samples: limits.samples ?? 20, topPaths: limits.topPaths ?? 25, spoofed: limits.spoofed ?? 100, fetchChanges: limits.fetchChanges ?? 200 };
    this.samples = new SampleKeeper(this.limits.samples);
  }

  /** Requests counted and the earliest and latest of their times (null before the first). */
  period(): { requests: number; first: number | null; last: number | null } {
    return { requests: this.requests, first: Number.isFinite(this.first) ? this.first : null, last: Number.isFinite(this.last) ? this.last : null };
  }

  counts(): { lines: number; requests: number; parseFailures: number } {
    return { lines: this.lineCount, requests: this.requests, parseFailures: this.failures };
  }

  /** A file's row; the session counts its lines, requests and failures into it. */
  beginFile(name: string): FileRow {
    const row: FileRow = { name, format: null, formatSource: 'not yet known', lines: 0, requests: 0, parseFailures: 0, skipped: 0 };
    this.files.push(row);
    return row;
  }

  setReorder(settings: { windowMs: number; maxWaiting: number }): void {
    this.reorder = settings;
  }

  lines(count: number): void {
    this.lineCount += count;
  }

  /** A blank, comment or header line. */
  skipped(): void {
    this.skippedLines++;
  }

  /** A request that came later than the reorder window allows, `behindMs` behind the latest before it. */
  late(file: string, line: number, timeMs: number, behindMs: number): void {
    this.lateLines++;
    const key = { time: timeMs, file, line };
    if (this.lateSamples.wants(key)) this.lateSamples.offer(key, { file, line, time: isoTime(timeMs), behindSeconds: behindMs / 1000 });
  }

  warn(message: string): void {
    if (this.warnings.length < 100) this.warnings.push(message);
  }

  /** A line that could not be read: it has no time, so its samples are kept by file and line. */
  failure(file: string, line: number, text: string, reason: string): void {
    this.failures++;
    this.failureReasons.set(reason, (this.failureReasons.get(reason) ?? 0) + 1);
    const key = { time: -Infinity, file, line };
    if (this.samples.wants(key)) this.samples.offer(key, { file, line, text: text.length > 300 ? text.slice(0, 300) + '…' : text, reason });
  }

  /** The counting row of a crawler × verification. */
  row(crawler: Crawler, client: ClientKind, verification: VerificationStatus): Writable<CrawlerRow> {
    let rows = crawler === this.lastCrawler ? this.lastRows : this.rowsByCrawler.get(crawler);
    if (rows === undefined) {
      rows = {};
      this.rowsByCrawler.set(crawler, rows);
    }
    this.lastCrawler = crawler;
    this.lastRows = rows;
    let row = rows[verification];
    if (row === undefined) {
      row = {
        crawler: crawler.token, crawlerId: crawler.id, operator: crawler.operator, purposes: crawler.purposes, client: client === 'control-token' ? 'control-token' : 'crawler', verification,
        requests: 0, allowed: 0, disallowed: 0, grace: 0, notApplicable: 0, unavailable: 0, unreachable: 0, violations: 0, robotsFetches: 0, crawlDelayViolations: 0,
      };
      rows[verification] = row;
      this.rows.push(row);
    }
    return row;
  }

  private hourOf(timeMs: number): Writable<HourBucket> {
    this.requests++;
    if (timeMs < this.first) this.first = timeMs;
    if (timeMs > this.last) this.last = timeMs;
    const hourKey = Math.floor(timeMs / 3_600_000);
    let hour = this.hour;
    if (hourKey !== this.hourKey || hour === undefined) {
      hour = this.hours.get(hourKey);
      if (!hour) {
        hour = { hour: isoTime(hourKey * 3_600_000), requests: 0, crawlerRequests: 0, disallowed: 0, violations: 0, spoofed: 0, grace: 0, unavailable: 0, unreachable: 0 };
        this.hours.set(hourKey, hour);
      }
      this.hour = hour;
      this.hourKey = hourKey;
    }
    return hour;
  }

  /** Counts one judged request: the summary's only way in for requests. */
  /** A request only counted by its time (left out by a scan's sieve: the scan's summary is counts). */
  countedAt(timeMs: number): void {
    this.hourOf(timeMs).requests++;
  }

  add(request: JudgedRequest): void {
    const timeMs = request.timeMs;
    const hour = this.hourOf(timeMs);
    hour.requests++;
    const record = request.record;
    if (record === null) {
      if (request.client === 'browser') this.browsers++;
      else this.noUserAgent++;
      return;
    }
    if (request.robotsFetch !== null) this.robotsFetch(record, timeMs, request.robotsFetch.state, request.robotsFetch.changed);
    if (request.crawlDelayCheck === 'skipped') this.delaySkipped++;
    else if (request.crawlDelayCheck !== null) this.crawlDelayChecked(request.crawler!.token, request.crawlDelayCheck);
    if (request.beforeFirstVersion) this.beforeFirstVersion++;
    const state = record.state;
    if (request.crawler !== undefined) {
      const row = this.row(request.crawler, request.client, record.verification);
      hour.crawlerRequests++;
      row.requests++;
      // Verdict columns are exclusive: a request in grace counts as grace only.
      if (state === 'grace') {
        row.grace++;
        hour.grace++;
      } else if (record.allowed === true) row.allowed++;
      else if (record.allowed === false) row.disallowed++;
      else row.notApplicable++;
      if (state === 'unavailable') {
        row.unavailable++;
        hour.unavailable++;
      } else if (state === 'unreachable') {
        row.unreachable++;
        hour.unreachable++;
      }
      if (record.violation) {
        row.violations++;
        hour.violations++;
      }
      if (record.robotsFetch) row.robotsFetches++;
      if (record.googleLiteral) this.googleDiffers++;
      if (record.crawlDelay) row.crawlDelayViolations++;
      if (record.verification === 'spoofed') {
        hour.spoofed++;
        this.spoofed(record, timeMs);
      }
      if (record.allowed === false && state !== 'grace') {
        hour.disallowed++;
        const entry = this.paths.entry(record.url, () => ({ count: 0, violations: 0, spoofed: 0, crawlers: new Map() }));
        entry.count++;
        if (record.violation) entry.violations++;
        if (record.verification === 'spoofed') entry.spoofed++;
        const token = record.crawler ?? record.agent;
        if (entry.crawlers.size < 16 || entry.crawlers.has(token)) entry.crawlers.set(token, (entry.crawlers.get(token) ?? 0) + 1);
      }
      if (record.verification === 'unverified' && record.evidence) {
        const u = this.unchecked.get(row.crawler);
        if (u) u.requests++;
        else this.unchecked.set(row.crawler, { requests: 1, reason: record.evidence.detail });
      }
      return;
    }
    if (record.client === 'browser') this.browsers++;
    else if (record.client === 'no-user-agent') this.noUserAgent++;
    else {
      this.otherClients++;
      const other = this.others.entry(record.agent || '(none)', () => ({ count: 0, disallowed: 0 }));
      other.count++;
      if (record.allowed === false) {
        other.disallowed++;
        hour.disallowed++;
      }
    }
  }

  private spoofed(record: AuditRecord, timeMs: number): void {
    const crawler = record.crawler ?? record.agent;
    const entry = this.spoofs.entry(`${crawler}\u0000${record.ip}`, () => ({
      crawler, ip: record.ip, requests: 0, count: 0, disallowed: 0, first: timeMs, last: timeMs, evidence: record.evidence?.detail ?? '',
    }));
    entry.requests++;
    entry.count++;
    if (record.allowed === false) entry.disallowed++;
    if (timeMs < entry.first) entry.first = timeMs;
    if (timeMs > entry.last) entry.last = timeMs;
  }

  private robotsFetch(record: AuditRecord, timeMs: number, state: 'rules' | 'unavailable' | 'unreachable', changed: boolean): void {
    const { ip, status, verification } = record;
    const crawler = record.crawler ?? record.agent;
    let statuses = this.fetchStatuses.get(crawler);
    if (!statuses) {
      statuses = new Map();
      this.fetchStatuses.set(crawler, statuses);
    }
    const key = status === null ? '-' : String(status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (!changed) return;
    if (this.fetchChanges.length < this.limits.fetchChanges) this.fetchChanges.push({ time: isoTime(timeMs), crawler, ip, status, state, verification });
    else this.fetchChangesDropped++;
  }

  private crawlDelayChecked(crawler: string, check: CrawlDelayCheck): void {
    const { delaySeconds, gapMs, late } = check;
    let row = this.delayRows.get(crawler);
    if (!row) {
      row = { delaySeconds, checked: 0, violations: 0, minGap: null };
      this.delayRows.set(crawler, row);
    }
    if (delaySeconds !== null && (row.delaySeconds === null || delaySeconds < row.delaySeconds)) row.delaySeconds = delaySeconds;
    row.checked++;
    if (late !== undefined) row.violations++;
    if (gapMs !== null && (row.minGap === null || gapMs < row.minGap)) row.minGap = gapMs;
  }
}

