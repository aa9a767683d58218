/**
 * How the sitemaps of a check or a comparison are said in words, by every face alike (the
 * CLI's `sitemaps` and `diff --sitemap`, the editor's Check Sitemaps and Compare with…): a
 * sitemap that stopped part-way is counted apart from those read in full, and says how many
 * entries it gave before it stopped.
 */

import { countOf, formatCount } from '@robots-lens/kernel/words';
import type { SitemapCheckTally } from './sitemap-check';
import type { SitemapReport } from './sitemap-walk';

/** "3 sitemaps read (1 index)", then those read only in part or not at all: "2 sitemaps read, 1 read in part, 1 not read". */
export function sitemapsReadText(reports: readonly SitemapReport[]): string {
  const full = reports.filter((r) => r.error === undefined);
  const inPart = reports.filter((r) => r.error !== undefined && r.entries > 0).length;
  const notRead = reports.length - full.length - inPart;
  const indexes = full.filter((r) => r.kind === 'sitemapindex').length;
  const counts: Array<[number, string]> = [
    [full.length, `read${indexes > 0 ? ` (${countOf(indexes, 'index', 'indexes')})` : ''}`],
    [inPart, 'read in part'],
    [notRead, 'not read'],
  ];
  const said = counts.filter(([n]) => n > 0);
  if (said.length === 0) return `${countOf(0, 'sitemap')} read`;
  // The first count names what is counted: "1 sitemap read in part", not "0 sitemaps read, …".
  return said.map(([n, what], i) => `${i === 0 ? countOf(n, 'sitemap') : formatCount(n)} ${what}`).join(', ');
}

/** What one sitemap gave: its URLs or child sitemaps, or how far it was read and why it stopped. */
export function sitemapReportText(report: SitemapReport): string {
  if (report.error !== undefined) return report.entries > 0 ? `${countOf(report.entries, 'entry', 'entries')} read, then: ${report.error}` : `not read: ${report.error}`;
  return report.kind === 'sitemapindex' ? `index of ${countOf(report.entries, 'sitemap')}` : countOf(report.entries, 'URL');
}

/**
 * How many URLs were listed, and how many of them on the origin the check governs: "3 URLs
 * listed on https://shop.test", or "8 URLs listed, 4 on https://shop.test" when some were on
 * another origin or no URL at all (the check counts those apart).
 */
export function listedText(tally: SitemapCheckTally): string {
  const listed = countOf(tally.listed, 'URL');
  if (tally.origin === undefined) return `${listed} listed`;
  const governed = tally.listed - tally.otherOrigin.count - tally.notUrls.count;
  return governed === tally.listed ? `${listed} listed on ${tally.origin}` : `${listed} listed, ${formatCount(governed)} on ${tally.origin}`;
}
