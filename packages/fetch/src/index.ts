/**
 * Fetching robots.txt, the pure half: what an HTTP outcome (status, redirects, body,
 * network error) means for crawlers; and Check URL, which adds a fetched page's indexing
 * directives to the crawl permission. The HTTP itself lives in `server/src/node/http-fetch.ts`.
 */
export type { FetchEnd, FetchHop, FetchOutcome, NetworkErrorKind, NetworkFailure } from './outcome';
export { DEFAULT_ROBOTS_MAX_BYTES, MAX_FETCH_TIMEOUT_MS, MAX_ROBOTS_REDIRECTS, isRedirectStatus } from './outcome';
export { classifyFetch, mediaType } from './classify';
export type { FetchState, FetchWarning, FetchWarningCode, RobotsFetchResult } from './classify';
export { MAJOR_CRAWLERS, consequenceForAgent, consequenceForCrawler, crawlerConsequences } from './consequences';
export type { CrawlerAccess, CrawlerConsequence, FetchCause, FetchPolicy, FetchSituation } from './consequences';
export { allowedByFetchState, crawlPermission, decideUnderFetchState } from './permission';
export type { CrawlPermission, FetchStateOptions } from './permission';
export { consequenceLines, formatFetchReport, robotsFetchReport, rulesSummary } from './report';
export type { RobotsFetchReport, RulesSummary } from './report';
