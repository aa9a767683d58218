/**
 * A summary part: everything a `SummaryBuilder` counted, as JSON, so the summaries of shards
 * replayed apart add up to the summary of one replay (`summary-merge.ts`). The printed
 * summary shows only the top of some tables; the part keeps them whole (they are bounded).
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import type { KeptSample } from './samples';
import type { CrawlerRow, HourBucket, LateLineSample, LogFileSummary, ParseFailureSample, RobotsFetchChange, SummaryLimits } from './summary';
import type { PathEntry, SpoofEntry, SummaryBuilder } from './summary-builder';

type Counted<V> = readonly (readonly [string, V])[];

export interface SummaryPart {
  /** The builder's bounds: parts merge only with parts kept within the same. */
  readonly limits: Required<SummaryLimits>;
  readonly files: readonly LogFileSummary[];
  readonly rows: readonly CrawlerRow[];
  readonly first: number | null;
  readonly last: number | null;
  readonly counts: {
    readonly lines: number;
    readonly requests: number;
    readonly skipped: number;
    readonly late: number;
    readonly failures: number;
    readonly browsers: number;
    readonly noUserAgent: number;
    readonly otherClients: number;
    readonly fetchChangesDropped: number;
    readonly delaySkipped: number;
    readonly googleDiffers: number;
    readonly beforeFirstVersion: number;
  };
  readonly failureReasons: Counted<number>;
  readonly failureSamples: readonly KeptSample<ParseFailureSample>[];
  readonly lateSamples: readonly KeptSample<LateLineSample>[];
  readonly warnings: readonly string[];
  readonly others: Counted<{ readonly count: number; readonly disallowed: number }>;
  readonly paths: Counted<{ readonly count: number; readonly violations: number; readonly spoofed: number; readonly crawlers: Counted<number> }>;
  readonly spoofs: Counted<SpoofEntry & { readonly count: number }>;
  readonly hours: readonly (readonly [number, HourBucket])[];
  readonly fetchStatuses: Counted<Counted<number>>;
  readonly fetchChanges: readonly RobotsFetchChange[];
  readonly unchecked: Counted<{ readonly requests: number; readonly reason: string }>;
  readonly delayRows: Counted<{ readonly delaySeconds: number | null; readonly checked: number; readonly violations: number; readonly minGap: number | null }>;
}

/** Paths keep the first crawlers seen fetching them, as many as this. */
const PATH_CRAWLERS = 16;

export function summaryPart(b: SummaryBuilder): SummaryPart {
  return {
    limits: { ...b.limits },
    files: b.files.map((f) => ({ ...f })),
    rows: b.rows.map((r) => ({ ...r })),
    first: Number.isFinite(b.first) ? b.first : null,
    last: Number.isFinite(b.last) ? b.last : null,
    counts: {
      lines: b.lineCount, requests: b.requests, skipped: b.skippedLines, late: b.lateLines, failures: b.failures, browsers: b.browsers, noUserAgent: b.noUserAgent,
      otherClients: b.otherClients, fetchChangesDropped: b.fetchChangesDropped, delaySkipped: b.delaySkipped, googleDiffers: b.googleDiffers, beforeFirstVersion: b.beforeFirstVersion,
    },
    failureReasons: [...b.failureReasons],
    failureSamples: b.samples.part(),
    lateSamples: b.lateSamples.part(),
    warnings: [...b.warnings],
    others: [...b.others.map].map(([k, v]) => [k, { ...v }]),
    paths: [...b.paths.map].map(([k, v]) => [k, { count: v.count, violations: v.violations, spoofed: v.spoofed, crawlers: [...v.crawlers] }]),
    spoofs: [...b.spoofs.map].map(([k, v]) => [k, { ...v }]),
    hours: [...b.hours].sort((x, y) => x[0] - y[0]).map(([k, v]) => [k, { ...v }]),
    fetchStatuses: [...b.fetchStatuses].map(([k, v]) => [k, [...v]]),
    fetchChanges: [...b.fetchChanges],
    unchecked: [...b.unchecked].map(([k, v]) => [k, { ...v }]),
    delayRows: [...b.delayRows].map(([k, v]) => [k, { ...v }]),
  };
}

/**
 * Adds a part into a builder, as if its requests had been counted there after those counted
 * already: parts must come in time order (tables that keep what came first depend on it).
 */
export function absorbPart(b: SummaryBuilder, part: SummaryPart): void {
  for (const f of part.files) b.files.push({ ...f });
  for (const row of part.rows) {
    const crawler = CRAWLERS.find((c) => c.id === row.crawlerId);
    if (crawler === undefined) throw new Error(`it counts a crawler this catalogue does not know (${row.crawlerId})`);
    const into = b.row(crawler, row.client, row.verification);
    for (const column of ['requests', 'allowed', 'disallowed', 'grace', 'notApplicable', 'unavailable', 'unreachable', 'violations', 'robotsFetches', 'crawlDelayViolations'] as const) into[column] += row[column];
  }
  if (part.first !== null && part.first < b.first) b.first = part.first;
  if (part.last !== null && part.last > b.last) b.last = part.last;
  const c = part.counts;
  b.lineCount += c.lines;
  b.requests += c.requests;
  b.skippedLines += c.skipped;
  b.lateLines += c.late;
  b.failures += c.failures;
  b.browsers += c.browsers;
  b.noUserAgent += c.noUserAgent;
  b.otherClients += c.otherClients;
  b.fetchChangesDropped += c.fetchChangesDropped;
  b.delaySkipped += c.delaySkipped;
  b.googleDiffers += c.googleDiffers;
  b.beforeFirstVersion += c.beforeFirstVersion;
  for (const [reason, n] of part.failureReasons) b.failureReasons.set(reason, (b.failureReasons.get(reason) ?? 0) + n);
  b.samples.absorb(part.failureSamples);
  b.lateSamples.absorb(part.lateSamples);
  for (const w of part.warnings) b.warn(w);
  for (const [agent, v] of part.others) {
    const entry = b.others.entry(agent, () => ({ count: 0, disallowed: 0 }));
    entry.count += v.count;
    entry.disallowed += v.disallowed;
  }
  for (const [url, v] of part.paths) absorbPath(b.paths.entry(url, () => ({ count: 0, violations: 0, spoofed: 0, crawlers: new Map() })), v);
  for (const [key, v] of part.spoofs) {
    const entry = b.spoofs.entry(key, () => ({ ...v, requests: 0, count: 0, disallowed: 0 }));
    entry.requests += v.requests;
    entry.count += v.count;
    entry.disallowed += v.disallowed;
    entry.first = Math.min(entry.first, v.first);
    entry.last = Math.max(entry.last, v.last);
  }
  for (const [key, h] of part.hours) {
    const into = b.hours.get(key);
    if (into === undefined) b.hours.set(key, { ...h });
    else for (const column of ['requests', 'crawlerRequests', 'disallowed', 'violations', 'spoofed', 'grace', 'unavailable', 'unreachable'] as const) into[column] += h[column];
  }
  for (const [crawler, statuses] of part.fetchStatuses) {
    let into = b.fetchStatuses.get(crawler);
    if (into === undefined) b.fetchStatuses.set(crawler, (into = new Map()));
    for (const [status, n] of statuses) into.set(status, (into.get(status) ?? 0) + n);
  }
  for (const change of part.fetchChanges) {
    if (b.fetchChanges.length < b.limits.fetchChanges) b.fetchChanges.push(change);
    else b.fetchChangesDropped++;
  }
  for (const [crawler, u] of part.unchecked) {
    const into = b.unchecked.get(crawler);
    if (into === undefined) b.unchecked.set(crawler, { ...u });
    else into.requests += u.requests;
  }
  for (const [crawler, r] of part.delayRows) {
    const into = b.delayRows.get(crawler);
    if (into === undefined) {
      b.delayRows.set(crawler, { ...r });
      continue;
    }
    if (r.delaySeconds !== null && (into.delaySeconds === null || r.delaySeconds < into.delaySeconds)) into.delaySeconds = r.delaySeconds;
    into.checked += r.checked;
    into.violations += r.violations;
    if (r.minGap !== null && (into.minGap === null || r.minGap < into.minGap)) into.minGap = r.minGap;
  }
}

/** A later part's crawlers of a path join only while there is room, in the order they came, as they would have in one replay. */
function absorbPath(entry: PathEntry, v: SummaryPart['paths'][number][1]): void {
  entry.count += v.count;
  entry.violations += v.violations;
  entry.spoofed += v.spoofed;
  for (const [token, n] of v.crawlers) {
    if (entry.crawlers.size < PATH_CRAWLERS || entry.crawlers.has(token)) entry.crawlers.set(token, (entry.crawlers.get(token) ?? 0) + n);
  }
}
