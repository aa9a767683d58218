/**
 * Server rules compiled from a site's robots.txt: each crawler in scope recognised from its
 * User-Agent by the catalogue's names, its group written as ordered regular expressions over
 * the raw request-target whose first match is the matcher's longest match. Pure: the caller
 * reads the file, prints the text and runs the servers.
 *
 *   const scope = crawlersInScope({ notHonouring: true });
 *   const { text, limits } = enforceSnippet(parseRobots(bytes), scope.crawlers, { server: 'nginx', status: 403, source: 'robots.txt' });
 */
export { crawlersInScope } from './scope';
export type { EnforceScope, ScopeResult } from './scope';
export { ENFORCE_SERVERS, enforceSnippet, isEnforceServer, serverRegex } from './snippet';
export type { EnforceServer, EnforceSnippet, SnippetOptions } from './snippet';
export { planEnforcement } from './plan';
export type { CrawlerPlan, EnforcePlan, PlannedRule } from './plan';
export { uriRegex } from './uri-regex';
export type { RegexFlavour, UriRegex, UriRegexOptions } from './uri-regex';
export type { WhoEntry } from './who';
export { PlanEvaluator, rawTarget, ROBOTS_TXT_TARGET } from './evaluate';
export type { CompiledDecision } from './evaluate';
export { cloudflareExpression, CLOUDFLARE_EXPRESSION_LIMIT } from './cloudflare';
export { LIGHTTPD_ESCAPED_RAW, LIGHTTPD_STATUS } from './lighttpd';
export { printable } from './header';
export { EnforceCheck } from './check';
export type { CheckDifference, CheckedCrawler, EnforceCheckResult } from './check';
export type { CrawlerRanges } from './verified';
