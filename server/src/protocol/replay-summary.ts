/**
 * The replay's summary as it travels in `robotsLens/replay`: counts per crawler ×
 * verification × verdict, the disallowed paths fetched anyway, spoofing, an hourly timeline,
 * robots.txt fetches, Crawl-delay and unparsed lines. All times are ISO 8601 UTC.
 */

import type { CrawlerPurposeDto, LogFormatDto } from './common';

export type VerificationStatusDto = 'verified' | 'spoofed' | 'unverified' | 'not-applicable';

export interface LogFileSummaryDto {
  readonly name: string;
  readonly format: LogFormatDto | null;
  readonly formatSource: string;
  readonly lines: number;
  readonly requests: number;
  readonly parseFailures: number;
  readonly skipped: number;
}

export interface CrawlerRowDto {
  readonly crawler: string;
  readonly crawlerId: string;
  readonly operator: string;
  readonly purposes: readonly CrawlerPurposeDto[];
  readonly client: 'crawler' | 'control-token';
  readonly verification: VerificationStatusDto;
  readonly requests: number;
  readonly allowed: number;
  readonly disallowed: number;
  readonly grace: number;
  readonly notApplicable: number;
  readonly unavailable: number;
  readonly unreachable: number;
  readonly violations: number;
  readonly robotsFetches: number;
  readonly crawlDelayViolations: number;
}

export interface PurposeRowDto {
  readonly purpose: CrawlerPurposeDto;
  readonly crawlers: number;
  readonly requests: number;
  readonly violations: number;
}

export interface DisallowedPathDto {
  readonly url: string;
  readonly requests: number;
  readonly violations: number;
  readonly spoofed: number;
  readonly crawlers: readonly string[];
}

export interface SpoofedSourceDto {
  readonly crawler: string;
  readonly ip: string;
  readonly requests: number;
  readonly disallowed: number;
  readonly first: string;
  readonly last: string;
  readonly evidence: string;
}

export interface HourBucketDto {
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

export interface RobotsFetchChangeDto {
  readonly time: string;
  readonly crawler: string;
  readonly ip: string;
  readonly status: number | null;
  readonly state: 'rules' | 'unavailable' | 'unreachable';
  readonly verification: VerificationStatusDto;
}

export interface CrawlDelaySummaryDto {
  readonly scope: 'verified' | 'claimed';
  readonly honouredBy: readonly string[];
  readonly violations: number;
  readonly rows: readonly {
    readonly crawler: string;
    readonly delaySeconds: number | null;
    readonly checked: number;
    readonly violations: number;
    readonly minGapSeconds: number | null;
  }[];
  readonly skippedUnverified: number;
  readonly method: string;
}

export interface VerificationListDto {
  readonly name: string;
  readonly url: string | null;
  readonly creationTime: string | null;
  readonly prefixes: number;
  readonly crawlers: readonly string[];
  readonly problems: readonly string[];
}

export interface AuditPolicyDto {
  readonly graceHours: number;
  readonly fetchPolicies: readonly { readonly policy: string; readonly appliesTo: string; readonly brief: string; readonly description: string }[];
  readonly fetchStates: string;
  readonly verification: string;
  readonly violation: string;
}

export interface AuditSummaryDto {
  readonly files: readonly LogFileSummaryDto[];
  readonly period: { readonly first: string | null; readonly last: string | null };
  readonly totals: {
    readonly lines: number;
    readonly requests: number;
    readonly parseFailures: number;
    readonly skipped: number;
    readonly crawlerRequests: number;
    readonly verified: number;
    readonly spoofed: number;
    readonly unverified: number;
    readonly disallowed: number;
    readonly violations: number;
    readonly grace: number;
    readonly crawlDelayViolations: number;
    readonly googleLiteralDifferences: number;
  };
  readonly crawlers: readonly CrawlerRowDto[];
  readonly byPurpose: readonly PurposeRowDto[];
  readonly clients: {
    readonly browsers: number;
    readonly noUserAgent: number;
    readonly otherClients: number;
    readonly topOtherClients: readonly { readonly agent: string; readonly requests: number; readonly disallowed: number }[];
  };
  readonly topDisallowed: readonly DisallowedPathDto[];
  readonly spoofed: readonly SpoofedSourceDto[];
  readonly timeline: readonly HourBucketDto[];
  readonly robotsFetches: {
    /** Responses by status text (`200`, `none`, …) per crawler. */
    readonly byCrawler: readonly { readonly crawler: string; readonly statuses: { readonly [status: string]: number } }[];
    readonly changes: readonly RobotsFetchChangeDto[];
  };
  readonly crawlDelay: CrawlDelaySummaryDto | null;
  readonly parseFailures: {
    readonly count: number;
    readonly reasons: readonly { readonly reason: string; readonly count: number }[];
    readonly samples: readonly { readonly file: string; readonly line: number; readonly text: string; readonly reason: string }[];
  };
  readonly versions: readonly { readonly label: string; readonly effective: string | null; readonly source: string; readonly groups: number; readonly rules: number }[];
  readonly verification: {
    readonly lists: readonly VerificationListDto[];
    readonly reverseDns: boolean;
    readonly unchecked: readonly { readonly crawler: string; readonly requests: number; readonly reason: string }[];
  };
  readonly policy: AuditPolicyDto;
  readonly beforeFirstVersion: number;
  readonly order: {
    readonly windowSeconds: number;
    readonly maxWaiting: number;
    readonly late: number;
    readonly samples: readonly { readonly file: string; readonly line: number; readonly time: string; readonly behindSeconds: number }[];
  };
  readonly inputWarnings: readonly string[];
  readonly cancelled: boolean;
  readonly elapsedMs: number;
}
