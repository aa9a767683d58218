/**
 * One site of a survey as plain data: how its robots.txt was fetched, what the file holds,
 * the verdict for every agent × tested path with the line that decides it, and for every
 * agent one of four categories kept apart — the whole site disallowed (proved from the rules
 * or by the fetch state), every tested path disallowed, some, none. `robots-lens survey
 * --json` writes one of these per line; `--since` reads them back.
 */

import { matcherFor, siteOrigin } from '@robots-lens/kernel/match';
import type { VerdictReason } from '@robots-lens/kernel/match';
import { parseRobots, statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { resolveAgent } from '@robots-lens/kernel/crawlers';
import type { RobotsFetchResult, FetchState } from '../classify';
import type { CrawlerAccess, FetchPolicy } from '../consequences';
import { decideUnderFetchState } from '../permission';
import { rulesSummary } from '../report';
import { wholeSiteDisallowedBy } from './whole-site';

/** What a survey says of one agent on one site. */
export type SurveyCategory =
  /** Every URL disallowed: proved from the rules, or robots.txt was unreachable. */
  | 'site'
  /** Every tested path disallowed, but the rules do not prove it of every URL. */
  | 'all-tested'
  /** Some tested paths disallowed, not all. */
  | 'some-tested'
  | 'none';

export interface SurveyHop {
  readonly url: string;
  readonly status: number;
  /** The `Location` of a redirect as sent; null for the final response. */
  readonly location: string | null;
}

/** What a crawler following one operator's policy does after this fetch. */
export interface SurveyPolicy {
  readonly policy: FetchPolicy;
  readonly access: CrawlerAccess;
  readonly summary: string;
}

export interface SurveyFetch {
  /** Every response, redirects first, the final one last. */
  readonly hops: readonly SurveyHop[];
  /** The final status; null when no response arrived. */
  readonly status: number | null;
  readonly state: FetchState;
  readonly bytes: number | null;
  readonly contentType: string | null;
  /** Milliseconds from the first request to the end of the fetch. */
  readonly ms: number;
  /** The URL of the last response or failed request. */
  readonly finalUrl: string;
  /** A redirect led to another origin; its file's rules still apply to the site surveyed. */
  readonly otherOrigin: boolean;
  readonly bom: boolean;
  /** A 2xx body that looks like an HTML page. */
  readonly html: boolean;
  readonly truncated: boolean;
  /** Why no response arrived (a network failure), else null. */
  readonly error: string | null;
  /** One sentence: what the outcome means for every URL of the site. */
  readonly explanation: string;
  readonly warnings: readonly string[];
  /** When no rules decide: what Google and a crawler reading RFC 9309 do, which may differ (429). */
  readonly policies: readonly SurveyPolicy[];
}

export interface SurveyVerdict {
  readonly agent: string;
  readonly path: string;
  readonly allowed: boolean;
  /** The deciding rule's line (1-based); null when no rule decides. */
  readonly line: number | null;
  /** The deciding rule as written; null when no rule decides. */
  readonly rule: string | null;
  readonly reason: VerdictReason;
}

export interface SurveyAgent {
  readonly agent: string;
  readonly category: SurveyCategory;
  /** For `site`: the fetch state decided, or the rules prove it. */
  readonly by?: 'rules' | 'fetch-state';
  /** For `site` proved from the rules: the Disallow (1-based line) that matches every URL. */
  readonly line?: number;
  /** Tested paths disallowed, of `paths`. */
  readonly disallowed: number;
  readonly paths: number;
}

export interface SiteSurvey {
  /** The origin surveyed (`https://example.com`). */
  readonly site: string;
  readonly fetch: SurveyFetch;
  /** Groups and Allow/Disallow lines as written; 0 when no rules were read. */
  readonly groups: number;
  readonly rules: number;
  /** Every Sitemap URL in file order, never capped. */
  readonly sitemaps: readonly string[];
  readonly crawlDelays: readonly { readonly line: number; readonly value: string }[];
  /** Content-Usage, Content-Signal and License lines as written. */
  readonly preferences: readonly { readonly line: number; readonly text: string }[];
  readonly verdicts: readonly SurveyVerdict[];
  readonly agents: readonly SurveyAgent[];
  /** Why the site failed (no response: DNS, refused, timed out), so no site is ever dropped. */
  readonly failed?: string;
  /** The decoded file when the state is `rules`: what a later `--since` diffs the rules against. */
  readonly text?: string;
}

export interface SurveyQuestion {
  readonly agents: readonly string[];
  /** Paths (and queries) starting with `/`. */
  readonly paths: readonly string[];
}

const PREFERENCE_DIRECTIVES = new Set(['content-usage', 'content-signal', 'license']);

/** The survey of one site from its classified fetch and the time the fetch took. */
export function surveySite(result: RobotsFetchResult, question: SurveyQuestion, ms: number): SiteSurvey {
  const robots = result.robots;
  const summary = robots ? rulesSummary(robots) : null;
  const file = robots ?? parseRobots('');
  const matcher = matcherFor(file);
  const verdicts: SurveyVerdict[] = [];
  const agents: SurveyAgent[] = [];
  for (const agent of question.agents) {
    const resolved = resolveAgent(agent);
    let disallowed = 0;
    for (const path of question.paths) {
      const verdict = decideUnderFetchState(result.state, matcher, result.origin + path, resolved, { origin: result.origin });
      const allowed = verdict.allowed !== false;
      if (!allowed) disallowed++;
      verdicts.push({
        agent,
        path,
        allowed,
        line: verdict.rule ? verdict.rule.line + 1 : null,
        rule: verdict.rule ? statementText(file, verdict.rule.line) : null,
        reason: verdict.reason,
      });
    }
    agents.push(categoryOf(agent, result.state, robots, disallowed, question.paths.length));
  }
  return {
    site: result.origin,
    fetch: fetchFacts(result, ms),
    groups: summary?.groups ?? 0,
    rules: summary?.rules ?? 0,
    sitemaps: summary?.sitemaps ?? [],
    crawlDelays: robots ? crawlDelays(robots) : [],
    preferences: robots ? preferenceLines(robots) : [],
    verdicts,
    agents,
    ...(result.error !== null ? { failed: result.error.message } : {}),
    ...(robots ? { text: robots.text } : {}),
  };
}

function categoryOf(agent: string, state: FetchState, robots: RobotsFile | null, disallowed: number, paths: number): SurveyAgent {
  const counts = { disallowed, paths };
  if (state === 'unreachable') return { agent, category: 'site', by: 'fetch-state', ...counts };
  if (robots !== null) {
    const line = wholeSiteDisallowedBy(matcherFor(robots), agent);
    if (line !== undefined) return { agent, category: 'site', by: 'rules', line: line + 1, ...counts };
  }
  const category = disallowed === 0 ? 'none' : disallowed === paths ? 'all-tested' : 'some-tested';
  return { agent, category, ...counts };
}

function fetchFacts(result: RobotsFetchResult, ms: number): SurveyFetch {
  const hops = result.chain.map((hop) => ({ url: hop.url, status: hop.status, location: hop.location ?? null }));
  const policies: SurveyPolicy[] = [];
  if (result.state !== 'rules') {
    for (const policy of ['google', 'rfc9309'] as const) {
      const consequence = result.consequences.find((c) => c.policy === policy);
      if (consequence) policies.push({ policy, access: consequence.access, summary: consequence.summary });
    }
  }
  return {
    hops,
    status: result.status,
    state: result.state,
    bytes: result.bytes,
    contentType: result.contentType,
    ms,
    finalUrl: result.finalUrl,
    otherOrigin: result.chain.some((hop) => siteOrigin(hop.url) !== result.origin),
    bom: result.robots?.hadBom ?? false,
    html: result.situation.htmlLike,
    truncated: result.truncated,
    error: result.error?.message ?? null,
    explanation: result.explanation,
    warnings: result.warnings.map((w) => w.message),
    policies,
  };
}

function crawlDelays(robots: RobotsFile): { line: number; value: string }[] {
  return robots.lines.filter((l) => l.kind === 'other' && !l.beyondLimit && l.directive === 'crawl-delay').map((l) => ({ line: l.index + 1, value: l.value }));
}

function preferenceLines(robots: RobotsFile): { line: number; text: string }[] {
  return robots.lines
    .filter((l) => l.kind === 'other' && !l.beyondLimit && l.directive !== undefined && PREFERENCE_DIRECTIVES.has(l.directive))
    .map((l) => ({ line: l.index + 1, text: statementText(robots, l.index) }));
}
