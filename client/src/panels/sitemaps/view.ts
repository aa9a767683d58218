/**
 * What the Check Sitemaps panel shows, built from the server's answer: counts per crawler,
 * one row per blocked URL with its deciding line, the sitemaps read and what was set apart.
 * Pure, so it is tested without a workbench; every value reaches the page as text.
 */

import { countOf } from '@robots-lens/kernel/words';
import { listedText, sitemapCheckAnswer, sitemapReportText, sitemapsReadText } from '@robots-lens/sitemaps';
import type { SitemapCheckAnswer, SitemapCheckTally } from '@robots-lens/sitemaps';
import type { BlockedSitemapUrlDto, CheckSitemapsResult } from '../../../../server/src/protocol';
import type { SavedWords } from '../saved-state';

/** A blocked URL as the server reported it: URL, crawler, deciding line and rule, and the sitemap line listing it. */
export type SitemapsViewRow = BlockedSitemapUrlDto;

export interface SitemapsView {
  readonly documentName: string;
  readonly version: number;
  /** Whether the answer is of the saved file or of unsaved edits (see saved-state.ts). */
  readonly saved: SavedWords;
  /** The one-line answer, said first; a warning when nothing, or not everything, was read. */
  readonly answer: SitemapCheckAnswer;
  /** What was read: sitemaps and URLs listed. */
  readonly summary: string;
  readonly crawlers: readonly string[];
  readonly rows: readonly SitemapsViewRow[];
  /** Said under the table when rows were left out. */
  readonly omitted: string | null;
  readonly sitemaps: readonly { readonly location: string; readonly what: string; readonly failed: boolean; readonly notes: readonly string[] }[];
  /** URLs not decided by this file (another origin, not URLs), with why. */
  readonly aside: readonly string[];
  readonly notices: readonly string[];
}

export function sitemapsView(result: CheckSitemapsResult, documentName: string, saved: SavedWords): SitemapsView {
  // The core's words want `origin` present (undefined when none); the wire leaves it out.
  const tally = { ...result.tally, origin: result.tally.origin };
  const answer = sitemapCheckAnswer(tally, result.sitemaps);
  const notices = [...result.notices];
  return {
    documentName,
    version: result.version,
    saved,
    // A cancelled check read only part of what was listed: never an all-clear.
    answer: result.cancelled ? { tone: answer.tone === 'blocked' ? 'blocked' : 'warning', text: `Cancelled, so listed URLs may be missing from this check. ${answer.tone === 'clear' ? `${countOf(checked(tally), 'URL')} checked until then, none blocked.` : answer.text}` } : answer,
    summary: `${sitemapsReadText(result.sitemaps)}, ${listedText(tally)}.`,
    crawlers: tally.agents.map((a) => `${a.agent}: ${a.checked === 0 ? 'nothing checked' : a.blocked === 0 ? `none blocked of ${countOf(a.checked, 'URL')} checked` : `${countOf(a.blocked, 'URL')} blocked of ${countOf(a.checked, 'URL')} checked`}`),
    rows: result.blocked,
    omitted: result.blockedOmitted > 0 ? `${countOf(result.blockedOmitted, 'more blocked URL')} not listed here (robots-lens sitemaps lists them all).` : null,
    sitemaps: result.sitemaps.map((s) => ({
      location: s.location,
      what: sitemapReportText(s),
      failed: s.error !== undefined,
      notes: s.notices,
    })),
    aside: [
      ...tally.otherOrigin.examples.map((e) => `${e.url} — ${e.reason}`),
      ...more(tally.otherOrigin.count - tally.otherOrigin.examples.length, 'more URL on another origin', 'more URLs on other origins'),
      ...tally.notUrls.examples.map((e) => `${e.url} — ${e.reason}`),
      ...more(tally.notUrls.count - tally.notUrls.examples.length, 'more entry that is not a URL', 'more entries that are not URLs'),
    ],
    notices,
  };
}

function checked(tally: SitemapCheckTally): number {
  return Math.max(0, ...tally.agents.map((a) => a.checked));
}

function more(n: number, one: string, many: string): string[] {
  return n > 0 ? [`… and ${countOf(n, one, many)}`] : [];
}
