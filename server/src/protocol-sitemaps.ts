/**
 * The custom request that checks a robots.txt buffer's sitemaps (`robotsLens/checkSitemaps`) and
 * its progress notification: part of the protocol module (`protocol.ts` re-exports it), in a
 * file of its own to keep each under 500 lines. Lines are 0-based, as in LSP positions.
 */

import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { BlockedSitemapUrl, SitemapCheckTally, SitemapReport } from '@robots-lens/sitemaps';

// ── robotsLens/checkSitemaps ──────────────────────────────────────────────────────────

export interface CheckSitemapsParams {
  /** The robots.txt document; its current (possibly unsaved) buffer decides. */
  readonly uri: string;
  /** Crawlers to check for (tokens or User-Agent headers); at least one. */
  readonly agents: readonly string[];
  /** Sitemaps: absolute file paths or http(s) URLs. Default: the document's `Sitemap:` lines with http(s) URLs. */
  readonly sitemaps?: readonly string[];
  /** The site the robots.txt governs. Default: the first sitemap URL's origin, else the first listed URL's. */
  readonly origin?: string;
  /** Overall limit for each sitemap fetched; default 10 000 ms. */
  readonly timeoutMs?: number;
}

/** A sitemap the check started from, and what was found through it (its index's children included). */
export interface CheckedSitemapRoot {
  readonly location: string;
  /** The document's `Sitemap:` line naming it (0-based), or null for a picked file. */
  readonly line: number | null;
  /** Blocked entries (URL × crawler) found through it, and per crawler. */
  readonly blocked: number;
  readonly perAgent: readonly { readonly agent: string; readonly blocked: number }[];
}

export interface CheckSitemapsResult {
  /** The document version the verdicts are for. */
  readonly version: number;
  /** Blocked URLs with their deciding lines (1-based, as `robots-lens sitemaps --json`), the first `MAX_SITEMAP_BLOCKED_SHOWN`. */
  readonly blocked: readonly BlockedSitemapUrl[];
  /** Blocked entries found beyond those listed; the counts in `tally` are exact. */
  readonly blockedOmitted: number;
  readonly tally: SitemapCheckTally;
  readonly sitemaps: readonly SitemapReport[];
  readonly roots: readonly CheckedSitemapRoot[];
  /** Sitemap lines not read (no http(s) URL). */
  readonly notices: readonly string[];
  /** True when the user cancelled: what was read by then. */
  readonly cancelled: boolean;
}

/** Blocked URLs sent to the client; a check finds any number, the counts say how many. */
export const MAX_SITEMAP_BLOCKED_SHOWN = 5000;

/** Reads sitemaps in the server and decides every listed URL against the buffer. */
export const CheckSitemapsRequest = new RequestType<CheckSitemapsParams, CheckSitemapsResult, void>('robotsLens/checkSitemaps');

export interface CheckSitemapsProgressParams {
  readonly uri: string;
  /** Sitemaps read so far. */
  readonly sitemaps: number;
  /** Page URLs listed so far. */
  readonly urls: number;
}

/** Sent by the server while `robotsLens/checkSitemaps` runs. */
export const CheckSitemapsProgressNotification = new NotificationType<CheckSitemapsProgressParams>('robotsLens/checkSitemapsProgress');
