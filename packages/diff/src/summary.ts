/**
 * Diffs for reading: crawlers with identical changes side by side (most crawlers fall
 * back to `*` and change together), and one sentence for a notification.
 */

import type { CrawlerDiff, FlipCount, GroupChange, RobotsDiff, VerdictChange } from './types';
import { countOf, formatCount, plural } from '@robots-lens/kernel/words';

/** Crawlers named in the sentence about logged requests; the rest are counted. */
const CRAWLERS_IN_FLIP_SENTENCE = 3;

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
  const deadText = dead === 0 ? '' : ` ${plural(dead, 'rule')} can no longer decide anything.`;
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
  return `Verdicts change for ${plural(changed.length, 'crawler')}: ${parts.join(', ')}${more > 0 ? ` and ${more} more` : ''}.${deadText}`;
}

/**
 * One sentence about real traffic under both versions, to follow `summarizeDiff`: how many
 * requests in the named logs the new version decides differently, and for which crawlers,
 * e.g. "44 requests in access.log are decided differently: ClaudeBot 26 newly disallowed;
 * CCBot 18 newly disallowed."
 */
export function summarizeFlips(flips: readonly FlipCount[], logNames: readonly string[]): string {
  const logs = listed(logNames);
  const counted = flips.reduce((sum, f) => sum + f.requests, 0);
  const flipped = flips.filter((f) => f.newlyDisallowed + f.newlyAllowed > 0);
  const total = flipped.reduce((sum, f) => sum + f.newlyDisallowed + f.newlyAllowed, 0);
  // Browsers are not counted (they do not read robots.txt), so "non-browser" is the honest word.
  if (counted === 0) return `${logs} ${logNames.length === 1 ? 'has' : 'have'} no non-browser requests to count.`;
  if (total === 0) return `None of the ${formatCount(counted)} non-browser requests in ${logs} is decided differently.`;
  const parts = flipped.slice(0, CRAWLERS_IN_FLIP_SENTENCE).map((f) => {
    const kinds = [f.newlyDisallowed > 0 ? `${formatCount(f.newlyDisallowed)} newly disallowed` : '', f.newlyAllowed > 0 ? `${formatCount(f.newlyAllowed)} newly allowed` : ''];
    return `${displayToken(f)} ${kinds.filter(Boolean).join(', ')}`;
  });
  const more = flipped.length - parts.length;
  const moreText = more > 0 ? `; and ${plural(more, 'more crawler')}` : '';
  return `${countOf(total, 'request')} in ${logs} ${total === 1 ? 'is' : 'are'} decided differently: ${parts.join('; ')}${moreText}.`;
}

/** `*` reads as what it is: every crawler no group names. */
export function displayToken(crawler: Pick<CrawlerDiff, 'token'>): string {
  return crawler.token === '*' ? 'any other crawler (*)' : crawler.token;
}

function names(crawlers: readonly CrawlerDiff[]): string {
  const listed = crawlers.slice(0, 3).map(displayToken);
  return crawlers.length > 3 ? `${listed.join(', ')} and ${crawlers.length - 3} more` : listed.join(', ');
}

/** "a.log", "a.log and b.log", "a.log, b.log and c.log". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? 'the log';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
