/**
 * The sitemaps an edit is judged against, read for `robots-lens diff --sitemap` and for the
 * editor's Compare with… alike: the same walk, source, limits and fetcher, each listed URL
 * decided by both versions as it comes, so both faces count the same flips.
 */

import { parseTarget } from '@robots-lens/kernel/match';
import { SITEMAP_WALK_DEADLINE_MS, SitemapFlipCounter, walkSitemaps } from '@robots-lens/sitemaps';
import type { RobotsDiff } from '@robots-lens/diff';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { SitemapFlips, SitemapReport } from '@robots-lens/sitemaps';
import { isSitemapUrl, sitemapSource } from './sitemap-source';

export interface DiffSitemaps {
  readonly flips: SitemapFlips;
  readonly sitemaps: readonly SitemapReport[];
}

export interface SitemapFlipsOptions {
  /** Ends the fetch in flight (a cancelled request). */
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** Asked between chunks: a cancelled walk stops and returns what was read. */
  readonly isCancelled?: () => boolean;
  /** Each sitemap as soon as it has been read (or could not be). */
  readonly done?: (report: SitemapReport) => void;
  /** Refuse pipes and devices before opening them (the language server). */
  readonly regularFilesOnly?: boolean;
}

/**
 * Reads the sitemaps and counts the listed URLs each changed crawler sees flip. `origin` is
 * the one the robots.txt governs; by default the origin of the first sitemap URL, else of the
 * first URL listed.
 */
export async function sitemapFlips(
  locations: readonly string[],
  oldFile: RobotsFile,
  newFile: RobotsFile,
  diff: RobotsDiff,
  origin: string | undefined,
  options: SitemapFlipsOptions = {},
): Promise<DiffSitemaps> {
  const governed = origin ?? locations.filter(isSitemapUrl).map((l) => parseTarget(l)).find((t) => t.ok)?.target.origin ?? undefined;
  // "Any other crawler" says most about a change of the * group: it comes first.
  const tokens = diff.crawlers.map((c) => c.token).sort((a, b) => Number(b === '*') - Number(a === '*'));
  const counter = new SitemapFlipCounter(oldFile, newFile, tokens, governed);
  // Never longer than a sitemap check: a hostile index cannot keep a comparison busy.
  const deadlineAt = Date.now() + SITEMAP_WALK_DEADLINE_MS;
  const source = sitemapSource({
    deadlineAt,
    regularFilesOnly: options.regularFilesOnly === true,
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const sitemaps = await walkSitemaps(
    locations,
    source,
    {
      url: (loc, sitemap, line) => counter.add(loc, sitemap, line),
      ...(options.done ? { done: options.done } : {}),
    },
    { deadlineAt, deadlineText: '10 minutes', ...(options.isCancelled ? { isCancelled: options.isCancelled } : {}) },
  );
  return { flips: counter.results(), sitemaps };
}
