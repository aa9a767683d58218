/**
 * May this crawler fetch this URL, given how robots.txt was fetched? The fetch state comes
 * before the rules (docs/spec/robots-semantics.md §5): unavailable ⇒ allowed, unreachable ⇒ disallowed, and
 * only a `rules` state asks the matcher. `decideUnderFetchState` is the one place that says
 * so: Test URL, the matrix, Check URL and the replay all ask it.
 */

import { matcherFor } from '@robots-lens/kernel/match';
import type { DecideOptions, RobotsMatcher, Verdict } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { resolveAgent } from '@robots-lens/kernel/crawlers';
import type { ResolvedAgent } from '@robots-lens/kernel/crawlers';
import type { RobotsFetchResult, FetchState } from './classify';
import { consequenceForAgent } from './consequences';
import type { CrawlerConsequence } from './consequences';

export interface FetchStateOptions extends DecideOptions {
  /** The explanation of a verdict the fetch state decides: why no rule does (when and how robots.txt was fetched). */
  readonly noRulesExplanation?: string;
}

/**
 * The verdict for `url` and `agent` under a fetch state: the matcher's in a `rules` state;
 * otherwise every URL the file governs is allowed (unavailable) or disallowed (unreachable),
 * with reason `fetch-state` and no group or rule, and a URL it does not govern stays not
 * applicable.
 */
export function decideUnderFetchState(state: FetchState, matcher: RobotsMatcher, url: string, agent: string | ResolvedAgent, options: FetchStateOptions = {}): Verdict {
  const verdict = matcher.decide(url, agent, options.origin !== undefined ? { origin: options.origin } : {});
  const allowed = allowedByFetchState(state);
  if (allowed === null || verdict.outcome === 'not-applicable') return verdict;
  return {
    outcome: allowed ? 'allowed' : 'disallowed',
    allowed,
    url: verdict.url,
    target: verdict.target,
    agent: verdict.agent,
    group: null,
    rule: null,
    reason: 'fetch-state',
    explanation: options.noRulesExplanation ?? `No rule decides: robots.txt is ${state}, so every URL it governs is ${allowed ? 'allowed' : 'disallowed'}.`,
  };
}

/** What a fetch state says of every URL: allowed when unavailable, disallowed when unreachable; null when the rules decide. */
export function allowedByFetchState(state: FetchState): boolean | null {
  return state === 'rules' ? null : state === 'unavailable';
}

export interface CrawlPermission {
  /** null when the URL is not governed by this robots.txt (another origin, or not a URL). */
  readonly allowed: boolean | null;
  readonly state: FetchState;
  /** The matcher's verdict when the state is `rules`, else null. */
  readonly verdict: Verdict | null;
  readonly agent: ResolvedAgent;
  /** What this crawler does with the fetch outcome (its operator's policy). */
  readonly consequence: CrawlerConsequence;
  /** One or two sentences: allowed or not, and by what. */
  readonly explanation: string;
}

/** Decides crawl permission for `url` and `agent` from a classified robots.txt fetch. */
export function crawlPermission(result: RobotsFetchResult, url: string, agent: string | ResolvedAgent): CrawlPermission {
  const resolved = typeof agent === 'string' ? resolveAgent(agent) : agent;
  const consequence = consequenceForAgent(result.situation, resolved);
  const who = resolved.token || resolved.input || 'The crawler';
  const noRulesExplanation =
    result.state === 'unavailable'
      ? `robots.txt is unavailable (${describeEnd(result)}), so ${who} may crawl every URL of ${result.origin}.`
      : `robots.txt is unreachable (${describeEnd(result)}), so ${who} must assume complete disallow for ${result.origin}.`;
  // Without rules (unavailable, unreachable) an empty file still says which URLs the origin governs.
  const verdict = decideUnderFetchState(result.state, matcherFor(result.robots ?? parseRobots('')), url, resolved, { origin: result.origin, noRulesExplanation });
  return { allowed: verdict.allowed, state: result.state, verdict: result.state === 'rules' ? verdict : null, agent: resolved, consequence, explanation: verdict.explanation };
}

function describeEnd(result: RobotsFetchResult): string {
  if (result.error !== null) return result.error.kind === 'timeout' || result.error.kind === 'connect-timeout' ? 'timeout' : result.error.code;
  if (result.cause === 'too-many-redirects') return 'too many redirects';
  return result.status !== null ? `HTTP ${result.status}` : result.cause;
}
