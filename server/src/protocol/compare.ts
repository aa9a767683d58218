/**
 * `robotsLens/compare`: the impact of an edit — the semantic diff from another version to the
 * current buffer, and, when asked, the logged requests and sitemap URLs it decides differently.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { LogFormatDto } from './common';
import type { RobotsDiffDto } from './diff';
import type { SitemapFlipsDto, SitemapReportDto } from './sitemaps';

/** What one log held. */
export interface LogTallyDto {
  readonly file: string;
  readonly format: LogFormatDto;
  readonly lines: number;
  readonly requests: number;
  /** Lines that are not a request in that format. */
  readonly unreadable: number;
  /** Damage met while reading; what was read before it was counted. */
  readonly warnings?: readonly string[];
}

/** A logged request the new version decides differently. Lines 1-based; null: no rule matched. */
export interface FlipExampleDto {
  readonly url: string;
  /** ISO 8601 UTC; absent when the request came without a time. */
  readonly time?: string;
  readonly oldLine: number | null;
  readonly newLine: number | null;
}

/** How the requests of one crawler token fare under the two versions. */
export interface FlipCountDto {
  /** Catalogue token when known; `*` when the User-Agent names none. */
  readonly token: string;
  /** Catalogue id, when the catalogue knows the crawler. */
  readonly crawler?: string;
  readonly requests: number;
  readonly newlyDisallowed: number;
  readonly newlyAllowed: number;
  readonly examples: { readonly newlyDisallowed: readonly FlipExampleDto[]; readonly newlyAllowed: readonly FlipExampleDto[] };
}

export interface CompareParams {
  /** The robots.txt document; its current (possibly unsaved) buffer is the new version. */
  readonly uri: string;
  /** The text of the version to compare with (the old version): git HEAD, another file. */
  readonly otherText: string;
  /** Where the old version came from, for display (`git HEAD`, a file name). */
  readonly otherLabel: string;
  /** Crawlers to compare (tokens or User-Agent headers). Default: the catalogue, every token either file names, and `*`. */
  readonly crawlers?: readonly string[];
  /**
   * Access logs (absolute paths) whose requests are decided by both versions: the result then
   * counts the requests whose verdict flips, and the summary says how many.
   */
  readonly logFiles?: readonly string[];
  /**
   * Sitemaps (absolute file paths or http(s) URLs) whose listed URLs are decided by both
   * versions, read as `robots-lens diff --sitemap` reads them. Only sent when the user asks:
   * a comparison never fetches a sitemap on its own.
   */
  readonly sitemaps?: readonly string[];
}

/** The URLs your sitemaps list that the edit decides differently, when the comparison was given sitemaps. */
export interface CompareSitemaps {
  /** Per set of crawlers that flip alike, the listed URLs newly blocked and newly allowed, with examples and the new deciding line. */
  readonly flips: SitemapFlipsDto;
  /** Each sitemap read (an index's children too), and why one could not be read. */
  readonly sitemaps: readonly SitemapReportDto[];
}

/** Real traffic under both versions, when the comparison was given logs. */
export interface CompareRequests {
  /** What each log held, in the order given. */
  readonly logs: readonly LogTallyDto[];
  /** Per crawler token, the requests decided differently (most flips first), with examples. */
  readonly flips: readonly FlipCountDto[];
}

export interface CompareResult {
  /** The semantic diff, old → current buffer. Its line numbers are 1-based. */
  readonly diff: RobotsDiffDto;
  /** One sentence: who is affected, and how much; with logs, a second on the requests that flip. */
  readonly summary: string;
  /** Present when `logFiles` were given. */
  readonly requests?: CompareRequests;
  /** Present when `sitemaps` were given. */
  readonly sitemaps?: CompareSitemaps;
  /** The document version compared. */
  readonly version: number;
}

/** The impact of an edit: the semantic diff from another version of the file to the current buffer. */
export const CompareRequest = new RequestType<CompareParams, CompareResult, void>('robotsLens/compare');
