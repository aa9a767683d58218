/**
 * Accumulates the replay's summary (`summary.ts`) while judged requests stream past. Every
 * table is bounded, so the summary's memory does not grow with the log (only the timeline
 * grows, by one bucket per hour of log time).
 */

import { CRAWLER_PURPOSES } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import type { FetchFailurePolicy } from './fetch-state';
import { ownString } from './log-formats';
import type { AuditRecord, ClientKind } from './record';
import type {
  AuditSummary,
  CrawlDelayRow,
  CrawlerRow,
  HourBucket,
  LateLineSample,
  LogFileSummary,
  ParseFailureSample,
  RobotsFetchChange,
  SummaryLimits,
  VerificationListInfo,
  PurposeRow,
} from './summary';
import { SampleKeeper } from './samples';
import { isoTime } from './time';
import type { VerificationStatus } from './verification';
import type { RobotsVersionInfo } from './versions';
import type { Writable } from './writable';

/**
 * One request as the replay judged it: all the summary counts of it, in one shape. The
 * record says most; the rest is what a record does not carry (the time as a number, the
 * catalogue entry, the fetch and Crawl-delay bookkeeping).
 */
export interface JudgedRequest {
  /** Epoch milliseconds (the record's `time` is its ISO form). */
  readonly timeMs: number;
  readonly client: ClientKind;
  /** The catalogue crawler claimed; its row counts the request. */
  readonly crawler: Crawler | undefined;
  /** null for a request that is only counted: a browser's or one without a User-Agent, when no one wants records. */
  readonly record: AuditRecord | null;
  /** A /robots.txt fetch whose status says something (not a 3xx): the state it put the crawler in, and whether that changed. */
  readonly robotsFetch: { readonly state: 'rules' | 'unavailable' | 'unreachable'; readonly changed: boolean } | null;
  /** This request's Crawl-delay check; `skipped` when the scope is `verified` and it was not; null when none applies. */
  readonly crawlDelayCheck: CrawlDelayCheck | 'skipped' | null;
  /** Judged by the earliest version although it predates it. */
  readonly beforeFirstVersion: boolean;
}

/** A request of a crawler that honours Crawl-delay, checked against its group's delay. */
export interface CrawlDelayCheck {
  /** Smallest valid Crawl-delay of the crawler's group (seconds), null when it sets none. */
  readonly delaySeconds: number | null;
  /** Time since the crawler's previous request; null for its first. */
  readonly gapMs: number | null;
  /** Set when the gap is certainly shorter than the delay (gap + timestamp resolution ≤ delay): the record's `crawlDelay`. */
  readonly late: AuditRecord['crawlDelay'];
}

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

/**
 * A count table that stays bounded: past `capacity` keys, the least counted half is dropped
 * (heavy hitters survive, so the top of the table stays right for skewed data such as logs).
 */
export class BoundedCounts<V extends { count: number }> {
  readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  entry(key: string, create: () => V): V {
    let v = this.map.get(key);
    if (v === undefined) {
      if (this.map.size >= this.capacity) this.prune();
      v = create();
      // Keys may be views into a big chunk of log text: keep a short copy instead.
      this.map.set(ownString(key.length > 300 ? key.slice(0, 300) : key), v);
    }
    return v;
  }

  private prune(): void {
    const sorted = [...this.map].sort((a, b) => b[1].count - a[1].count);
    this.map.clear();
    for (const [k, v] of sorted.slice(0, Math.floor(this.capacity / 2))) this.map.set(k, v);
  }

  top(n: number): [string, V][] {
    return [...this.map].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1)).slice(0, n);
  }
}

/** A file's row of the summary, counted by the session as the file is read. */
export type FileRow = Writable<LogFileSummary>;

/** Late lines sampled for the summary. */
const LATE_SAMPLES = 20;

/**
 * Accumulates a summary while records stream past. Its tables are not private: a summary
 * part (`summary-part.ts`) is written from them and added into them.
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

  build(meta: {
    versions: readonly RobotsVersionInfo[];
    lists: readonly VerificationListInfo[];
    reverseDns: boolean;
    graceMs: number;
    policies: readonly { policy: FetchFailurePolicy; appliesTo: string }[];
    crawlDelay: { scope: 'verified' | 'claimed'; honouredBy: readonly string[] } | null;
    cancelled: boolean;
    elapsedMs: number;
  }): AuditSummary {
    const crawlers = [...this.rows].sort((a, b) => b.requests - a.requests || a.crawler.localeCompare(b.crawler) || a.verification.localeCompare(b.verification));
    const sum = (pick: (r: CrawlerRow) => number, filter: (r: CrawlerRow) => boolean = () => true): number =>
      crawlers.filter(filter).reduce((n, r) => n + pick(r), 0);
    const crawlDelayRows: CrawlDelayRow[] = [...this.delayRows].map(([crawler, r]) => ({
      crawler,
      delaySeconds: r.delaySeconds,
      checked: r.checked,
      violations: r.violations,
      minGapSeconds: r.minGap === null ? null : r.minGap / 1000,
    }));
    return {
      files: this.files.map((f) => ({ ...f })),
      period: { first: Number.isFinite(this.first) ? isoTime(this.first) : null, last: Number.isFinite(this.last) ? isoTime(this.last) : null },
      totals: {
        lines: this.lineCount,
        requests: this.requests,
        parseFailures: this.failures,
        skipped: this.skippedLines,
        crawlerRequests: sum((r) => r.requests),
        verified: sum((r) => r.requests, (r) => r.verification === 'verified'),
        spoofed: sum((r) => r.requests, (r) => r.verification === 'spoofed'),
        unverified: sum((r) => r.requests, (r) => r.verification === 'unverified'),
        disallowed: sum((r) => r.disallowed),
        violations: sum((r) => r.violations),
        grace: sum((r) => r.grace),
        crawlDelayViolations: sum((r) => r.crawlDelayViolations),
        googleLiteralDifferences: this.googleDiffers,
      },
      crawlers: crawlers.map((r) => ({ ...r })),
      byPurpose: purposeRows(crawlers),
      clients: {
        browsers: this.browsers,
        noUserAgent: this.noUserAgent,
        otherClients: this.otherClients,
        topOtherClients: this.others.top(20).map(([agent, v]) => ({ agent, requests: v.count, disallowed: v.disallowed })),
      },
      topDisallowed: this.paths.top(this.limits.topPaths).map(([url, e]) => ({
        url,
        requests: e.count,
        violations: e.violations,
        spoofed: e.spoofed,
        crawlers: [...e.crawlers].sort((a, b) => b[1] - a[1]).map(([c]) => c).slice(0, 6),
      })),
      spoofed: this.spoofs
        .top(this.limits.spoofed)
        .map(([, e]) => ({ crawler: e.crawler, ip: e.ip, requests: e.requests, disallowed: e.disallowed, first: isoTime(e.first), last: isoTime(e.last), evidence: e.evidence })),
      timeline: [...this.hours.entries()].sort((a, b) => a[0] - b[0]).map(([, h]) => ({ ...h })),
      robotsFetches: {
        byCrawler: [...this.fetchStatuses].map(([crawler, statuses]) => ({ crawler, statuses: Object.fromEntries([...statuses].sort()) })),
        changes: [...this.fetchChanges],
      },
      crawlDelay: meta.crawlDelay
        ? {
            scope: meta.crawlDelay.scope,
            honouredBy: meta.crawlDelay.honouredBy,
            violations: crawlDelayRows.reduce((n, r) => n + r.violations, 0),
            rows: crawlDelayRows,
            skippedUnverified: this.delaySkipped,
            method:
              `Gaps between consecutive requests of the same crawler (all its addresses; /robots.txt fetches excluded), ${meta.crawlDelay.scope === 'verified' ? 'verified requests only' : 'claimed requests that are not spoofed'}, ` +
              'against the smallest valid Crawl-delay of the group the crawler uses in the version in effect. With whole-second timestamps a gap is reported only when it is certainly shorter than the delay (gap + 1 s ≤ delay).',
          }
        : null,
      parseFailures: {
        count: this.failures,
        reasons: [...this.failureReasons].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([reason, count]) => ({ reason, count })),
        samples: this.samples.samples(),
      },
      versions: meta.versions,
      verification: {
        lists: meta.lists,
        reverseDns: meta.reverseDns,
        unchecked: [...this.unchecked].map(([crawler, u]) => ({ crawler, requests: u.requests, reason: u.reason })),
      },
      policy: {
        graceHours: meta.graceMs / 3_600_000,
        fetchPolicies: meta.policies.map(({ policy, appliesTo }) => ({ policy: policy.name, appliesTo, brief: policy.brief, description: policy.description })),
        fetchStates:
          "Each crawler's own /robots.txt fetches in the log set its state: 2xx/304 → rules; 4xx except 429 → unavailable (everything allowed); 429/5xx → unreachable (everything disallowed) until a good fetch; 3xx → unchanged. Fetches by spoofed requests do not change the real crawler's state. A crawler with no fetch in the log is taken to hold the version in effect.",
        verification:
          'Verified: the address lies in a loaded list of the operator (or passes forward-confirmed reverse DNS when enabled); spoofed: the claim is checkable and fails, or it names a usage-control token; unverified: nothing could check it.',
        violation:
          'A violation is a request by a catalogue crawler, verified or unverified (not spoofed), that was disallowed in the state it was judged in; requests in grace are not violations.',
      },
      beforeFirstVersion: this.beforeFirstVersion,
      order: { windowSeconds: this.reorder.windowMs / 1000, maxWaiting: this.reorder.maxWaiting, late: this.lateLines, samples: this.lateSamples.samples() },
      inputWarnings: [...this.warnings],
      cancelled: meta.cancelled,
      elapsedMs: meta.elapsedMs,
    };
  }
}

/** Adds the crawler rows up by purpose; purposes no logged crawler has are left out. */
function purposeRows(rows: readonly CrawlerRow[]): PurposeRow[] {
  return CRAWLER_PURPOSES.flatMap((purpose) => {
    const of = rows.filter((r) => r.purposes.includes(purpose));
    if (of.length === 0) return [];
    return [{ purpose, crawlers: new Set(of.map((r) => r.crawlerId)).size, requests: of.reduce((n, r) => n + r.requests, 0), violations: of.reduce((n, r) => n + r.violations, 0) }];
  });
}
