/** `robotsLens/fileSummary`: counts for the status bar and CodeLens. Lines are 0-based. */

import { RequestType } from 'vscode-languageserver-protocol';

export interface FileSummaryParams {
  readonly uri: string;
}

export interface GroupSummary {
  readonly index: number;
  /** Line of the group's first `User-agent`. */
  readonly line: number;
  /** The `User-agent` values as written. */
  readonly agents: readonly string[];
  readonly rules: number;
  /** Tokens of the catalogue crawlers that use this group (by own token or fallback). */
  readonly crawlers: readonly string[];
  /** The `*` group: every crawler without a group of its own uses it too. */
  readonly everyOtherCrawler: boolean;
}

export interface FileSummaryResult {
  /** The document version summarised. */
  readonly version: number;
  readonly groups: number;
  readonly rules: number;
  readonly sitemaps: number;
  readonly errors: number;
  readonly warnings: number;
  readonly information: number;
  readonly hints: number;
  readonly groupSummaries: readonly GroupSummary[];
}

/** Counts for the status bar and CodeLens. */
export const FileSummaryRequest = new RequestType<FileSummaryParams, FileSummaryResult, void>('robotsLens/fileSummary');
