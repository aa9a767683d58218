/**
 * `robotsLens/checkSitemaps` and its progress, and the sitemap shapes `robotsLens/compare`
 * shares: what was read, what is blocked, what an edit flips. Lines of the robots.txt are
 * 0-based in `CheckedSitemapRoot` (LSP positions) and 1-based in blocked URLs and flips
 * (as `robots-lens sitemaps --json` writes them).
 */

import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

/** One sitemap read (or not): what it is, how many entries, and what went wrong. */
export interface SitemapReportDto {
  readonly location: string;
  /** The index that listed it (none for the sitemaps given). */
  readonly parent?: string;
  /** Absent when it could not be read. */
  readonly kind?: 'urlset' | 'sitemapindex';
  readonly entries: number;
  readonly error?: string;
  readonly notices: readonly string[];
}

/** A listed URL that a crawler may not fetch. */
export interface BlockedSitemapUrlDto {
  readonly url: string;
  readonly agent: string;
  readonly line: number;
  readonly rule: string;
  readonly sitemap: string;
  readonly sitemapLine: number;
}

/** A listed URL outside this robots.txt's reach, as an example. */
export interface SitemapUrlAsideDto {
  readonly url: string;
  readonly sitemap: string;
  readonly sitemapLine: number;
  readonly reason: string;
}

export interface SitemapCheckTallyDto {
  /** The origin the robots.txt was taken to govern; absent when no URL was listed. */
  readonly origin?: string;
  readonly listed: number;
  readonly agents: readonly { readonly agent: string; readonly checked: number; readonly blocked: number }[];
  readonly otherOrigin: { readonly count: number; readonly examples: readonly SitemapUrlAsideDto[] };
  readonly notUrls: { readonly count: number; readonly examples: readonly SitemapUrlAsideDto[] };
}

export interface SitemapFlipExampleDto {
  readonly url: string;
  readonly sitemap: string;
  readonly sitemapLine: number;
  /** The rule deciding it in the new version; 0 and '' when none does. */
  readonly line: number;
  readonly rule: string;
}

export interface SitemapFlipCountDto {
  /** Crawlers that follow the same groups in both versions, so every URL flips alike for them. */
  readonly agents: readonly string[];
  readonly newlyBlocked: number;
  readonly newlyAllowed: number;
  readonly examples: { readonly newlyBlocked: readonly SitemapFlipExampleDto[]; readonly newlyAllowed: readonly SitemapFlipExampleDto[] };
}

export interface SitemapFlipsDto {
  /** Absent when no URL was listed. */
  readonly origin?: string;
  readonly checked: number;
  readonly newlyBlocked: number;
  readonly newlyAllowed: number;
  readonly crawlers: readonly SitemapFlipCountDto[];
}

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
  /** Blocked URLs with their deciding lines (1-based), the first `MAX_SITEMAP_BLOCKED_SHOWN`. */
  readonly blocked: readonly BlockedSitemapUrlDto[];
  /** Blocked entries found beyond those listed; the counts in `tally` are exact. */
  readonly blockedOmitted: number;
  readonly tally: SitemapCheckTallyDto;
  readonly sitemaps: readonly SitemapReportDto[];
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
