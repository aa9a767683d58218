/**
 * Crawl-delay checks that wait for the state before the shard. A crawler's first checked
 * request in a shard is checked against its last request before the shard; a replay of the
 * shard alone counts it as a first request ever (no gap) and notes it here, pending, and the
 * merge completes it against the exact state the shards before it leave: the gap joins the
 * shortest gap, and a gap that is too short counts as one more Crawl-delay violation. So a
 * shard's part never depends on a carried last request, and a hint of the state before it
 * never needs one. (With records, a request's record says at once whether it was too soon:
 * such a replay checks against the carried state and the merge checks what it read.)
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import type { CarriedState } from './carried-state';
import { crawlDelayCheck } from './crawl-delay';
import type { CrawlDelayScope, PendingDelayCheck } from './replay-options';
import type { SummaryBuilder } from './summary-builder';

/** The last request before a shard a check is made against, by crawler id, from a carried state (undefined: none). */
export function lastRequestsOf(state: CarriedState, scope: CrawlDelayScope): (crawlerId: string) => number | undefined {
  return (id) => {
    const last = state.lastRequest[id];
    const time = scope === 'verified' ? last?.verified : last?.claimed;
    return time ?? undefined;
  };
}

/** Completes pending checks in a builder that counted them as first requests ever. */
export function completeDelayChecks(b: SummaryBuilder, pending: readonly PendingDelayCheck[], lastOf: (crawlerId: string) => number | undefined): void {
  for (const p of pending) {
    const last = lastOf(p.crawlerId);
    if (last === undefined) continue;
    const crawler = CRAWLERS.find((c) => c.id === p.crawlerId);
    const row = crawler === undefined ? undefined : b.delayRows.get(crawler.token);
    if (crawler === undefined || row === undefined) throw new Error(`a pending Crawl-delay check names a crawler it did not count (${p.crawlerId})`);
    const check = crawlDelayCheck(p.delaySeconds, last, p.time);
    if (check.gapMs !== null && (row.minGap === null || check.gapMs < row.minGap)) row.minGap = check.gapMs;
    if (check.late === undefined) continue;
    row.violations++;
    b.row(crawler, 'crawler', p.verification).crawlDelayViolations++;
  }
}

/** Reads pending checks from parsed JSON; throws with what is wrong when they are not. */
export function readPendingDelayChecks(value: unknown): readonly PendingDelayCheck[] {
  const statuses = ['verified', 'spoofed', 'unverified'];
  if (!Array.isArray(value)) throw new Error('its pending Crawl-delay checks are not a list');
  for (const p of value as Partial<PendingDelayCheck>[]) {
    const ok =
      p !== null && typeof p === 'object' && typeof p.crawlerId === 'string' && statuses.includes(p.verification as string) && typeof p.time === 'number' && Number.isFinite(p.time) &&
      (p.delaySeconds === null || (typeof p.delaySeconds === 'number' && Number.isFinite(p.delaySeconds)));
    if (!ok) throw new Error('a pending Crawl-delay check in it is malformed');
  }
  return value as PendingDelayCheck[];
}
