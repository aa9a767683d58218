/**
 * robots.txt as RFC 9309 and Google read it, for programs: parse a file once, then ask
 * whether a crawler may fetch a URL, which line decided and why, its Crawl-delay, and the
 * AI-use preferences in effect. The sub-entries (`./parse`, `./match`, `./crawlers`,
 * `./preferences`, …) hold the rest, for the packages built on this one.
 */

// parse: text or bytes → the file's lines, groups, rules and sitemaps, never throwing
export { parseRobots } from './parse';
export type { Group, Line, Problem, RobotsFile, Rule, Sitemap } from './parse';

// match: URL + crawler → a verdict with the deciding line and why
export { crawlDelayOf, matcherFor, RobotsMatcher, verdictJson } from './match';
export type { DecideOptions, DecidingRule, GoogleLiteralDifference, SelectedGroup, Verdict, VerdictJson, VerdictReason } from './match';

// crawlers: who a token or User-Agent header is, and the groups it looks for
export { CRAWLERS, resolveAgent } from './crawlers';
export type { Crawler, CrawlerPurpose, ResolvedAgent } from './crawlers';

// preferences: Content-Usage, Content-Signal and License in effect beside a verdict
export { effectivePreferences, preferencesText } from './preferences';
export type { EffectivePreferences } from './preferences';
