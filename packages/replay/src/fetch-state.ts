/**
 * What each crawler was entitled to do, given its own fetches of /robots.txt seen in the log
 * (docs/spec/robots-semantics.md §5): 2xx (and 304) → the rules; 4xx except 429 → everything allowed
 * (`unavailable`); 429 and 5xx → everything disallowed (`unreachable`) until a good fetch,
 * for as long as the crawler's policy says. A crawler whose fetches the log does not show is
 * taken to hold a good copy.
 */

import type { Crawler } from '@robots-lens/kernel/crawlers';

/** The state a request was judged in; `grace` is `rules` within the cache grace after a change. */
export type RobotsState = 'rules' | 'grace' | 'unavailable' | 'unreachable';

/** How a crawler treats a robots.txt that stays unreachable. */
export interface FetchFailurePolicy {
  readonly id: 'google' | 'rfc9309';
  readonly name: string;
  /** The thresholds in a few words, e.g. `12 h disallow, then last good copy to 30 days`. */
  readonly brief: string;
  /** How long everything counts as disallowed after the first failed fetch. */
  readonly fullStopMs: number;
  /** After the full stop, the last good copy applies until this long after the first failure. */
  readonly lastGoodCopyUntilMs: number;
  readonly description: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const GOOGLE_FETCH_POLICY: FetchFailurePolicy = {
  id: 'google',
  name: 'Google',
  brief: '12 h all disallowed, then the last good copy up to 30 days, then as if absent',
  fullStopMs: 12 * HOUR,
  lastGoodCopyUntilMs: 30 * DAY,
  description:
    'Google: after a 429/5xx robots.txt fetch everything is disallowed for 12 h, then the last good copy applies for up to 30 days, then crawling proceeds as if there were no robots.txt.',
};

export const RFC9309_FETCH_POLICY: FetchFailurePolicy = {
  id: 'rfc9309',
  name: 'RFC 9309',
  brief: 'all disallowed up to 30 days, then as if absent',
  fullStopMs: 30 * DAY,
  lastGoodCopyUntilMs: 30 * DAY,
  description:
    'RFC 9309 §2.3.1.4: after a 429/5xx robots.txt fetch everything is disallowed; after 30 days unreachable the file may be treated as unavailable (everything allowed).',
};

/** The policy a crawler follows: Google's documented one for Google's crawlers, RFC 9309 for the rest. */
export function fetchPolicyFor(crawler: Crawler | undefined): FetchFailurePolicy {
  return crawler?.operator === 'Google' ? GOOGLE_FETCH_POLICY : RFC9309_FETCH_POLICY;
}

/** What a fetch outcome means; `keep` for statuses that say nothing (3xx: the redirect target decides). */
export function fetchOutcome(status: number | null): 'rules' | 'unavailable' | 'unreachable' | 'keep' {
  if (status === null) return 'keep';
  if ((status >= 200 && status < 300) || status === 304) return 'rules';
  if (status === 429 || status >= 500) return 'unreachable';
  if (status >= 400) return 'unavailable';
  return 'keep';
}

export interface CrawlerFetchState {
  readonly state: 'rules' | 'unavailable' | 'unreachable';
  /** When the current state began (the fetch that set it); null before any fetch. */
  readonly since: number | null;
  /** Last 2xx/304 fetch; null if none was seen. */
  readonly lastGoodFetch: number | null;
  /** Start of the current run of failed fetches. */
  readonly failingSince: number | null;
}

interface MutableState {
  state: 'rules' | 'unavailable' | 'unreachable';
  since: number | null;
  lastGoodFetch: number | null;
  failingSince: number | null;
}

/** The effective state at a time, with a note when a policy threshold changed it. */
export interface EffectiveState {
  readonly state: 'rules' | 'unavailable' | 'unreachable';
  readonly note: string | null;
}

/** Per-crawler robots.txt fetch state, keyed by whatever identifies a crawler in the replay. */
export class FetchTracker {
  private readonly states = new Map<string, MutableState>();

  /** Records a fetch of /robots.txt and returns the state it leads to. */
  observe(key: string, time: number, status: number | null): CrawlerFetchState {
    let s = this.states.get(key);
    if (!s) {
      s = { state: 'rules', since: null, lastGoodFetch: null, failingSince: null };
      this.states.set(key, s);
    }
    const outcome = fetchOutcome(status);
    if (outcome === 'keep') return s;
    if (outcome === 'rules') {
      s.lastGoodFetch = time;
      s.failingSince = null;
    } else if (outcome === 'unreachable') {
      if (s.failingSince === null) s.failingSince = time;
    } else {
      s.failingSince = null;
    }
    if (s.state !== outcome || s.since === null) {
      s.state = outcome;
      s.since = time;
    }
    return s;
  }

  /** Starts a crawler in a state carried from log read before (`carried-state.ts`). */
  seed(key: string, state: CrawlerFetchState): void {
    this.states.set(key, { ...state });
  }

  get(key: string): CrawlerFetchState | undefined {
    return this.states.get(key);
  }

  /** The state a request at `time` is judged in, applying the crawler's policy for long outages. */
  effective(key: string, time: number, policy: FetchFailurePolicy): EffectiveState {
    const s = this.states.get(key);
    if (!s || s.state !== 'unreachable') return { state: s ? s.state : 'rules', note: null };
    const failing = s.failingSince ?? s.since ?? time;
    const elapsed = time - failing;
    if (elapsed < policy.fullStopMs) return { state: 'unreachable', note: null };
    // The last good copy is the version in effect: a crawler is taken to have held one.
    if (elapsed < policy.lastGoodCopyUntilMs) {
      return { state: 'rules', note: `robots.txt unreachable for ${hours(elapsed)}: ${policy.name} policy uses the last good copy.` };
    }
    return { state: 'unavailable', note: `robots.txt unreachable for ${hours(elapsed)}: ${policy.name} policy treats it as absent.` };
  }
}

function hours(ms: number): string {
  return ms >= 2 * DAY ? `${Math.floor(ms / DAY)} days` : `${Math.floor(ms / HOUR)} h`;
}
