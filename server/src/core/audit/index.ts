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
export { AuditSession } from './replay';
export { replayLogs, scanLogs } from './replay-logs';
export { composeCarried, NO_CARRIED_STATE, readCarriedState } from './carried-state';
export type { CarriedState, FetchNetEffect } from './carried-state';
export { mergeShardSummaries } from './summary-merge';
export type { CarriedIn, MergeResult, ShardSummary } from './summary-merge';
export type { SummaryPart } from './summary-part';
export type { CancelSignal, CrawlDelayScope, LogInput, ReplayHandlers, ReplayOptions, ReplayProgress } from './replay-logs';
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
export { createLogParser, detectLogFormat, LOG_FORMATS, unescapeLogField } from './log-formats';
export type { FormatDetection, JsonFieldNames, LogFormat, LogLineParser, LogParserOptions, LogRequest } from './log-formats';
export { LogLineReader } from './log-lines';
export { RobotsTimeline } from './versions';
export type { RobotsVersion, RobotsVersionInfo, VersionInEffect } from './versions';
export { fetchOutcome, fetchPolicyFor, FetchTracker, GOOGLE_FETCH_POLICY, RFC9309_FETCH_POLICY } from './fetch-state';
export type { CrawlerFetchState, EffectiveState, FetchFailurePolicy, RobotsState } from './fetch-state';
export { CrawlerVerifier, forwardConfirmedReverseDns, hostnameUnder, uncheckedReason } from './verification';
export type { RequestVerification, ReverseDnsResolver, VerificationEvidence, VerificationStatus, VerifierOptions } from './verification';
export { acceptIpRangeList, crawlersForRangeList, parseIpRangeList, RANGE_LIST_SOURCES, rangeListFileName } from './ranges';
export type { IpRangeList, RangeListSource } from './ranges';
export { formatIp, IpPrefixSet, parseCidr, parseIp, reverseName, sameIp } from './ip';
export type { IpAddress, IpPrefix } from './ip';
export { isoTime, parseAnyTime, parseClfTime, parseDuration, snapshotTime } from './time';
export { CSV_COLUMNS, csvCell, csvHeader, csvRow, jsonLine } from './export';
export { formatReplaySummary, printable } from './summary-text';
