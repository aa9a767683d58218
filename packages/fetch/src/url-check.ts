/**
 * Check URL, the pure half: from the site's robots.txt and the page as fetched, the two
 * separate questions — may the crawler fetch the URL, and what does the page say about
 * indexing — and how they interact. The HTTP and the HTML reading live in
 * `server/src/node/url-check.ts`.
 */

import type { ResolvedAgent } from '@robots-lens/kernel/crawlers';
import { assessIndexing, effectiveDirectives, readPageDirectives } from './directives';
import type { EffectiveDirectives, IndexingAssessment, MetaTag, PageDirectives } from './directives';
import { statementText } from '@robots-lens/kernel/parse';
import { classifyFetch } from './classify';
import type { RobotsFetchResult } from './classify';
import type { FetchHop, FetchOutcome, NetworkFailure } from './outcome';
import { crawlPermission } from './permission';
import type { CrawlPermission } from './permission';

/** A page as fetched for its indexing directives. */
export interface PageFetch {
  readonly url: string;
  /** The URL of the last response (after redirects). */
  readonly finalUrl: string;
  readonly chain: readonly FetchHop[];
  /** Status of the final response; null when none arrived. */
  readonly status: number | null;
  readonly contentType: string | null;
  /** Every `X-Robots-Tag` header of the final response, in order, one entry per header. */
  readonly robotsHeaders: readonly string[];
  /** The body, when it is HTML (or untyped) and was read; null otherwise. */
  readonly body: Uint8Array | null;
  /** Bytes of the body read; null when the body was not read. */
  readonly bytes: number | null;
  readonly truncated: boolean;
  readonly error: NetworkFailure | null;
  /** Why a redirect was not followed (too many, no target), when that ended the fetch. */
  readonly redirectProblem: string | null;
}

/** What was fetched for one URL and one crawler: the site's robots.txt and the page. */
export interface FetchedUrl {
  readonly url: string;
  readonly agent: ResolvedAgent;
  readonly robots: FetchOutcome;
  readonly page: PageFetch;
  /** The page's meta tags (empty when it has no HTML body). */
  readonly meta: readonly MetaTag[];
  /** Epoch ms used to tell whether `unavailable_after` has passed. */
  readonly now: number;
}

export interface UrlCheck {
  readonly url: string;
  readonly agent: ResolvedAgent;
  readonly robots: RobotsFetchResult;
  readonly crawl: CrawlPermission;
  readonly page: PageFetch;
  readonly meta: readonly MetaTag[];
  readonly pageDirectives: PageDirectives;
  /** null when the page could not be fetched. */
  readonly directives: EffectiveDirectives | null;
  readonly assessment: IndexingAssessment;
}

/** Asks both questions of what was fetched, and how their answers interact. */
export function checkFetchedUrl(fetched: FetchedUrl): UrlCheck {
  const { url, agent: resolved, page, meta } = fetched;
  const robots = classifyFetch(fetched.robots);
  const crawl = crawlPermission(robots, url, resolved);

  const pageDirectives = readPageDirectives({ headers: page.robotsHeaders, meta }, { botNames: resolved.token !== '' ? [resolved.token] : [] });
  const pageFetched = page.error === null && page.redirectProblem === null;
  const directives = pageFetched ? effectiveDirectives(pageDirectives, resolved, { now: fetched.now }) : null;
  const assessment = assessIndexing({
    crawler: resolved.token || resolved.input,
    crawlAllowed: crawl.allowed,
    crawlDecidedBy: crawlDecidedBy(crawl, robots),
    robotsState: robots.state,
    directives,
    pageStatus: page.status,
    pageError: page.error !== null ? page.error.message : page.redirectProblem,
  });
  return { url, agent: resolved, robots, crawl, page, meta, pageDirectives, directives, assessment };
}

/** What decided crawling, as a phrase: `line 2: Disallow: /private/`. */
export function crawlDecidedBy(crawl: CrawlPermission, robots: RobotsFetchResult): string {
  if (crawl.state === 'unreachable') return `robots.txt unreachable: ${robots.error !== null ? robots.error.code : `HTTP ${robots.status ?? '?'}`}`;
  if (crawl.state === 'unavailable') return `robots.txt unavailable: ${robots.status !== null ? `HTTP ${robots.status}` : robots.cause}`;
  const verdict = crawl.verdict;
  if (verdict === null || robots.robots === null) return 'robots.txt';
  if (verdict.rule !== null) {
    return verdict.rule.implicit === 'index-html'
      ? `line ${verdict.rule.line + 1}: ${statementText(robots.robots, verdict.rule.line)} (also allows the directory)`
      : `line ${verdict.rule.line + 1}: ${statementText(robots.robots, verdict.rule.line)}`;
  }
  switch (verdict.reason) {
    case 'no-group':
      return 'no group applies';
    case 'no-matching-rule':
      return 'no rule matches';
    case 'robots-txt':
      return '/robots.txt is always allowed';
    default:
      return verdict.explanation;
  }
}
