/**
 * The state a replay carries from one stretch of log time into the next: per crawler, its
 * robots.txt fetch state (as the net effect of its fetches) and the time of its last request
 * (Crawl-delay); the versions in effect need nothing, being a function of time. A shard's
 * scan (`robots-lens replay-scan`) leaves one; `composeCarried` joins the states of shards
 * in time order, and is associative, so a driver may combine scans in any grouping.
 */

import type { CrawlerFetchState } from './fetch-state';

/** What a run of robots.txt fetches leaves behind, whatever state the crawler was in before it. */
export interface FetchNetEffect {
  /** The state the last fetch that said something put the crawler in. */
  readonly state: 'rules' | 'unavailable' | 'unreachable';
  /** The last 2xx/304 fetch of the run; null when it had none. */
  readonly lastGood: number | null;
  /** The first fetch of the trailing run of fetches with this state. */
  readonly runStart: number;
  /** That trailing run is the whole run: the state before decides when the state began. */
  readonly runFromStart: boolean;
}

/** The carried state of a stretch of log (one shard, or several in a row). */
export interface CarriedState {
  /** Requests read (any client). */
  readonly requests: number;
  /** The earliest and latest request times read; null when there were none. */
  readonly first: number | null;
  readonly last: number | null;
  /** By fetch-state key (a crawler, its spoofed claims apart). */
  readonly fetches: Readonly<Record<string, FetchNetEffect>>;
  /** By catalogue crawler id, of crawlers that honour Crawl-delay: their last request, claimed (not spoofed) and verified. */
  readonly lastRequest: Readonly<Record<string, { readonly claimed: number | null; readonly verified: number | null }>>;
}

export const NO_CARRIED_STATE: CarriedState = { requests: 0, first: null, last: null, fetches: {}, lastRequest: {} };

/** The state after `a`, then `b` (b later in log time). Associative, with `NO_CARRIED_STATE` as identity. */
export function composeCarried(a: CarriedState, b: CarriedState): CarriedState {
  const fetches: Record<string, FetchNetEffect> = { ...a.fetches };
  for (const [key, later] of Object.entries(b.fetches)) {
    const before = fetches[key];
    fetches[key] = before === undefined ? later : composeFetches(before, later);
  }
  const lastRequest: Record<string, { claimed: number | null; verified: number | null }> = { ...a.lastRequest };
  for (const [id, later] of Object.entries(b.lastRequest)) {
    const before = lastRequest[id];
    lastRequest[id] = { claimed: later.claimed ?? before?.claimed ?? null, verified: later.verified ?? before?.verified ?? null };
  }
  return {
    requests: a.requests + b.requests,
    first: a.first === null ? b.first : b.first === null ? a.first : Math.min(a.first, b.first),
    last: a.last === null ? b.last : b.last === null ? a.last : Math.max(a.last, b.last),
    fetches: sortedKeys(fetches),
    lastRequest: sortedKeys(lastRequest),
  };
}

export function composeFetches(a: FetchNetEffect, b: FetchNetEffect): FetchNetEffect {
  const continues = b.runFromStart && a.state === b.state;
  // A run that does not continue `a`'s starts within `b`, after `a`'s fetches.
  return { state: b.state, lastGood: b.lastGood ?? a.lastGood, runStart: continues ? a.runStart : b.runStart, runFromStart: continues && a.runFromStart };
}

/** The net effect of one fetch that said something. */
export function fetchEvent(time: number, state: FetchNetEffect['state']): FetchNetEffect {
  return { state, lastGood: state === 'rules' ? time : null, runStart: time, runFromStart: true };
}

/** The fetch state a crawler with no fetch before the net effect is left in (what `FetchTracker.observe` would leave). */
export function fetchStateAfter(effect: FetchNetEffect): CrawlerFetchState {
  return { state: effect.state, since: effect.runStart, lastGoodFetch: effect.lastGood, failingSince: effect.state === 'unreachable' ? effect.runStart : null };
}

/** Collects a shard's carried state while its requests are judged in time order. */
export class CarriedStateBuilder {
  private readonly fetches = new Map<string, FetchNetEffect>();
  private readonly lastRequest = new Map<string, { claimed: number | null; verified: number | null }>();

  /** A fetch of robots.txt whose status said something. */
  fetched(key: string, time: number, state: FetchNetEffect['state']): void {
    const event = fetchEvent(time, state);
    const before = this.fetches.get(key);
    this.fetches.set(key, before === undefined ? event : composeFetches(before, event));
  }

  /** A request of a crawler that honours Crawl-delay, not spoofed. Updated in place: a replay records one per such request. */
  requested(crawlerId: string, time: number, verified: boolean): void {
    const entry = this.lastRequest.get(crawlerId);
    if (entry === undefined) {
      this.lastRequest.set(crawlerId, { claimed: time, verified: verified ? time : null });
      return;
    }
    entry.claimed = time;
    if (verified) entry.verified = time;
  }

  state(period: { requests: number; first: number | null; last: number | null }): CarriedState {
    const lastRequest = Object.fromEntries([...this.lastRequest].map(([id, entry]) => [id, { ...entry }]));
    return { ...period, fetches: sortedKeys(Object.fromEntries(this.fetches)), lastRequest: sortedKeys(lastRequest) };
  }
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)));
}

/** Reads a carried state from parsed JSON; throws with what is wrong when it is not one. */
export function readCarriedState(value: unknown): CarriedState {
  const v = value as CarriedState | null;
  const time = (t: unknown): boolean => t === null || (typeof t === 'number' && Number.isFinite(t));
  const states = ['rules', 'unavailable', 'unreachable'];
  if (v === null || typeof v !== 'object' || typeof v.requests !== 'number' || !time(v.first) || !time(v.last) || typeof v.fetches !== 'object' || v.fetches === null || typeof v.lastRequest !== 'object' || v.lastRequest === null) {
    throw new Error('it is not a carried replay state');
  }
  for (const f of Object.values(v.fetches)) {
    if (!states.includes(f.state) || !time(f.lastGood) || typeof f.runStart !== 'number' || typeof f.runFromStart !== 'boolean') throw new Error('a fetch state in it is malformed');
  }
  for (const r of Object.values(v.lastRequest)) if (!time(r.claimed) || !time(r.verified)) throw new Error('a last request time in it is malformed');
  return v;
}
