/**
 * The robots.txt of many sites, fetched politely: at most `concurrency` fetches at once, one
 * at a time per host (a host's sites wait for each other), each with the fetcher's own
 * limits, and all of them within one overall deadline. A site still waiting or in flight when
 * the deadline passes ends as a network failure that says so: it is stated as failed, never
 * dropped. Results come in the order the sites were given.
 */

import type { FetchOutcome } from '@robots-lens/fetch';
import { fetchRobotsTxt } from './http-fetch';
import type { HttpOptions } from './http-fetch';

export interface SiteFetchOptions extends HttpOptions {
  /** Fetches in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Milliseconds for the whole survey. */
  readonly deadlineMs: number;
  /** Called as each site ends, for progress. */
  readonly onDone?: (done: number, total: number, origin: string) => void;
}

export interface SiteFetch {
  readonly origin: string;
  readonly outcome: FetchOutcome;
  /** Milliseconds the fetch took. */
  readonly ms: number;
}

export const DEFAULT_SURVEY_CONCURRENCY = 4;

/** Fetches `/robots.txt` of every origin (already checked as http(s) origins). */
export async function fetchSites(origins: readonly string[], options: SiteFetchOptions): Promise<SiteFetch[]> {
  const { concurrency = DEFAULT_SURVEY_CONCURRENCY, deadlineMs, onDone, ...http } = options;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  const results = new Array<SiteFetch>(origins.length);
  // One queue per host: a worker takes a whole host, so no host sees two requests at once.
  const byHost = new Map<string, number[]>();
  origins.forEach((origin, index) => {
    const host = new URL(origin).hostname;
    byHost.set(host, [...(byHost.get(host) ?? []), index]);
  });
  const hosts = [...byHost.values()];
  let done = 0;
  const worker = async (): Promise<void> => {
    for (let queue = hosts.shift(); queue !== undefined; queue = hosts.shift()) {
      for (const index of queue) {
        const origin = origins[index]!;
        results[index] = await fetchOne(origin, http, deadline.signal, deadlineMs);
        onDone?.(++done, origins.length, origin);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, hosts.length)) }, worker));
  } finally {
    clearTimeout(timer);
  }
  return results;
}

async function fetchOne(origin: string, http: HttpOptions, signal: AbortSignal, deadlineMs: number): Promise<SiteFetch> {
  const started = Date.now();
  if (signal.aborted) return { origin, outcome: pastDeadline(origin, deadlineMs, false), ms: 0 };
  const outcome = await fetchRobotsTxt(origin, { ...http, signal });
  const ms = Date.now() - started;
  // The fetcher reports a cancellation as such; here the only canceller is the deadline.
  if (outcome.end.kind === 'network-error' && outcome.end.error.code === 'ABORT_ERR') return { origin, outcome: pastDeadline(origin, deadlineMs, true, outcome), ms };
  return { origin, outcome, ms };
}

function pastDeadline(origin: string, deadlineMs: number, started: boolean, outcome?: FetchOutcome): FetchOutcome {
  const robotsUrl = `${origin}/robots.txt`;
  const message = started
    ? `No complete answer before the survey's deadline of ${deadlineMs} ms passed.`
    : `Not fetched: the survey's deadline of ${deadlineMs} ms passed first.`;
  return {
    origin,
    robotsUrl,
    chain: outcome?.chain ?? [],
    maxBytes: outcome?.maxBytes ?? 0,
    end: { kind: 'network-error', url: outcome?.end.url ?? robotsUrl, error: { kind: 'timeout', code: 'ETIMEDOUT', message } },
  };
}
