/**
 * What a shard's replay read of the state it was started in, and the check a merge makes of
 * it. A replay after other shards reads the carried state only through two tables: a
 * crawler's robots.txt fetch state (any request of the crawler reads it) and, with
 * Crawl-delay checks, a crawler's last request (its first checked request reads it). Every
 * verdict, count and finding of the shard is the same whatever the other entries hold. So a
 * shard replayed after a state that agrees with the true one (the composed states the shards
 * before it leave) on the entries it read is exact, and one that disagrees on any of them
 * is refused: a merge never assumes the state a replay started in was right, it checks it.
 * That lets a driver start replays from a cheap, possibly wrong hint (`replay-scan --hint`).
 */

import type { CarriedState, FetchNetEffect } from './carried-state';

/** The entries of the carried-in state a replay read: fetch-state keys and Crawl-delay crawler ids, sorted. */
export interface ConsultedKeys {
  readonly fetches: readonly string[];
  readonly lastRequest: readonly string[];
}

export const NO_CONSULTED_KEYS: ConsultedKeys = { fetches: [], lastRequest: [] };

/** Collects, while a shard is judged, the carried-in entries it reads. */
export class ConsultedCollector {
  readonly fetches = new Set<string>();
  readonly lastRequest = new Set<string>();

  keys(): ConsultedKeys {
    return { fetches: [...this.fetches].sort(), lastRequest: [...this.lastRequest].sort() };
  }
}

/** The keys read by either of two runs of shards (a merge's part reads what its shards read). */
export function unionConsulted(a: ConsultedKeys, b: ConsultedKeys): ConsultedKeys {
  return { fetches: [...new Set([...a.fetches, ...b.fetches])].sort(), lastRequest: [...new Set([...a.lastRequest, ...b.lastRequest])].sort() };
}

/**
 * The first entry the replay read on which `given` (what it was started in) and `truth`
 * (what the shards before it leave) differ, in words; null when they agree on all of them.
 * A missing entry is an entry too: "no fetch seen" is what the replay read then.
 */
export function consultedDifference(given: CarriedState, truth: CarriedState, keys: ConsultedKeys): string | null {
  for (const key of keys.fetches) {
    if (!same(given.fetches[key], truth.fetches[key], sameFetch)) return `the robots.txt fetch state of ${fetchKeyWords(key)}`;
  }
  for (const id of keys.lastRequest) {
    if (!same(given.lastRequest[id], truth.lastRequest[id], sameLast)) return `the last request of ${id}`;
  }
  return null;
}

/** A fetch-state key (`identities.ts`) in words: `crawler:googlebot` is googlebot, `spoofed:…` its false claims. */
function fetchKeyWords(key: string): string {
  if (key.startsWith('spoofed:')) return `requests falsely claiming ${fetchKeyWords(key.slice('spoofed:'.length))}`;
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(colon + 1);
}

function same<T>(a: T | undefined, b: T | undefined, equal: (x: T, y: T) => boolean): boolean {
  return a === undefined || b === undefined ? a === b : equal(a, b);
}

const sameFetch = (a: FetchNetEffect, b: FetchNetEffect): boolean => a.state === b.state && a.lastGood === b.lastGood && a.runStart === b.runStart && a.runFromStart === b.runFromStart;

const sameLast = (a: CarriedState['lastRequest'][string], b: CarriedState['lastRequest'][string]): boolean => a.claimed === b.claimed && a.verified === b.verified;

/** Reads consulted keys from parsed JSON; throws with what is wrong when they are not. */
export function readConsultedKeys(value: unknown): ConsultedKeys {
  const v = value as ConsultedKeys | null;
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((x) => typeof x === 'string');
  if (v === null || typeof v !== 'object' || !strings(v.fetches) || !strings(v.lastRequest)) throw new Error('it is not a list of the carried-in entries a replay read');
  return v;
}
