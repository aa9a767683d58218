/**
 * `robotsLens/checkUrl`: for one URL and crawler, may it crawl (live robots.txt, fetch state
 * first) and what the page says about indexing. The report is the data `robots-lens check
 * --json` prints, declared here for the wire. Lines are 1-based here, as a user reads them.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { FetchStateDto, VerdictOutcomeDto, VerdictReasonDto } from './common';
import type { CrawlerConsequenceDto, FetchHopDto, NetworkFailureDto, RobotsFetchReportDto } from './fetch';

/** The verdict in the words of `robots-lens test --json`, without what the report says once. */
export interface VerdictSummaryDto {
  readonly outcome: VerdictOutcomeDto;
  readonly allowed: boolean | null;
  readonly line: number | null;
  /** The deciding rule as written, without its comment. */
  readonly rule: string | null;
  readonly group: string | null;
  readonly groupLines: readonly number[];
  readonly reason: VerdictReasonDto;
  readonly explanation: string;
}

export interface DirectiveDto {
  readonly name: string;
  readonly value: string | null;
  readonly time?: string;
  readonly expired?: boolean;
  readonly from: readonly { readonly source: string; readonly text: string }[];
}

export interface UrlCheckReportDto {
  readonly url: string;
  readonly agent: string;
  readonly crawler: string | null;
  readonly chain: readonly string[];
  readonly crawl: {
    readonly allowed: boolean | null;
    readonly state: FetchStateDto;
    readonly decidedBy: string;
    readonly explanation: string;
    readonly verdict: VerdictSummaryDto | null;
    readonly consequence: CrawlerConsequenceDto;
  };
  readonly robots: RobotsFetchReportDto;
  readonly page: {
    readonly url: string;
    readonly finalUrl: string;
    readonly chain: readonly FetchHopDto[];
    readonly status: number | null;
    readonly contentType: string | null;
    readonly bytes: number | null;
    readonly truncated: boolean;
    readonly error: NetworkFailureDto | null;
    readonly redirectProblem: string | null;
    readonly xRobotsTag: readonly string[];
    readonly meta: readonly { readonly name: string; readonly content: string }[];
  };
  readonly indexing: {
    /** Whether the crawler sees these directives at all (false when crawling is disallowed). */
    readonly seenByCrawler: boolean;
    readonly sources: readonly { readonly label: string; readonly raw: string }[];
    readonly noindex: boolean;
    readonly nofollow: boolean;
    readonly summary: string;
    readonly effective: readonly DirectiveDto[];
    readonly setAside: readonly { readonly source: string; readonly text: string; readonly reason: string }[];
    readonly notes: readonly string[];
    readonly problems: readonly { readonly source: string; readonly text: string; readonly message: string }[];
  } | null;
  readonly assessment: {
    readonly directivesSeen: boolean;
    readonly pageSaysNoindex: boolean;
    readonly headline: string;
    readonly advice: readonly string[];
  };
}

export interface CheckUrlParams {
  /** An absolute http(s) URL. */
  readonly url: string;
  /** A product token (`Googlebot`) or a full User-Agent header. */
  readonly agent: string;
  /** Overall limit for each fetch; default 10 000 ms. */
  readonly timeoutMs?: number;
}

/**
 * Two separate questions for one URL and crawler: may it crawl (live robots.txt, fetch state
 * first), and what the page says about indexing — and how they interact.
 */
export const CheckUrlRequest = new RequestType<CheckUrlParams, UrlCheckReportDto, void>('robotsLens/checkUrl');
