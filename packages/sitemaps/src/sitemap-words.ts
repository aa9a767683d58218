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

/**
 * The one-line answer of a check, said first by every face. It never comforts when nothing
 * was read: "no listed URL is blocked" is said only when every sitemap was read in full and
 * at least one URL was checked; a check that read nothing says so as a warning, and one that
 * read part of its sitemaps says how much was checked and what was not read.
 */
export interface SitemapCheckAnswer {
  /** `blocked`: some URL is blocked; `warning`: nothing or not everything was checked; `clear`: all read, none blocked. */
  readonly tone: 'blocked' | 'warning' | 'clear';
  readonly text: string;
}

export function sitemapCheckAnswer(tally: SitemapCheckTally, reports: readonly SitemapReport[]): SitemapCheckAnswer {
  const checked = Math.max(0, ...tally.agents.map((a) => a.checked));
  const blocked = tally.agents.reduce((sum, a) => sum + a.blocked, 0);
  const unread = reports.filter((r) => r.error !== undefined);
  const where = tally.origin === undefined ? '' : ` on ${tally.origin}`;
  if (checked === 0) {
    if (reports.length > 0 && unread.length === reports.length && unread.every((r) => r.entries === 0)) {
      return { tone: 'warning', text: `Nothing checked: no sitemap could be read (${countOf(reports.length, 'sitemap')} tried), so no listed URL was checked against robots.txt.` };
    }
    const why = unread.length > 0 ? ` (${sitemapsReadText(reports)})` : '';
    return { tone: 'warning', text: `Nothing checked: the sitemaps read list no URL${where}${why}, so no listed URL was checked against robots.txt.` };
  }
  const found = blocked === 0 ? 'none blocked' : `${countOf(blocked, 'blocked URL')} (URL × crawler)`;
  if (unread.length > 0) {
    return { tone: blocked > 0 ? 'blocked' : 'warning', text: `Partly checked: ${countOf(checked, 'URL')}${where} checked, ${found}, but ${unreadText(reports)}, so listed URLs may be missing from this check.` };
  }
  if (blocked === 0) return { tone: 'clear', text: `No listed URL is blocked: ${countOf(checked, 'URL')}${where} checked for ${countOf(tally.agents.length, 'crawler')}.` };
  return { tone: 'blocked', text: `${countOf(blocked, 'blocked URL')} (URL × crawler) of ${countOf(checked, 'URL')}${where} checked for ${countOf(tally.agents.length, 'crawler')}.` };
}

/** "1 sitemap was read in part and 2 not read": only the sitemaps a check could not read in full. */
function unreadText(reports: readonly SitemapReport[]): string {
  const inPart = reports.filter((r) => r.error !== undefined && r.entries > 0).length;
  const notRead = reports.filter((r) => r.error !== undefined && r.entries === 0).length;
  const first = inPart > 0 ? inPart : notRead;
  const head = `${countOf(first, 'sitemap')} ${first === 1 ? 'was' : 'were'} ${inPart > 0 ? 'read in part' : 'not read'}`;
  return inPart > 0 && notRead > 0 ? `${head} and ${formatCount(notRead)} not read` : head;
}
