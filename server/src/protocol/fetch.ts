/**
 * `robotsLens/fetch`: an origin's /robots.txt fetched the way crawlers do, and what the outcome
 * means. The report is the same data `robots-lens fetch --json` prints, declared here for the wire.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { FetchStateDto } from './common';

export interface FetchHopDto {
  readonly url: string;
  readonly status: number;
  /** The `Location` header of a redirect, as sent. */
  readonly location?: string;
}

/** Why no complete response arrived. */
export interface NetworkFailureDto {
  readonly kind: 'timeout' | 'connect-timeout' | 'connection-reset' | 'connection-refused' | 'dns' | 'tls' | 'incomplete-body' | 'protocol' | 'other';
  /** The system or library code (`ECONNRESET`, `ENOTFOUND`, …). */
  readonly code: string;
  readonly message: string;
}

export interface FetchWarningDto {
  readonly code:
    | 'redirect'
    | 'too-many-redirects'
    | 'bad-redirect'
    | 'looks-like-html'
    | 'bom'
    | 'size-limit'
    | 'truncated'
    | 'content-type'
    | 'charset'
    | 'empty-body'
    | 'invalid-utf8'
    | 'access-denied'
    | 'rate-limited';
  readonly message: string;
}

/** What one major crawler does with the site's URLs after this fetch outcome. */
export interface CrawlerConsequenceDto {
  /** The crawler's robots.txt token. */
  readonly crawler: string;
  readonly name: string;
  readonly operator: string;
  readonly access: 'by-rules' | 'everything' | 'nothing' | 'cached-copy';
  /** What the crawler does, as one clause. */
  readonly summary: string;
  readonly policy: 'google' | 'amazon' | 'rfc9309';
  /** The operator documents this behaviour. */
  readonly documented: boolean;
  readonly source: string;
  readonly note?: string;
}

/** What the rules of a fetched file amount to. */
export interface RulesSummaryDto {
  readonly groups: number;
  readonly rules: number;
  /** Every Sitemap URL, in file order. */
  readonly sitemaps: readonly string[];
  /** The distinct product tokens of the User-agent lines (`*` for the fallback group). */
  readonly agents: readonly string[];
}

export interface RobotsFetchReportDto {
  /** The origin the rules apply to. */
  readonly origin: string;
  readonly url: string;
  readonly finalUrl: string;
  readonly chain: readonly FetchHopDto[];
  readonly status: number | null;
  readonly state: FetchStateDto;
  readonly explanation: string;
  readonly bytes: number | null;
  readonly truncated: boolean;
  readonly contentType: string | null;
  readonly warnings: readonly FetchWarningDto[];
  readonly error: NetworkFailureDto | null;
  /** Present when the state is `rules`. */
  readonly rules: RulesSummaryDto | null;
  readonly crawlers: readonly CrawlerConsequenceDto[];
  /** The decoded body (BOM removed) when the state is `rules`. */
  readonly text?: string;
}

export interface FetchParams {
  /** A site (`example.com` means https) or any URL on it: its origin's /robots.txt is fetched. */
  readonly site: string;
  /** Overall limit for the fetch, redirects included; default 10 000 ms. */
  readonly timeoutMs?: number;
}

/** The fetch report (with the decoded file as `text` when its rules apply) and when it was fetched. */
export interface FetchResult extends RobotsFetchReportDto {
  /** When the fetch ended (ISO 8601 UTC). */
  readonly fetchedAt: string;
}

/** Fetches /robots.txt the way crawlers do, in the server, and says what the outcome means. */
export const FetchRequest = new RequestType<FetchParams, FetchResult, void>('robotsLens/fetch');
