/**
 * Check URL: a fetched page's indexing directives (X-Robots-Tag, robots meta) beside the
 * crawl permission robots.txt gives, as a report and as text.
 */
export { checkFetchedUrl, crawlDecidedBy } from './url-check';
export type { FetchedUrl, PageFetch, UrlCheck } from './url-check';
export { urlCheckReport } from './url-check-report';
export type { DirectiveJson, UrlCheckReport, VerdictSummary } from './url-check-report';
export { formatCheckReport } from './url-check-text';
