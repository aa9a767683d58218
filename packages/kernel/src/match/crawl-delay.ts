/**
 * Crawl-delay as a crawler reads it: the smallest valid delay of the group the crawler uses
 * (the same group the matcher selects), for the replay's check and for programs asking.
 */

import type { ResolvedAgent } from '../crawlers';
import { crawlDelayLines } from '../parse';
import type { RobotsFile } from '../parse';
import { matcherFor } from './matcher';

/**
 * The smallest valid Crawl-delay (seconds) of the group `agent` uses, null when that group
 * sets none. Whether the crawler honours Crawl-delay at all is its catalogue entry's
 * `crawlDelay` (Google's crawlers ignore it).
 */
export function crawlDelayOf(file: RobotsFile, agent: string | ResolvedAgent): number | null {
  const selected = matcherFor(file).select(agent);
  let delay: number | null = null;
  for (const line of crawlDelayLines(file, selected?.group.groups ?? [])) {
    const value = Number(line.value);
    if (delay === null || value < delay) delay = value;
  }
  return delay;
}
