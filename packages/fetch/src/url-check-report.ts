/**
 * The JSON face of Check URL: what `robots-lens check --json` prints and what the editor's
 * Check URL command receives. Plain data — no parsed model, no bytes.
 */

import type { DirectiveProblem, IndexingAssessment, MetaTag } from './directives';
import { verdictJson } from '@robots-lens/kernel/match';
import type { Verdict, VerdictJson } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { FetchState } from './classify';
import type { CrawlerConsequence } from './consequences';
import type { FetchHop, NetworkFailure } from './outcome';
import { robotsFetchReport } from './report';
import type { RobotsFetchReport } from './report';
import { crawlDecidedBy } from './url-check';
import type { UrlCheck } from './url-check';

/** The verdict's JSON without what the report says once for the whole check (URL, crawler, chain). */
export type VerdictSummary = Omit<VerdictJson, 'url' | 'agent' | 'crawler' | 'chain' | 'googleLiteral'>;

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
  const { url: _url, agent: _agent, crawler: _crawler, chain: _chain, googleLiteral: _googleLiteral, ...summary } = verdictJson(verdict, robots);
  return summary;
}
