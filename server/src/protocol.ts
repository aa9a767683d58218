/**
 * The custom requests and notifications between the robots.txt Lens client and server,
 * declared once and imported by both sides (as rust-analyzer's `lsp_ext.ts`). This module
 * depends only on `vscode-languageserver-protocol` and on core types (type-only imports),
 * never on the server implementation, so the client bundle stays small.
 *
 * Lines are 0-based physical line numbers, as in LSP positions.
 */

import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { AuditRecord, AuditSummary } from '@robots-lens/replay';
import type { SitemapFlips, SitemapReport } from '@robots-lens/sitemaps';
import type { CrawlerAccess } from '@robots-lens/kernel/ai-access';
import type { CrawlerPurpose, RobotsTxtRespect } from '@robots-lens/kernel/crawlers';
import type { EffectivePreferences } from '@robots-lens/kernel/preferences';
import type { FetchState, RobotsFetchReport } from '@robots-lens/fetch';
import type { FlipCount, LogTally, RobotsDiff } from '@robots-lens/diff';
import type { SelectedGroup, Verdict, VerdictReason } from '@robots-lens/kernel/match';
import type { UrlCheckReport } from '@robots-lens/fetch/check-url';

/** The settings section of the extension: the client reads `robotsLens.*`, the server `robotsLens.lint.<id>`. */
export const SETTINGS_SECTION = 'robotsLens';

// ── fetch state of a fetched robots.txt document ──────────────────────────────────────

/** Where a fetched robots.txt document came from, as `robotsLens/fetch` reported it. */
export interface FetchedSource {
  /** The origin the file governs; a redirect elsewhere does not change it. */
  readonly origin: string;
  /** The robots.txt URL requested first. */
  readonly url: string;
  readonly state: FetchState;
  /** Status of the final response; null when none arrived. */
  readonly status: number | null;
  /** What the fetch outcome means for every URL of the origin (the fetch report's wording). */
  readonly explanation: string;
  /** ISO 8601 UTC. */
  readonly fetchedAt: string;
}

/**
 * Said with Test URL and matrix results on a fetched document whose robots.txt was
 * unreachable (every URL disallowed) or unavailable (every URL allowed).
 */
export interface FetchStateNote extends FetchedSource {
  readonly state: 'unreachable' | 'unavailable';
  /** What every URL of the origin gets: false when unreachable, true when unavailable. */
  readonly allowed: boolean;
}

/**
 * The matcher's verdict, or the fetch state's (reason `fetch-state`, no group, no rule) on a
 * fetched document that has no rules in force.
 */
export type TestUrlVerdict = Verdict & {
  /** The AI-use preferences in effect beside the verdict (Content-Usage, Content-Signal). */
  readonly preferences?: EffectivePreferences;
};

export interface FetchedDocumentParams {
  readonly uri: string;
  /** null: the document is no longer a fetched copy (forget its origin). */
  readonly source: FetchedSource | null;
}

/**
 * Sent by the client after opening a fetched robots.txt as a document: Test URL and the
 * matrix then judge URLs against its origin and fetch state. Closing the document forgets it.
 */
export const FetchedDocumentNotification = new NotificationType<FetchedDocumentParams>('robotsLens/fetchedDocument');

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
  readonly verdicts: readonly TestUrlVerdict[];
  /** Present on a fetched document whose robots.txt was unreachable or unavailable: why no rule decided. */
  readonly fetchState?: FetchStateNote;
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
  /** The origin the robots.txt governs; URLs on other origins are then not applicable. */
  readonly origin?: string;
}

export interface MatrixCell {
  readonly outcome: Verdict['outcome'];
  /** null when the path is not applicable (not a path or URL). */
  readonly allowed: boolean | null;
  /** Line of the deciding rule; null when no rule decided. */
  readonly line: number | null;
  readonly reason: VerdictReason;
  /** The AI-use preferences in effect, in words; present only when the file states any. */
  readonly preferences?: string;
}

export interface MatrixRow {
  /** The agent as asked. */
  readonly agent: string;
  /** The product token it resolved to. */
  readonly token: string;
  readonly crawler?: { readonly id: string; readonly name: string; readonly operator: string; readonly purposes: readonly CrawlerPurpose[] };
  /** The group the agent uses; null when no group applies (everything allowed). */
  readonly group: Pick<SelectedGroup, 'token' | 'via' | 'agentLines' | 'groups'> | null;
  /** One cell per path, in the order of `MatrixResult.paths`. */
  readonly cells: readonly MatrixCell[];
}

export interface MatrixResult {
  readonly paths: readonly string[];
  readonly rows: readonly MatrixRow[];
  /** Present when the matrix asked for was larger than the server judges: what was left out and why. */
  readonly truncated?: MatrixTruncation;
  /** Present on a fetched document whose robots.txt was unreachable or unavailable: why no rule decided. */
  readonly fetchState?: FetchStateNote;
}

/** What a bounded matrix left out; every cell it does return is judged on the whole path. */
export interface MatrixTruncation {
  /** Paths left out because they are longer than the server judges. */
  readonly longPaths: number;
  /** Paths left out beyond the most paths one matrix has. */
  readonly extraPaths: number;
  /** Agents (rows) left out beyond the most cells one matrix has. */
  readonly extraAgents: number;
  /** One sentence saying what was left out and the bounds. */
  readonly message: string;
}

/** Every crawler × every path, decided on the current buffer. */
export const MatrixRequest = new RequestType<MatrixParams, MatrixResult, void>('robotsLens/matrix');

// ── robotsLens/aiAccess ───────────────────────────────────────────────────────────────

export interface AiAccessParams {
  readonly uri: string;
}

/** One catalogue crawler of a purpose, and what this robots.txt lets it fetch. */
export interface AiAccessCrawler {
  readonly token: string;
  readonly name: string;
  readonly operator: string;
  readonly purposes: readonly CrawlerPurpose[];
  /** `nothing` and `everything` hold for every URL (proved on the rules); else `some`. */
  readonly access: CrawlerAccess;
  readonly honoursRobotsTxt: RobotsTxtRespect;
  /** The operator's words on robots.txt, when the catalogue quotes them. */
  readonly honoursRobotsTxtWords?: string;
  readonly userInitiated: boolean;
  /** A person's agent that the operator does not say follows robots.txt: the rules may not stop it. */
  readonly mayIgnoreRobotsTxt: boolean;
  /** The group it obeys; null when no group names it or `*`, or when the fetch state decides. */
  readonly group: Pick<SelectedGroup, 'token' | 'via' | 'agentLines'> | null;
}

export interface AiAccessPurpose {
  readonly purpose: CrawlerPurpose;
  /** "AI training". */
  readonly title: string;
  /** "AI training: 9 of 11 known crawlers may fetch nothing; Bytespider and … may fetch everything." */
  readonly summary: string;
  readonly crawlers: readonly AiAccessCrawler[];
}

/** A group that states AI-use preferences, as a column of the preferences table. */
export interface AiAccessPreferenceGroup {
  /** "User-agent: * (line 7)". */
  readonly label: string;
  /** The group's User-agent lines. */
  readonly agentLines: readonly number[];
  /** Tokens of the catalogue crawlers that obey it. */
  readonly crawlers: readonly string[];
  /** The `*` group: crawlers the catalogue does not list obey it too. */
  readonly everyOtherCrawler: boolean;
}

export interface AiAccessPreferenceCell {
  readonly allowed: boolean;
  /** The preferences in words, or "not applicable: not crawlable". */
  readonly text: string;
  /** The Content-Usage and Content-Signal lines in effect. */
  readonly lines: readonly number[];
}

export interface AiAccessResult {
  /** The document version judged. */
  readonly version: number;
  readonly purposes: readonly AiAccessPurpose[];
  readonly preferences: {
    readonly groups: readonly AiAccessPreferenceGroup[];
    /** Groups some crawler obeys that state no preferences. */
    readonly silentGroups: number;
    readonly paths: readonly string[];
    /** `cells[p][g]`: path `paths[p]` for group `groups[g]`. */
    readonly cells: readonly (readonly AiAccessPreferenceCell[])[];
  };
  /** Present on a fetched document whose robots.txt was unreachable or unavailable: the fetch state decides, not the rules. */
  readonly fetchState?: FetchStateNote;
}

/** The catalogue's crawlers by purpose, what each may fetch, and the AI-use preferences per path, on the current buffer. */
export const AiAccessRequest = new RequestType<AiAccessParams, AiAccessResult, void>('robotsLens/aiAccess');

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

// ── robotsLens/fetch ──────────────────────────────────────────────────────────────────

export interface FetchParams {
  /** A site (`example.com` means https) or any URL on it: its origin's /robots.txt is fetched. */
  readonly site: string;
  /** Overall limit for the fetch, redirects included; default 10 000 ms. */
  readonly timeoutMs?: number;
}

/** The fetch report (with the decoded file as `text` when its rules apply) and when it was fetched. */
export interface FetchResult extends RobotsFetchReport {
  /** When the fetch ended (ISO 8601 UTC). */
  readonly fetchedAt: string;
}

/** Fetches /robots.txt the way crawlers do, in the server, and says what the outcome means. */
export const FetchRequest = new RequestType<FetchParams, FetchResult, void>('robotsLens/fetch');

// ── robotsLens/checkUrl ───────────────────────────────────────────────────────────────

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
export const CheckUrlRequest = new RequestType<CheckUrlParams, UrlCheckReport, void>('robotsLens/checkUrl');

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
  readonly summary: AuditSummary;
  /** The judged requests in log order, at most `maxRecords`. */
  readonly records: readonly AuditRecord[];
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

// ── robotsLens/compare ────────────────────────────────────────────────────────────────

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
  readonly flips: SitemapFlips;
  /** Each sitemap read (an index's children too), and why one could not be read. */
  readonly sitemaps: readonly SitemapReport[];
}

/** Real traffic under both versions, when the comparison was given logs. */
export interface CompareRequests {
  /** What each log held, in the order given. */
  readonly logs: readonly LogTally[];
  /** Per crawler token, the requests decided differently (most flips first), with examples. */
  readonly flips: readonly FlipCount[];
}

export interface CompareResult {
  /** The semantic diff, old → current buffer. Its line numbers are 1-based. */
  readonly diff: RobotsDiff;
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

// The crawler IP lists (read by the client for a web worker, refreshed by the server) live in
// protocol-ip-lists.ts; the sitemap check and its progress in protocol-sitemaps.ts. Both are
// re-exported here, so both sides import every request from this one module.
export * from './protocol-ip-lists';
export * from './protocol-sitemaps';
