/**
 * The fetch result as plain JSON-able data: what `robots-lens fetch --json` prints and what
 * an editor command receives. No parsed model, no bytes — counts and lists a user reads.
 */

import type { RobotsFile } from '../parse';
import type { FetchState, FetchWarning, RobotsFetchResult } from './classify';
import type { CrawlerConsequence } from './consequences';
import type { FetchHop, NetworkFailure } from './outcome';

/** What the rules of a fetched file amount to. */
export interface RulesSummary {
  /** Groups as written (groups naming the same token are counted separately). */
  readonly groups: number;
  /** Allow and Disallow lines inside groups. */
  readonly rules: number;
  /** Every Sitemap URL, in file order (never capped). */
  readonly sitemaps: readonly string[];
  /** The distinct product tokens of the User-agent lines, as Google reads them (`*` for the fallback group). */
  readonly agents: readonly string[];
}

export interface RobotsFetchReport {
  /** The origin the rules apply to. */
  readonly origin: string;
  readonly url: string;
  readonly finalUrl: string;
  readonly chain: readonly FetchHop[];
  readonly status: number | null;
  readonly state: FetchState;
  readonly explanation: string;
  readonly bytes: number | null;
  readonly truncated: boolean;
  readonly contentType: string | null;
  readonly warnings: readonly FetchWarning[];
  readonly error: NetworkFailure | null;
  /** Present when the state is `rules`. */
  readonly rules: RulesSummary | null;
  readonly crawlers: readonly CrawlerConsequence[];
  /** The decoded body (BOM removed) when the state is `rules` and `includeText` was asked for. */
  readonly text?: string;
}

export function rulesSummary(robots: RobotsFile): RulesSummary {
  const agents: string[] = [];
  const seen = new Set<string>();
  let rules = 0;
  for (const group of robots.groups) {
    rules += group.rules.length;
    for (const agent of group.agents) {
      const name = agent.isStar ? '*' : agent.token !== '' ? agent.token : agent.value;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      agents.push(name);
    }
  }
  return { groups: robots.groups.length, rules, sitemaps: robots.sitemaps.map((s) => s.url), agents };
}

/**
 * The JSON-able report of a fetch. `includeText` adds the decoded file (for an editor that
 * opens it); the CLI leaves it out.
 */
export function robotsFetchReport(result: RobotsFetchResult, options: { readonly includeText?: boolean } = {}): RobotsFetchReport {
  return {
    origin: result.origin,
    url: result.url,
    finalUrl: result.finalUrl,
    chain: result.chain.map((hop) => ({ url: hop.url, status: hop.status, ...(hop.location !== undefined ? { location: hop.location } : {}) })),
    status: result.status,
    state: result.state,
    explanation: result.explanation,
    bytes: result.bytes,
    truncated: result.truncated,
    contentType: result.contentType,
    warnings: result.warnings,
    error: result.error,
    rules: result.robots !== null ? rulesSummary(result.robots) : null,
    crawlers: result.consequences,
    ...(options.includeText === true && result.robots !== null ? { text: result.robots.text } : {}),
  };
}
