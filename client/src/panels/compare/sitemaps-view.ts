/**
 * The comparison panel's sitemap section: the offer to count the URLs your sitemaps list
 * (never fetched until the user clicks), and after the click what the edit does to them, in
 * the CLI's words (`robots-lens diff --sitemap`): the one headline, per set of crawlers the
 * counts with example URLs and the line that now decides them, and each sitemap not read with
 * why. Plain strings only: the webview inserts them as text, since a sitemap is hostile text.
 */

import { countOf, formatCount } from '@robots-lens/kernel/words';
import { displayToken } from '@robots-lens/diff';
import { sitemapFlipsSentence, sitemapsReadText } from '@robots-lens/sitemaps';
import type { CompareSitemaps, SitemapFlipCountDto, SitemapFlipExampleDto } from '../../../../server/src/protocol';

/** Crawler names spelled out in a heading (as the CLI's `diff --sitemap`). */
const NAMES_IN_HEADING = 8;

export interface SitemapOfferView {
  /** The button that reads the file's `Sitemap:` URLs; absent when it names none with an http(s) URL. */
  readonly count?: { readonly label: string; readonly detail: string };
  /** The button that picks sitemap files on disk instead. */
  readonly pick: string;
}

export interface ListedFlipView {
  readonly kind: 'newly blocked' | 'newly allowed';
  readonly url: string;
  /** The buffer's line (1-based) deciding it now, shown as a link; null: no rule decides. */
  readonly line: number | null;
  readonly rule: string;
}

export interface ListedCrawlerView {
  readonly heading: string;
  /** `1,240 newly blocked`, `1,240 newly blocked, 3 newly allowed`. */
  readonly counts: string;
  readonly examples: readonly ListedFlipView[];
}

export interface CompareSitemapsView {
  /** `This edit newly blocks 1,240 URLs listed in your sitemaps.` */
  readonly headline: string;
  /** `2 sitemaps read, 1,301 URLs listed on https://shop.test.` */
  readonly read: string;
  /** `It newly allows 3 URLs listed in them.`; empty when none. */
  readonly allowed: string;
  readonly crawlers: readonly ListedCrawlerView[];
  /** Each sitemap not read in full, and why. */
  readonly errors: readonly { readonly location: string; readonly error: string }[];
  /** Limits exceeded, children not followed: `location: notice`. */
  readonly notices: readonly string[];
}

/** The offer shown before anything is read; `sitemapUrls` are the buffer's `Sitemap:` values. */
export function sitemapOfferView(sitemapUrls: readonly string[]): SitemapOfferView {
  const urls = [...new Set(sitemapUrls.filter((url) => /^https?:\/\//i.test(url)))];
  const pick = 'Pick sitemap files…';
  if (urls.length === 0) return { pick };
  const named = urls.length === 1 ? urls[0]! : `the ${urls.length} sitemaps on this file's Sitemap: lines`;
  return { count: { label: 'Count URLs in your sitemaps', detail: `Reads ${named} (and the sitemaps an index names), with both versions deciding every URL listed.` }, pick };
}

export function compareSitemapsView(listed: CompareSitemaps): CompareSitemapsView {
  const { flips, sitemaps } = listed;
  return {
    // The core's sentence asks for `origin` present (undefined when none); the wire leaves it out.
    headline: sitemapFlipsSentence({ ...flips, origin: flips.origin }),
    read: `${sitemapsReadText(sitemaps)}, ${countOf(flips.checked, 'URL')} listed${flips.origin !== undefined ? ` on ${flips.origin}` : ''}.`,
    allowed: flips.newlyAllowed > 0 ? `It newly allows ${countOf(flips.newlyAllowed, 'URL')} listed in them.` : '',
    crawlers: flips.crawlers.filter((c) => c.newlyBlocked + c.newlyAllowed > 0).map((c) => ({
      heading: heading(c),
      counts: [c.newlyBlocked > 0 ? `${formatCount(c.newlyBlocked)} newly blocked` : '', c.newlyAllowed > 0 ? `${formatCount(c.newlyAllowed)} newly allowed` : ''].filter((s) => s !== '').join(', '),
      examples: [...c.examples.newlyBlocked.map((e) => example(e, 'newly blocked')), ...c.examples.newlyAllowed.map((e) => example(e, 'newly allowed'))],
    })),
    errors: sitemaps.flatMap((s) => (s.error !== undefined ? [{ location: s.location, error: s.error }] : [])),
    notices: sitemaps.flatMap((s) => s.notices.map((notice) => `${s.location}: ${notice}`)),
  };
}

function heading(c: SitemapFlipCountDto): string {
  const names = c.agents.slice(0, NAMES_IN_HEADING).map((token) => displayToken({ token }));
  const more = c.agents.length - names.length;
  return `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}${c.agents.length > 1 ? ` (${c.agents.length} crawlers)` : ''}`;
}

function example(e: SitemapFlipExampleDto, kind: ListedFlipView['kind']): ListedFlipView {
  return { kind, url: e.url, line: e.line > 0 ? e.line : null, rule: e.rule };
}
