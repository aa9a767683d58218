/**
 * What the Check Sitemaps panel shows, built from the server's answer: counts per crawler,
 * one row per blocked URL with its deciding line, the sitemaps read and what was set apart.
 * Pure, so it is tested without a workbench; every value reaches the page as text.
 */

import type { CheckSitemapsResult } from '../../server/src/protocol';

export interface SitemapsViewRow {
  readonly url: string;
  readonly agent: string;
  /** 1-based deciding line. */
  readonly line: number;
  readonly rule: string;
  readonly sitemap: string;
  readonly sitemapLine: number;
}

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
  const read = result.sitemaps.filter((s) => s.error === undefined).length;
  const blocked = tally.agents.reduce((sum, a) => sum + a.blocked, 0);
  const where = tally.origin !== undefined ? ` on ${tally.origin}` : '';
  const head = `${count(read, 'sitemap')} read, ${count(tally.listed, 'URL')} listed${where}: `;
  const verdict = blocked === 0 ? 'no listed URL is blocked for the crawlers checked.' : `${count(blocked, 'blocked URL')} (URL × crawler).`;
  const notices = [...result.notices];
  if (result.cancelled) notices.unshift('Cancelled: these are the sitemaps read until then.');
  return {
    documentName,
    version: result.version,
    summary: head + verdict,
    crawlers: tally.agents.map((a) => `${a.agent}: ${a.blocked === 0 ? 'none blocked' : `${count(a.blocked, 'URL')} blocked`} of ${count(a.checked, 'URL')} checked`),
    rows: result.blocked.map((b) => ({ url: b.url, agent: b.agent, line: b.line, rule: b.rule, sitemap: b.sitemap, sitemapLine: b.sitemapLine })),
    omitted: result.blockedOmitted > 0 ? `${count(result.blockedOmitted, 'more blocked URL')} not listed here (robots-lens sitemaps lists them all).` : null,
    sitemaps: result.sitemaps.map((s) => ({
      location: s.location,
      what: s.error !== undefined ? `not read: ${s.error}` : s.kind === 'sitemapindex' ? `index of ${count(s.entries, 'sitemap')}` : count(s.entries, 'URL'),
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
  return n > 0 ? [`… and ${count(n, one, many)}`] : [];
}

function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}
