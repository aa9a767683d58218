/**
 * Check URL: fetch the site's robots.txt and the page (at the same time), then ask the
 * core the two separate questions — may the crawler fetch it, and what does the page say
 * about indexing — and how they interact. The page is fetched even when crawling is
 * disallowed: the site owner wants to know what it says, and is told the crawler cannot see it.
 */

import type { ResolvedAgent, RobotsFile, Verdict } from '../core';
import { resolveAgent } from '../core';
import { assessIndexing, effectiveDirectives, readPageDirectives } from '../core/directives';
import type { DirectiveProblem, EffectiveDirectives, IndexingAssessment, MetaTag, PageDirectives } from '../core/directives';
import { classifyFetch, crawlPermission, robotsFetchReport } from '../core/fetch';
import type { CrawlerConsequence, CrawlPermission, FetchHop, FetchState, NetworkFailure, RobotsFetchReport, RobotsFetchResult } from '../core/fetch';
import { decodeHtml, extractMetaTags } from './html-meta';
import { DEFAULT_PAGE_MAX_BYTES, fetchPage, fetchRobotsTxt, robotsOrigin } from './http-fetch';
import type { HttpOptions, PageFetch } from './http-fetch';
import { InputError } from './files';

export interface UrlCheckOptions {
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
  /** Byte cap for robots.txt (default: 500 KiB plus a margin). */
  readonly robotsMaxBytes?: number;
  /** Byte cap for the page (default 5 MiB). */
  readonly pageMaxBytes?: number;
  readonly userAgent?: string;
  /** Epoch ms used to tell whether `unavailable_after` has passed; default now. */
  readonly now?: number;
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

/** Runs Check URL for one URL and one crawler (a token or a User-Agent header). */
export async function checkUrl(url: string, agent: string, options: UrlCheckOptions = {}): Promise<UrlCheck> {
  if (!/^https?:\/\//i.test(url.trim())) throw new InputError(`"${url}" is not an http(s) URL; give the full URL, e.g. https://example.com/page.`);
  const origin = robotsOrigin(url);
  const resolved = resolveAgent(agent);
  const http: HttpOptions = {
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.connectTimeoutMs !== undefined ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
    ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
  };
  const [outcome, page] = await Promise.all([
    fetchRobotsTxt(origin, { ...http, ...(options.robotsMaxBytes !== undefined ? { maxBytes: options.robotsMaxBytes } : {}) }),
    fetchPage(url.trim(), { ...http, maxBytes: options.pageMaxBytes ?? DEFAULT_PAGE_MAX_BYTES }),
  ]);
  const robots = classifyFetch(outcome);
  const crawl = crawlPermission(robots, url.trim(), resolved);

  const meta = page.body !== null ? extractMetaTags(decodeHtml(page.body, page.contentType)) : [];
  const pageDirectives = readPageDirectives({ headers: page.robotsHeaders, meta }, { botNames: resolved.token !== '' ? [resolved.token] : [] });
  const fetched = page.error === null && page.redirectProblem === null;
  const directives = fetched ? effectiveDirectives(pageDirectives, resolved, { now: options.now ?? Date.now() }) : null;
  const assessment = assessIndexing({
    crawler: resolved.token || resolved.input,
    crawlAllowed: crawl.allowed,
    crawlDecidedBy: crawlDecidedBy(crawl, robots),
    robotsState: robots.state,
    directives,
    pageStatus: page.status,
    pageError: page.error !== null ? page.error.message : page.redirectProblem,
  });
  return { url: url.trim(), agent: resolved, robots, crawl, page, meta, pageDirectives, directives, assessment };
}

/** What decided crawling, as a phrase: `line 2: Disallow: /private/`. */
export function crawlDecidedBy(crawl: CrawlPermission, robots: RobotsFetchResult): string {
  if (crawl.state === 'unreachable') return `robots.txt unreachable: ${robots.error !== null ? robots.error.code : `HTTP ${robots.status ?? '?'}`}`;
  if (crawl.state === 'unavailable') return `robots.txt unavailable: ${robots.status !== null ? `HTTP ${robots.status}` : robots.cause}`;
  const verdict = crawl.verdict;
  if (verdict === null || robots.robots === null) return 'robots.txt';
  if (verdict.rule !== null) {
    return verdict.rule.implicit === 'index-html'
      ? `line ${verdict.rule.line + 1}: ${ruleText(robots.robots, verdict.rule.line)} (also allows the directory)`
      : `line ${verdict.rule.line + 1}: ${ruleText(robots.robots, verdict.rule.line)}`;
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

/** A rule line as written, without its comment. */
export function ruleText(robots: RobotsFile, line: number): string {
  const l = robots.lines[line];
  if (!l) return '';
  const end = l.comment ? l.comment.start : l.end;
  return robots.text.slice(l.start, end).trim();
}

// ── the JSON face: what `robots-lens check --json` prints and an editor command receives ──

export interface VerdictSummary {
  readonly outcome: Verdict['outcome'];
  readonly allowed: boolean | null;
  readonly line: number | null;
  readonly rule: string | null;
  readonly group: string | null;
  readonly groupLines: readonly number[];
  readonly reason: Verdict['reason'];
  readonly explanation: string;
}

export interface DirectiveJson {
  readonly name: string;
  readonly value: string | null;
  readonly time?: string;
  readonly expired?: boolean;
  readonly from: ReadonlyArray<{ readonly source: string; readonly text: string }>;
}

export interface UrlCheckReport {
  readonly url: string;
  readonly agent: string;
  readonly crawler: string | null;
  readonly chain: readonly string[];
  readonly crawl: {
    readonly allowed: boolean | null;
    readonly state: FetchState;
    readonly decidedBy: string;
    readonly explanation: string;
    readonly verdict: VerdictSummary | null;
    readonly consequence: CrawlerConsequence;
  };
  readonly robots: RobotsFetchReport;
  readonly page: {
    readonly url: string;
    readonly finalUrl: string;
    readonly chain: readonly FetchHop[];
    readonly status: number | null;
    readonly contentType: string | null;
    readonly bytes: number | null;
    readonly truncated: boolean;
    readonly error: NetworkFailure | null;
    readonly redirectProblem: string | null;
    readonly xRobotsTag: readonly string[];
    readonly meta: readonly MetaTag[];
  };
  readonly indexing: {
    /** Whether the crawler sees these directives at all (false when crawling is disallowed). */
    readonly seenByCrawler: boolean;
    /** Every X-Robots-Tag header and robots meta tag read, labelled as in `from` and `setAside`. */
    readonly sources: ReadonlyArray<{ readonly label: string; readonly raw: string }>;
    readonly noindex: boolean;
    readonly nofollow: boolean;
    readonly summary: string;
    readonly effective: readonly DirectiveJson[];
    readonly setAside: ReadonlyArray<{ readonly source: string; readonly text: string; readonly reason: string }>;
    readonly notes: readonly string[];
    readonly problems: ReadonlyArray<{ readonly source: string; readonly text: string; readonly message: string }>;
  } | null;
  readonly assessment: IndexingAssessment;
}

export function urlCheckReport(check: UrlCheck): UrlCheckReport {
  const { crawl, robots, page, directives } = check;
  const verdict = crawl.verdict;
  return {
    url: check.url,
    agent: check.agent.input,
    crawler: check.agent.crawler?.token ?? null,
    chain: check.agent.chain,
    crawl: {
      allowed: crawl.allowed,
      state: crawl.state,
      decidedBy: crawlDecidedBy(crawl, robots),
      explanation: crawl.explanation,
      verdict: verdict !== null && robots.robots !== null ? verdictSummary(verdict, robots.robots) : null,
      consequence: crawl.consequence,
    },
    robots: robotsFetchReport(robots),
    page: {
      url: page.url,
      finalUrl: page.finalUrl,
      chain: page.chain,
      status: page.status,
      contentType: page.contentType,
      bytes: page.bytes,
      truncated: page.truncated,
      error: page.error,
      redirectProblem: page.redirectProblem,
      xRobotsTag: page.robotsHeaders,
      meta: check.meta,
    },
    indexing:
      directives === null
        ? null
        : {
            seenByCrawler: check.assessment.directivesSeen,
            sources: check.pageDirectives.sources.map((src) => ({ label: src.label, raw: src.raw })),
            noindex: directives.noindex,
            nofollow: directives.nofollow,
            summary: directives.summary,
            effective: directives.directives.map((d) => ({
              name: d.name,
              value: d.value,
              ...(d.time !== undefined ? { time: d.time } : {}),
              ...(d.expired !== undefined ? { expired: d.expired } : {}),
              from: d.from.map((u) => ({ source: u.source.label, text: u.text })),
            })),
            setAside: directives.setAside.map((s) => ({ source: s.source.label, text: s.text, reason: s.reason })),
            notes: directives.notes,
            problems: check.pageDirectives.problems.map((p: DirectiveProblem) => ({ source: p.source.label, text: p.text, message: p.message })),
          },
    assessment: check.assessment,
  };
}

function verdictSummary(verdict: Verdict, robots: RobotsFile): VerdictSummary {
  return {
    outcome: verdict.outcome,
    allowed: verdict.allowed,
    line: verdict.rule ? verdict.rule.line + 1 : null,
    rule: verdict.rule ? ruleText(robots, verdict.rule.line) : null,
    group: verdict.group ? verdict.group.token : null,
    groupLines: verdict.group ? verdict.group.agentLines.map((l) => l + 1) : [],
    reason: verdict.reason,
    explanation: verdict.explanation,
  };
}
