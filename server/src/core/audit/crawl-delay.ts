/**
 * Crawl-delay: the smallest valid delay of the group a crawler uses in a version, and the gap
 * since the crawler's previous request (carried across shards as its last request time).
 */

import { matcherFor } from '../match';
import type { ResolvedAgent } from '../crawlers';
import { crawlDelayLines } from '../parse';
import type { RobotsFile } from '../parse';
import type { CrawlDelayCheck } from './summary-builder';

/** The smallest valid Crawl-delay (seconds) of the group an agent uses in a version, null when it sets none. */
export function crawlDelayOf(file: RobotsFile, agent: ResolvedAgent): number | null {
  const selected = matcherFor(file).select(agent);
  let delay: number | null = null;
  for (const line of crawlDelayLines(file, selected?.group.groups ?? [])) {
    const value = Number(line.value);
    if (delay === null || value < delay) delay = value;
  }
  return delay;
}

/** The check of a request `time` after the crawler's previous one (`last`, undefined for its first). */
export function crawlDelayCheck(delay: number | null, last: number | undefined, time: number): CrawlDelayCheck {
  if (last === undefined) return { delaySeconds: delay, gapMs: null, late: undefined };
  const gap = Math.abs(time - last);
  const resolution = time % 1000 === 0 && last % 1000 === 0 ? 1000 : 1;
  const late = delay !== null && delay > 0 && gap + resolution <= delay * 1000;
  return { delaySeconds: delay, gapMs: gap, late: late ? { gapSeconds: gap / 1000, delaySeconds: delay } : undefined };
}
