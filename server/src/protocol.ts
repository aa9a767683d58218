/**
 * The custom requests and notifications between the robots.txt Lens client and server,
 * declared once and imported by both sides (as rust-analyzer's `lsp_ext.ts`). This module
 * depends only on `vscode-languageserver-protocol` and on core types, never on the server
 * implementation, so the client bundle stays small.
 *
 * Lines are 0-based physical line numbers, as in LSP positions.
 */

import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { CrawlerPurpose, SelectedGroup, Verdict, VerdictReason } from './core';

// ── robotsLens/testUrl ────────────────────────────────────────────────────────────────

export interface TestUrlParams {
  /** The robots.txt document; its current (possibly unsaved) buffer is used. */
  readonly uri: string;
  /** A URL (`https://host/path?q`) or a path (`/path?q`). */
  readonly url: string;
  /** Tokens (`Googlebot`) or full User-Agent headers; one verdict each, in this order. */
  readonly agents: readonly string[];
  /** The origin the robots.txt governs; URLs on other origins are then not applicable. */
  readonly origin?: string;
}

export interface TestUrlResult {
  readonly verdicts: readonly Verdict[];
}

/** Decides a URL for each agent with the one matcher, on the unsaved buffer. */
export const TestUrlRequest = new RequestType<TestUrlParams, TestUrlResult, void>('robotsLens/testUrl');

// ── robotsLens/matrix ─────────────────────────────────────────────────────────────────

export interface MatrixParams {
  readonly uri: string;
  /** Default: the catalogue's well-known crawlers. */
  readonly agents?: readonly string[];
  /** Default: paths derived from the file's own rules (each rule's literal prefix and a path it matches). */
  readonly paths?: readonly string[];
}

export interface MatrixCell {
  readonly outcome: Verdict['outcome'];
  /** null when the path is not applicable (not a path or URL). */
  readonly allowed: boolean | null;
  /** Line of the deciding rule; null when no rule decided. */
  readonly line: number | null;
  readonly reason: VerdictReason;
}

export interface MatrixRow {
  /** The agent as asked. */
  readonly agent: string;
  /** The product token it resolved to. */
  readonly token: string;
  readonly crawler?: { readonly id: string; readonly name: string; readonly operator: string; readonly purpose: CrawlerPurpose };
  /** The group the agent uses; null when no group applies (everything allowed). */
  readonly group: Pick<SelectedGroup, 'token' | 'via' | 'agentLines' | 'groups'> | null;
  /** One cell per path, in the order of `MatrixResult.paths`. */
  readonly cells: readonly MatrixCell[];
}

export interface MatrixResult {
  readonly paths: readonly string[];
  readonly rows: readonly MatrixRow[];
}

/** Every crawler × every path, decided on the current buffer. */
export const MatrixRequest = new RequestType<MatrixParams, MatrixResult, void>('robotsLens/matrix');

// ── robotsLens/fileSummary ────────────────────────────────────────────────────────────

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

// ── robotsLens/replayCounts ───────────────────────────────────────────────────────────

export interface ReplayCount {
  /** Line of the rule. */
  readonly line: number;
  /** How many replayed requests this rule decided. */
  readonly requests: number;
}

export interface ReplayCountsParams {
  readonly uri: string;
  /** Replaces any counts sent before for this document; an empty list clears them. */
  readonly counts: readonly ReplayCount[];
}

/** Sent by the replay panel; hover on a rule shows how many requests it decided. */
export const ReplayCountsNotification = new NotificationType<ReplayCountsParams>('robotsLens/replayCounts');
