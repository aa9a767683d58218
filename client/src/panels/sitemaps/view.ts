/**
 * What the Check Sitemaps panel shows, built from the server's answer: counts per crawler,
 * one row per blocked URL with its deciding line, the sitemaps read and what was set apart.
 * Pure, so it is tested without a workbench; every value reaches the page as text.
 */

import { countOf } from '@robots-lens/kernel/words';
import { listedText, sitemapReportText, sitemapsReadText } from '@robots-lens/sitemaps';
import type { BlockedSitemapUrlDto, CheckSitemapsResult } from '../../../../server/src/protocol';

/** A blocked URL as the server reported it: URL, crawler, deciding line and rule, and the sitemap line listing it. */
export type SitemapsViewRow = BlockedSitemapUrlDto;

export interface SitemapsView {
  readonly documentName: string;
  readonly version: number;
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

export function sitemapsView(result: CheckSitemapsResult, documentName: string): SitemapsView {
  const { tally } = result;
  const blocked = tally.agents.reduce((sum, a) => sum + a.blocked, 0);
  // The core's words want `origin` present (undefined when none); the wire leaves it out.
  const head = `${sitemapsReadText(result.sitemaps)}, ${listedText({ ...tally, origin: tally.origin })}: `;
  const verdict = blocked === 0 ? 'no listed URL is blocked for the crawlers checked.' : `${countOf(blocked, 'blocked URL')} (URL × crawler).`;
  const notices = [...result.notices];
  if (result.cancelled) notices.unshift('Cancelled: these are the sitemaps read until then.');
  return {
    documentName,
    version: result.version,
    summary: head + verdict,
    crawlers: tally.agents.map((a) => `${a.agent}: ${a.blocked === 0 ? 'none blocked' : `${countOf(a.blocked, 'URL')} blocked`} of ${countOf(a.checked, 'URL')} checked`),
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

function more(n: number, one: string, many: string): string[] {
  return n > 0 ? [`… and ${countOf(n, one, many)}`] : [];
}
