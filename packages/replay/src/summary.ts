/**
 * The replay's summary, as callers receive it: counts per crawler × verification × verdict,
 * the disallowed paths fetched anyway, spoofing sources, an hourly timeline, robots.txt fetch
 * outcomes, Crawl-delay findings and unparsed lines with samples. `summary-builder.ts`
 * accumulates it while the replay runs.
 */

import type { CrawlerPurpose } from '@robots-lens/kernel/crawlers';
import type { LogFormat } from './log-formats';
import type { VerificationStatus } from './verification';
import type { RobotsVersionInfo } from './versions';

export interface LogFileSummary {
  readonly name: string;
  readonly format: LogFormat | null;
  /** How the format was chosen, e.g. `detected: 48 of 50 sample lines` or `given`. */
  readonly formatSource: string;
  readonly lines: number;
  readonly requests: number;
  readonly parseFailures: number;
  /** Blank, comment and header lines: lines = requests + parseFailures + skipped. */
  readonly skipped: number;
}

export interface CrawlerRow {
  /** Product token (`Googlebot`). */
  readonly crawler: string;
  readonly crawlerId: string;
  readonly operator: string;
  /** The crawler's purposes from the catalogue, the main one first. */
  readonly purposes: readonly CrawlerPurpose[];
  readonly client: 'crawler' | 'control-token';
  readonly verification: VerificationStatus;
  readonly requests: number;
  readonly allowed: number;
  readonly disallowed: number;
  /** Judged within the cache grace after a change, with old and new versions disagreeing. */
  readonly grace: number;
  /** Robots.txt does not apply (another origin, unreadable target). */
  readonly notApplicable: number;
  /** Requests made while the crawler's robots.txt was unavailable (4xx) or unreachable (429/5xx). */
  readonly unavailable: number;
  readonly unreachable: number;
  readonly violations: number;
  readonly robotsFetches: number;
  readonly crawlDelayViolations: number;
}

/** Requests and violations of the crawlers of one purpose; a crawler of several purposes counts in each. */
export interface PurposeRow {
  readonly purpose: CrawlerPurpose;
  readonly crawlers: number;
  readonly requests: number;
  readonly violations: number;
}

export interface OtherClientRow {
  readonly agent: string;
  readonly requests: number;
  readonly disallowed: number;
}

export interface DisallowedPath {
  readonly url: string;
  /** Disallowed requests by crawlers (any verification), outside grace. */
  readonly requests: number;
  /** Of which by claimed crawlers that were not spoofed. */
  readonly violations: number;
  readonly spoofed: number;
  readonly crawlers: readonly string[];
}

export interface SpoofedSource {
  readonly crawler: string;
  readonly ip: string;
  readonly requests: number;
  readonly disallowed: number;
  readonly first: string;
  readonly last: string;
  readonly evidence: string;
}

export interface HourBucket {
  /** Start of the hour, ISO 8601 UTC. */
  readonly hour: string;
  readonly requests: number;
  readonly crawlerRequests: number;
  readonly disallowed: number;
  readonly violations: number;
  readonly spoofed: number;
  readonly grace: number;
  readonly unavailable: number;
  readonly unreachable: number;
}

export interface RobotsFetchChange {
  readonly time: string;
  readonly crawler: string;
  readonly ip: string;
  readonly status: number | null;
  /** The state the fetch put the crawler in. */
  readonly state: 'rules' | 'unavailable' | 'unreachable';
  readonly verification: VerificationStatus;
}

export interface CrawlDelayRow {
  readonly crawler: string;
  /** Smallest valid Crawl-delay seen for the crawler's group (seconds), null when its group sets none. */
  readonly delaySeconds: number | null;
  readonly checked: number;
  readonly violations: number;
  readonly minGapSeconds: number | null;
}

export interface CrawlDelaySummary {
  readonly scope: 'verified' | 'claimed';
  /** Catalogue crawlers documented to honour Crawl-delay; only they are checked. */
  readonly honouredBy: readonly string[];
  readonly violations: number;
  readonly rows: readonly CrawlDelayRow[];
  /** Requests of honouring crawlers left out because they were not verified (scope `verified`). */
  readonly skippedUnverified: number;
  readonly method: string;
}

export interface ParseFailureSample {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

/** A request that came later than the reorder window allows: judged out of time order. */
export interface LateLineSample {
  readonly file: string;
  readonly line: number;
  readonly time: string;
  /** How far behind the latest request read before it (in its file, or judged already). */
  readonly behindSeconds: number;
}

export interface VerificationListInfo {
  readonly name: string;
  readonly url: string | null;
  readonly creationTime: string | null;
  readonly prefixes: number;
  readonly crawlers: readonly string[];
  readonly problems: readonly string[];
}

export interface AuditPolicy {
  readonly graceHours: number;
  readonly fetchPolicies: readonly { readonly policy: string; readonly appliesTo: string; readonly brief: string; readonly description: string }[];
  readonly fetchStates: string;
  readonly verification: string;
  readonly violation: string;
}

export interface AuditSummary {
  readonly files: readonly LogFileSummary[];
  readonly period: { readonly first: string | null; readonly last: string | null };
  readonly totals: {
    readonly lines: number;
    readonly requests: number;
    readonly parseFailures: number;
    /** Blank, comment and header lines: lines = requests + parseFailures + skipped. */
    readonly skipped: number;
    readonly crawlerRequests: number;
    readonly verified: number;
    readonly spoofed: number;
    readonly unverified: number;
    readonly disallowed: number;
    readonly violations: number;
    readonly grace: number;
    readonly crawlDelayViolations: number;
    /** Crawler requests whose verdict Google's literal percent-escape comparison would reverse. */
    readonly googleLiteralDifferences: number;
  };
  readonly crawlers: readonly CrawlerRow[];
  /** The crawler rows added up by purpose, in the order of the fixed purpose list. */
  readonly byPurpose: readonly PurposeRow[];
  readonly clients: {
    readonly browsers: number;
    readonly noUserAgent: number;
    readonly otherClients: number;
    readonly topOtherClients: readonly OtherClientRow[];
  };
  readonly topDisallowed: readonly DisallowedPath[];
  readonly spoofed: readonly SpoofedSource[];
  readonly timeline: readonly HourBucket[];
  readonly robotsFetches: {
    readonly byCrawler: readonly { readonly crawler: string; readonly statuses: Readonly<Record<string, number>> }[];
    readonly changes: readonly RobotsFetchChange[];
  };
  readonly crawlDelay: CrawlDelaySummary | null;
  readonly parseFailures: {
    readonly count: number;
    readonly reasons: readonly { readonly reason: string; readonly count: number }[];
    readonly samples: readonly ParseFailureSample[];
  };
  readonly versions: readonly RobotsVersionInfo[];
  readonly verification: {
    readonly lists: readonly VerificationListInfo[];
    readonly reverseDns: boolean;
    /** Crawlers whose claims could not be checked, with why. */
    readonly unchecked: readonly { readonly crawler: string; readonly requests: number; readonly reason: string }[];
  };
  readonly policy: AuditPolicy;
  /** Requests judged by the earliest version although they predate it. */
  readonly beforeFirstVersion: number;
  /**
   * Time order: requests are judged by time through a reorder window; `late` counts those
   * that came later than it allows (judged out of order), with samples.
   */
  readonly order: { readonly windowSeconds: number; readonly maxWaiting: number; readonly late: number; readonly samples: readonly LateLineSample[] };
  /** Damage found while reading (a gzip stream with trailing garbage, …): what could be read was replayed. */
  readonly inputWarnings: readonly string[];
  readonly cancelled: boolean;
  readonly elapsedMs: number;
}

export interface SummaryLimits {
  /** Parse-failure samples kept. Default 20. */
  readonly samples?: number;
  /** Rows of the top-disallowed table. Default 25. */
  readonly topPaths?: number;
  /** Spoofing sources listed. Default 100. */
  readonly spoofed?: number;
  /** robots.txt fetch state changes listed. Default 200. */
  readonly fetchChanges?: number;
}
