/**
 * Crawl-delay: the gap since the crawler's previous request (carried across shards as its
 * last request time) against the delay of the group it uses in a version (`crawlDelayOf`,
 * the kernel's).
 */

import type { CrawlDelayCheck } from './judged-request';

/** The check of a request `time` after the crawler's previous one (`last`, undefined for its first). */
export function crawlDelayCheck(delay: number | null, last: number | undefined, time: number): CrawlDelayCheck {
  if (last === undefined) return { delaySeconds: delay, gapMs: null, late: undefined };
  const gap = Math.abs(time - last);
  const resolution = time % 1000 === 0 && last % 1000 === 0 ? 1000 : 1;
  const late = delay !== null && delay > 0 && gap + resolution <= delay * 1000;
  return { delaySeconds: delay, gapMs: gap, late: late ? { gapSeconds: gap / 1000, delaySeconds: delay } : undefined };
}
