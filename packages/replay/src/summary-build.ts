/**
 * The summary (`summary.ts`) a builder's tables make: rows sorted, totals added up, the top of
 * each bounded table, and the words that say how it was counted. Read once, at the end (or
 * whenever a progress view asks); the hot loop never comes here.
 */

import { CRAWLER_PURPOSES } from '@robots-lens/kernel/crawlers';
import type { FetchFailurePolicy } from './fetch-state';
import type { AuditSummary, CrawlDelayRow, CrawlerRow, PurposeRow, VerificationListInfo } from './summary';
import type { SummaryBuilder } from './summary-builder';
import { isoTime } from './time';
import type { RobotsVersionInfo } from './versions';

/** What the summary says that the counts do not: the settings and inputs of the replay. */
export interface SummaryMeta {
  readonly versions: readonly RobotsVersionInfo[];
  readonly lists: readonly VerificationListInfo[];
  readonly reverseDns: boolean;
  readonly graceMs: number;
  readonly policies: readonly { readonly policy: FetchFailurePolicy; readonly appliesTo: string }[];
  readonly crawlDelay: { readonly scope: 'verified' | 'claimed'; readonly honouredBy: readonly string[] } | null;
  readonly cancelled: boolean;
  readonly elapsedMs: number;
}

/** The summary of what a builder counted. */
export function buildSummary(from: SummaryBuilder, meta: SummaryMeta): AuditSummary {
  const crawlers = [...from.rows].sort((a, b) => b.requests - a.requests || a.crawler.localeCompare(b.crawler) || a.verification.localeCompare(b.verification));
  const sum = (pick: (r: CrawlerRow) => number, filter: (r: CrawlerRow) => boolean = () => true): number =>
    crawlers.filter(filter).reduce((n, r) => n + pick(r), 0);
  const crawlDelayRows: CrawlDelayRow[] = [...from.delayRows].map(([crawler, r]) => ({
    crawler,
    delaySeconds: r.delaySeconds,
    checked: r.checked,
    violations: r.violations,
    minGapSeconds: r.minGap === null ? null : r.minGap / 1000,
  }));
  return {
    files: from.files.map((f) => ({ ...f })),
    period: { first: Number.isFinite(from.first) ? isoTime(from.first) : null, last: Number.isFinite(from.last) ? isoTime(from.last) : null },
    totals: {
      lines: from.lineCount,
      requests: from.requests,
      parseFailures: from.failures,
      skipped: from.skippedLines,
      crawlerRequests: sum((r) => r.requests),
      verified: sum((r) => r.requests, (r) => r.verification === 'verified'),
      spoofed: sum((r) => r.requests, (r) => r.verification === 'spoofed'),
      unverified: sum((r) => r.requests, (r) => r.verification === 'unverified'),
      disallowed: sum((r) => r.disallowed),
      violations: sum((r) => r.violations),
      grace: sum((r) => r.grace),
      crawlDelayViolations: sum((r) => r.crawlDelayViolations),
      googleLiteralDifferences: from.googleDiffers,
    },
    crawlers: crawlers.map((r) => ({ ...r })),
    byPurpose: purposeRows(crawlers),
    clients: {
      browsers: from.browsers,
      noUserAgent: from.noUserAgent,
      otherClients: from.otherClients,
      topOtherClients: from.others.top(20).map(([agent, v]) => ({ agent, requests: v.count, disallowed: v.disallowed })),
    },
    topDisallowed: from.paths.top(from.limits.topPaths).map(([url, e]) => ({
      url,
      requests: e.count,
      violations: e.violations,
      spoofed: e.spoofed,
      crawlers: [...e.crawlers].sort((a, b) => b[1] - a[1]).map(([c]) => c).slice(0, 6),
    })),
    spoofed: from.spoofs
      .top(from.limits.spoofed)
      .map(([, e]) => ({ crawler: e.crawler, ip: e.ip, requests: e.requests, disallowed: e.disallowed, first: isoTime(e.first), last: isoTime(e.last), evidence: e.evidence })),
    timeline: [...from.hours.entries()].sort((a, b) => a[0] - b[0]).map(([, h]) => ({ ...h })),
    robotsFetches: {
      byCrawler: [...from.fetchStatuses].map(([crawler, statuses]) => ({ crawler, statuses: Object.fromEntries([...statuses].sort()) })),
      changes: [...from.fetchChanges],
    },
    crawlDelay: meta.crawlDelay
      ? {
          scope: meta.crawlDelay.scope,
          honouredBy: meta.crawlDelay.honouredBy,
          violations: crawlDelayRows.reduce((n, r) => n + r.violations, 0),
          rows: crawlDelayRows,
          skippedUnverified: from.delaySkipped,
          method:
            `Gaps between consecutive requests of the same crawler (all its addresses; /robots.txt fetches excluded), ${meta.crawlDelay.scope === 'verified' ? 'verified requests only' : 'claimed requests that are not spoofed'}, ` +
            'against the smallest valid Crawl-delay of the group the crawler uses in the version in effect. With whole-second timestamps a gap is reported only when it is certainly shorter than the delay (gap + 1 s ≤ delay).',
        }
      : null,
    parseFailures: {
      count: from.failures,
      reasons: [...from.failureReasons].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([reason, count]) => ({ reason, count })),
      samples: from.samples.samples(),
    },
    versions: meta.versions,
    verification: {
      lists: meta.lists,
      reverseDns: meta.reverseDns,
      unchecked: [...from.unchecked].map(([crawler, u]) => ({ crawler, requests: u.requests, reason: u.reason })),
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
    beforeFirstVersion: from.beforeFirstVersion,
    order: { windowSeconds: from.reorder.windowMs / 1000, maxWaiting: from.reorder.maxWaiting, late: from.lateLines, samples: from.lateSamples.samples() },
    inputWarnings: [...from.warnings],
    cancelled: meta.cancelled,
    elapsedMs: meta.elapsedMs,
  };
}

/** Adds the crawler rows up by purpose; purposes no logged crawler has are left out. */
function purposeRows(rows: readonly CrawlerRow[]): PurposeRow[] {
  return CRAWLER_PURPOSES.flatMap((purpose) => {
    const of = rows.filter((r) => r.purposes.includes(purpose));
    if (of.length === 0) return [];
    return [{ purpose, crawlers: new Set(of.map((r) => r.crawlerId)).size, requests: of.reduce((n, r) => n + r.requests, 0), violations: of.reduce((n, r) => n + r.violations, 0) }];
  });
}
