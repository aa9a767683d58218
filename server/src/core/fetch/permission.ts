/**
 * May this crawler fetch this URL, given how robots.txt was fetched? The fetch state comes
 * before the rules (contract §5): unavailable ⇒ allowed, unreachable ⇒ disallowed, and
 * only a `rules` state asks the matcher.
 */

import { matcherFor } from '../match';
import type { Verdict } from '../match';
import { resolveAgent } from '../crawlers';
import type { ResolvedAgent } from '../crawlers';
import type { RobotsFetchResult, FetchState } from './classify';
import { consequenceForAgent } from './consequences';
import type { CrawlerConsequence } from './consequences';

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
  if (result.state === 'rules' && result.robots !== null) {
    const verdict = matcherFor(result.robots).decide(url, resolved, { origin: result.origin });
    return { allowed: verdict.allowed, state: result.state, verdict, agent: resolved, consequence, explanation: verdict.explanation };
  }
  if (result.state === 'unavailable') {
    return {
      allowed: true, state: result.state, verdict: null, agent: resolved, consequence,
      explanation: `robots.txt is unavailable (${describeEnd(result)}), so ${who} may crawl every URL of ${result.origin}.`,
    };
  }
  return {
    allowed: false, state: result.state, verdict: null, agent: resolved, consequence,
    explanation: `robots.txt is unreachable (${describeEnd(result)}), so ${who} must assume complete disallow for ${result.origin}.`,
  };
}

function describeEnd(result: RobotsFetchResult): string {
  if (result.error !== null) return result.error.kind === 'timeout' || result.error.kind === 'connect-timeout' ? 'timeout' : result.error.code;
  if (result.cause === 'too-many-redirects') return 'too many redirects';
  return result.status !== null ? `HTTP ${result.status}` : result.cause;
}
