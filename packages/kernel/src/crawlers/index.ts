/**
 * The crawler catalogue: who crawls, for which purposes, whether it honours robots.txt,
 * which robots.txt groups each crawler looks for, and how a token or a logged User-Agent
 * header is resolved to one of them.
 */
export type {
  CrawlDelaySupport,
  Crawler,
  CrawlerPurpose,
  CrawlerVerification,
  QuotedSource,
  RobotsTxtRespect,
} from './types';
export { CRAWLERS } from './catalogue';
export { CRAWLER_PURPOSES, isCrawlerPurpose } from './purposes';
export type { AiRobotsList, ListedCrawler } from './ai-robots-list';
export { AI_ROBOTS_TXT_URL, readAiRobotsList } from './ai-robots-list';
export type { CatalogueChange, CrawlerRecord } from './listing';
export { compareWithCatalogue, crawlerRecords } from './listing';
export type { ResolvedAgent } from './resolve-agent';
export { isGenericFrameworkName } from './generic-names';
export { documentedCrawlerOf, documentedKey, isOutsideGrammar } from './documented-token';
export { crawlerByToken, identifyUserAgent, looksLikeBrowser, resolveAgent } from './resolve-agent';
