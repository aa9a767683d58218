export { MAX_LOC_CHARS, SITEMAP_MAX_ATTRIBUTES, SITEMAP_MAX_BYTES, SITEMAP_MAX_DEPTH, SITEMAP_MAX_URLS, SitemapXmlError, SitemapXmlReader } from './sitemap-xml';
export type { SitemapKind, SitemapXmlHandler } from './sitemap-xml';
export { ASIDE_EXAMPLES, SitemapCheck } from './sitemap-check';
export type { BlockedSitemapUrl, SitemapAgentTally, SitemapCheckTally, SitemapUrlAside } from './sitemap-check';
export { SITEMAP_WALK_DEADLINE_MS, walkSitemaps } from './sitemap-walk';
export type { SitemapReport, SitemapSource, SitemapWalkHandler, SitemapWalkOptions } from './sitemap-walk';
export { FLIP_EXAMPLES, SitemapFlipCounter, sitemapFlipsSentence } from './sitemap-flips';
export { listedText, sitemapReportText, sitemapsReadText } from './sitemap-words';
export type { SitemapFlipCount, SitemapFlipExample, SitemapFlips } from './sitemap-flips';
