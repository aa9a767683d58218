/**
 * The Crawl-delay lines of a crawler's groups, walked in one place: the lint checks and the
 * replay's Crawl-delay check read the same lines with the same idea of a valid value.
 */

import type { Line, RobotsFile } from './model';

const NON_NEGATIVE_NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A value crawlers that honour Crawl-delay can read: a non-negative number of seconds. */
export function isValidCrawlDelay(value: string): boolean {
  return NON_NEGATIVE_NUMBER.test(value);
}

/** The valid Crawl-delay lines of the groups (a crawler's merged groups), in line order. */
export function crawlDelayLines(file: RobotsFile, groups: readonly number[]): Line[] {
  const lines: Line[] = [];
  for (const g of groups) {
    for (const l of file.groups[g]?.otherLines ?? []) {
      const line = file.lines[l];
      if (line && !line.beyondLimit && line.directive === 'crawl-delay' && isValidCrawlDelay(line.value)) lines.push(line);
    }
  }
  return lines.sort((a, b) => a.index - b.index);
}
