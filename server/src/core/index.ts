/**
 * The public API of the core: what robots.txt means, with no editor, LSP or I/O in sight.
 * Everything outside `core/` imports from here, never from the folders behind it. The list
 * is what the server, the CLI, the client and the protocol use, and no more: a name joins
 * it when one of them needs it. (Tests may reach into the folders they test.)
 */

// parse: robots.txt bytes or text → RobotsFile, never throwing
export { CANONICAL_KEY, decodeUtf8Lossless, GOOGLE_SIZE_LIMIT_BYTES, parseRobots, readKey, statementText, utf8SequenceLength } from './parse';
export type { Line, RobotsFile, Rule, Span } from './parse';

// words: a count and its noun, written the same way by every face
export { countOf, formatCount, plural, pluralNoun } from './words';

// match: the one matcher, URL/path → Verdict with the deciding rule
export { matcherFor, parseTarget, plainVerdict, RobotsMatcher, siteOrigin, verdictJson } from './match';
export type { DecidingRule, PlainUrlDecider, SelectedGroup, Verdict, VerdictReason } from './match';

// crawlers: the catalogue, and how a token or User-Agent header resolves
export {
  compareWithCatalogue, CRAWLER_PURPOSES, crawlerRecords, CRAWLERS, isCrawlerPurpose, readAiRobotsList, resolveAgent,
} from './crawlers';
export type { CatalogueChange, Crawler, CrawlerPurpose, CrawlerRecord, RobotsTxtRespect } from './crawlers';

// lint: the rule table and its checks → findings
export { analyzeRules, isLintId, lint, LINT_RULES, lintRule } from './lint';
export type { Finding, Fix, LintId, Severity, SeveritySetting } from './lint';

// explain: what a pattern matches, who a group is for, what a directive does
export {
  chainText, codeSpan, crawlDelayText, describeDirective, DIRECTIVE_KEYS, explainPattern, groupAudience,
  patternExamples, purposesText, readAgentValue, samplePaths,
} from './explain';
export type { GroupAudience } from './explain';

// format: canonical keys and spacing, proved unchanged by re-parsing
export { formatRobots } from './format';

// fetch: what a robots.txt fetch outcome means; Check URL
export {
  allowedByFetchState, checkFetchedUrl, classifyFetch, decideUnderFetchState, DEFAULT_ROBOTS_MAX_BYTES, formatCheckReport, formatFetchReport,
  isRedirectStatus, MAX_FETCH_TIMEOUT_MS, MAX_ROBOTS_REDIRECTS, robotsFetchReport, urlCheckReport,
} from './fetch';
export type {
  FetchHop, FetchOutcome, FetchState, NetworkFailure, PageFetch, RobotsFetchReport, UrlCheck, UrlCheckReport,
} from './fetch';

// preferences: Content-Usage, Content-Signal and License, and what is in effect beside a verdict
export {
  CONTENT_SIGNAL_POLICY, CONTENT_USAGE_REVISION, effectivePreferences, LICENSE_STANDARD, preferencesJson, preferenceStatements, preferencesText,
  blockPurposeEdit, statesPreferences, verdictWithPreferencesJson, aiAccess, preferencesByPath,
} from './preferences';
export type { BlockScope, CrawlerAccess, EffectivePreferences, PathPreferences, PurposeAccess } from './preferences';

// directives: X-Robots-Tag and robots meta tags
export type { MetaTag } from './directives';

// diff: the impact of an edit, and the logged requests it flips
export { diffRobots, displayToken, FlipCounter, groupCrawlerDiffs, summarizeDiff, summarizeFlips } from './diff';
export type { CrawlerDiff, FlipCount, FlipExample, LogTally, RobotsDiff, VerdictChange } from './diff';

// audit: access logs replayed against robots.txt as it was
export {
  createLogParser, csvCell, csvHeader, csvRow, detectLogFormat, formatReplaySummary,
  jsonLine, LOG_FORMATS, parseDuration, acceptIpRangeList, parseIp, parseIpRangeList, printable,
  LogLineReader, RANGE_LIST_SOURCES, replayLogs, reverseName, snapshotTime,
  composeCarried, mergeShardSummaries, NO_CARRIED_STATE, readCarriedState, scanLogs,
} from './audit';
export type {
  AuditRecord, AuditSummary, IpRangeList, JsonFieldNames, LogFormat, LogInput, LogLineParser,
  RangeListSource, ReplayHandlers, ReplayOptions, ReplayProgress, ReverseDnsResolver, RobotsVersion,
  CarriedIn, CarriedState, MergeResult, ShardSummary, SummaryPart,
} from './audit';

// sitemaps: sitemap XML read as a stream, the walk through indexes, listed URLs decided per crawler
export { listedText, SITEMAP_MAX_BYTES, SitemapCheck, SitemapFlipCounter, sitemapFlipsSentence, sitemapReportText, sitemapsReadText, walkSitemaps } from './sitemaps';
export type {
  BlockedSitemapUrl, SitemapCheckTally, SitemapFlipCount, SitemapFlipExample, SitemapFlips, SitemapReport, SitemapSource,
  SitemapUrlAside,
} from './sitemaps';
