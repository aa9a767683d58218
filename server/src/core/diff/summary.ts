/**
 * Diffs for reading: crawlers with identical changes side by side (most crawlers fall
 * back to `*` and change together), and one sentence for a notification.
 */

import type { CrawlerDiff, GroupChange, RobotsDiff, VerdictChange } from './types';

export interface CrawlerDiffGroup {
  /** Crawlers with exactly these changes, in the diff's order. */
  readonly crawlers: readonly CrawlerDiff[];
  readonly groupChange?: GroupChange;
  readonly changes: readonly VerdictChange[];
}

/** Crawlers whose changes (and group change) are identical, grouped. */
export function groupCrawlerDiffs(crawlers: readonly CrawlerDiff[]): CrawlerDiffGroup[] {
  const groups = new Map<string, { crawlers: CrawlerDiff[]; groupChange?: GroupChange; changes: readonly VerdictChange[] }>();
  for (const crawler of crawlers) {
    const key = JSON.stringify([crawler.groupChange ?? null, crawler.changes]);
    const group = groups.get(key);
    if (group) group.crawlers.push(crawler);
    else groups.set(key, { crawlers: [crawler], ...(crawler.groupChange ? { groupChange: crawler.groupChange } : {}), changes: crawler.changes });
  }
  return [...groups.values()];
}

/** One sentence for an on-save notification: who is affected, and how much. */
export function summarizeDiff(diff: RobotsDiff): string {
  const dead = diff.shadowing.length;
  const deadText = dead === 0 ? '' : ` ${dead} rule${dead === 1 ? '' : 's'} can no longer decide anything.`;
  const changed = diff.crawlers.filter((c) => c.changes.length > 0);
  const moved = diff.crawlers.filter((c) => c.changes.length === 0 && c.groupChange);
  if (changed.length === 0) {
    const movedText = moved.length > 0 ? ` ${names(moved)} now use${moved.length === 1 ? 's' : ''} another group.` : '';
    return `No crawler's verdicts change.${movedText}${deadText}`;
  }
  const parts = changed.slice(0, 5).map((c) => {
    const down = c.changes.filter((x) => x.kind === 'newly-disallowed').length;
    const up = c.changes.length - down;
    const what = [down > 0 ? `${down} newly disallowed` : '', up > 0 ? `${up} newly allowed` : ''].filter(Boolean).join(', ');
    return `${displayToken(c)} (${what})`;
  });
  const more = changed.length - parts.length;
  return `Verdicts change for ${changed.length} crawler${changed.length === 1 ? '' : 's'}: ${parts.join(', ')}${more > 0 ? ` and ${more} more` : ''}.${deadText}`;
}

/** `*` reads as what it is: every crawler no group names. */
export function displayToken(crawler: Pick<CrawlerDiff, 'token'>): string {
  return crawler.token === '*' ? 'any other crawler (*)' : crawler.token;
}

function names(crawlers: readonly CrawlerDiff[]): string {
  const listed = crawlers.slice(0, 3).map(displayToken);
  return crawlers.length > 3 ? `${listed.join(', ')} and ${crawlers.length - 3} more` : listed.join(', ');
}
