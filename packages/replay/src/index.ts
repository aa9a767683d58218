/**
 * The access-log audit: replay real traffic against robots.txt. Who asked (claimed crawler,
 * verified or spoofed), which version and fetch state applied, what the one matcher says,
 * Crawl-delay, and a summary. Pure: logs arrive as text chunks, DNS through an interface,
 * the clock through a handler. Everything a caller receives is plain JSON data.
 *
 * For an editor panel (or any UI):
 *
 *   const summary = await replayLogs(inputs, options, {
 *     signal,                       // AbortSignal: stop between chunks → summary.cancelled
 *     onProgress: (p) => …,         // lines, requests, bytesRead/bytesTotal, elapsedMs
 *     onRecord: (record) => …,      // every AuditRecord in log order; return a promise to pause
 *     progressEvery: 50_000,
 *   });
 *
 * `inputs` are `LogInput`s (`server/src/node/log-reader.ts` makes them from files, gzip
 * included, or call `replayLogFiles(paths, options, handlers)` there); `options.versions`
 * are `RobotsVersion`s (`server/src/node/versions.ts`, `git-history.ts`); `options.ranges`
 * come from `parseIpRangeList` (`server/src/node/ranges.ts` loads a folder); `options.dns`
 * is a `ReverseDnsResolver` (`server/src/node/reverse-dns.ts`). `AuditSession` is the same
 * engine for callers that feed text themselves.
 */
export { AuditSession } from './session';
export { replayLogs, scanLogs, sievedScanLogs } from './replay-logs';
export type { CancelSignal, CrawlDelayScope, LogInput, ReplayHandlers, ReplayOptions, ReplayProgress } from './replay-options';
export type { AuditReason, AuditRecord, ClientKind } from './record';
export type {
  AuditPolicy,
  AuditSummary,
  CrawlDelayRow,
  CrawlDelaySummary,
  CrawlerRow,
  DisallowedPath,
  HourBucket,
  LateLineSample,
  LogFileSummary,
  OtherClientRow,
  ParseFailureSample,
  RobotsFetchChange,
  SpoofedSource,
  SummaryLimits,
  VerificationListInfo,
} from './summary';
export { RobotsTimeline } from './versions';
export type { RobotsVersion, RobotsVersionInfo, VersionInEffect } from './versions';
export { CSV_COLUMNS, csvCell, csvHeader, csvRow, jsonLine } from './export';
export { formatReplaySummary, printable } from './summary-text';
