/**
 * `robotsLens/replay` and what goes with it: the per-rule counts hover shows
 * (`robotsLens/replayCounts`), progress, and the log pieces a web worker asks the client
 * for (`robotsLens/readLog`). Lines of records are 1-based, as a user reads them.
 */

import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { AuditSummaryDto, VerificationStatusDto } from './replay-summary';

/** What a verification rests on (list and date, or PTR and forward names). */
export interface VerificationEvidenceDto {
  readonly method: 'ip-ranges' | 'reverse-dns' | 'control-token' | 'none';
  readonly detail: string;
  readonly lists?: readonly { readonly name: string; readonly date: string | null }[];
  readonly prefix?: string;
  readonly ptr?: readonly string[];
  readonly hostname?: string;
  readonly forward?: readonly string[];
  readonly error?: string;
}

/** One judged request of a replay. */
export interface AuditRecordDto {
  readonly file: string;
  readonly logLine: number;
  readonly time: string;
  readonly ip: string;
  readonly method: string;
  readonly url: string;
  readonly status: number | null;
  readonly userAgent: string;
  readonly client: 'crawler' | 'control-token' | 'other-client' | 'browser' | 'no-user-agent';
  readonly crawler: string | null;
  readonly agent: string;
  readonly verification: VerificationStatusDto;
  readonly evidence: VerificationEvidenceDto | null;
  readonly allowed: boolean | null;
  readonly line: number | null;
  readonly rule: string | null;
  readonly group: string | null;
  readonly state: 'rules' | 'grace' | 'unavailable' | 'unreachable' | null;
  readonly reason: 'rule' | 'no-matching-rule' | 'no-group' | 'robots-txt' | 'other-origin' | 'bad-url' | 'unavailable' | 'unreachable' | 'not-a-crawler';
  readonly version: string | null;
  readonly violation: boolean;
  readonly robotsFetch: boolean;
  readonly grace?: { readonly previousVersion: string; readonly previousAllowed: boolean; readonly changedAt: string };
  readonly crawlDelay?: { readonly gapSeconds: number; readonly delaySeconds: number };
  readonly googleLiteral?: { readonly allowed: boolean; readonly line: number | null };
  readonly note?: string;
  readonly directives?: { readonly header: string; readonly effective: string; readonly noindex: boolean };
  /** Lines 1-based; present only when the robots.txt version states any preferences. */
  readonly preferences?: {
    readonly applicable: boolean;
    readonly contentUsage: { readonly line: number; readonly 'train-ai': string; readonly search: string } | null;
    readonly contentSignal: { readonly line: number; readonly search: string | null; readonly 'ai-input': string | null; readonly 'ai-train': string | null; readonly use: string | null } | null;
  };
}

// ── robotsLens/replayCounts ───────────────────────────────────────────────────────────

export interface ReplayCount {
  /** Line of the rule (0-based). */
  readonly line: number;
  /** How many replayed requests this rule decided. */
  readonly requests: number;
}

export interface ReplayCountsParams {
  readonly uri: string;
  /** Replaces any counts sent before for this document; an empty list clears them. */
  readonly counts: readonly ReplayCount[];
}

/** Hover on a rule shows how many requests it decided; `robotsLens/replay` sets the same counts itself. */
export const ReplayCountsNotification = new NotificationType<ReplayCountsParams>('robotsLens/replayCounts');

// ── robotsLens/replay ─────────────────────────────────────────────────────────────────

export interface ReplayParams {
  /** The robots.txt document; its current (possibly unsaved) buffer is the single version, in effect all along. */
  readonly uri: string;
  /** Absolute paths of the access logs (gzip included, FIFOs streamed); their requests are merged by time. */
  readonly logFiles: readonly string[];
  /** Cache grace after a robots.txt change, in hours. Default 24. */
  readonly graceHours?: number;
  /** How much earlier than the latest request before it in its file a request may come and still be judged in time order, minutes. Default 1, at most 10,080 (7 days). */
  readonly reorderWindowMinutes?: number;
  /** Check Crawl-delay for verified requests. Default off. */
  readonly crawlDelay?: boolean;
  /** Records returned at most (the summary and rule counts cover every request). Default 100,000. */
  readonly maxRecords?: number;
}

export interface ReplayResult {
  readonly summary: AuditSummaryDto;
  /** The judged requests in log order, at most `maxRecords`. */
  readonly records: readonly AuditRecordDto[];
  /** More requests were judged than `records` holds. */
  readonly truncated: boolean;
  /** Requests decided per rule line (0-based), over the whole replay; also what hover shows afterwards. */
  readonly ruleCounts: readonly ReplayCount[];
  /** The document version replayed. */
  readonly version: number;
  /** Where the IP lists came from, or why there are none. */
  readonly ranges: string;
  readonly warnings: readonly string[];
}

/**
 * Replays access logs against the current buffer, in the server (streamed, cancellable).
 * Afterwards hover on a rule shows how many requests it decided, as after `robotsLens/replayCounts`.
 */
export const ReplayRequest = new RequestType<ReplayParams, ReplayResult, void>('robotsLens/replay');

export interface ReplayProgressParams {
  readonly uri: string;
  readonly file: string;
  readonly lines: number;
  readonly requests: number;
  readonly bytesRead: number | null;
  readonly bytesTotal: number | null;
}

/** Sent by the server while `robotsLens/replay` runs. */
export const ReplayProgressNotification = new NotificationType<ReplayProgressParams>('robotsLens/replayProgress');

// ── robotsLens/readLog (server → client, in a web worker) ─────────────────────────────

export interface ReadLogParams {
  /** A path of `ReplayParams.logFiles`, as the client sent it. */
  readonly file: string;
  /** 0 starts the file over; then 1, 2, … in turn. */
  readonly index: number;
}

export interface ReadLogResult {
  /** The next piece of the log's text (gunzipped, decoded as UTF-8); null after the last. */
  readonly text: string | null;
  /** Bytes of the file (compressed bytes for gzip) read so far, and in all. */
  readonly bytesRead: number;
  readonly bytesTotal: number;
}

/**
 * Asked by the web worker server while it replays: a worker has no file system, so the
 * client reads the log through VS Code's (virtual file systems included) and hands it over
 * piece by piece, the next piece only when the replay asks for it.
 */
export const ReadLogRequest = new RequestType<ReadLogParams, ReadLogResult, void>('robotsLens/readLog');
