/**
 * The crawler catalogue: who crawls, which robots.txt groups each crawler looks for, and
 * how a token or a logged User-Agent header is resolved to one of them.
 */
export type { CrawlDelaySupport, Crawler, CrawlerPurpose, CrawlerVerification } from './types';
export { CRAWLERS } from './catalogue';
export type { ResolvedAgent } from './resolve-agent';
export { crawlerByToken, identifyUserAgent, looksLikeBrowser, resolveAgent } from './resolve-agent';
