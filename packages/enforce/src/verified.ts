/**
 * `--verified-only`: a request that claims a crawler in scope but comes from outside the
 * crawler's published IP ranges (a spoofer) is refused whatever the URL, by the server's own
 * address matching (nginx `geo`, Apache `-R` in an expression, HAProxy `src`, Caddy
 * `remote_ip`). The ranges are data the caller loaded (the CLI from a folder of lists, as
 * `replay --ranges` reads them), each list named with its date in the header.
 */

import type { Crawler } from '@robots-lens/kernel/crawlers';
import { printable } from './header';

/** One crawler's published ranges, as loaded. */
export interface CrawlerRanges {
  readonly token: string;
  /** CIDR prefixes (`66.249.64.0/19`, `2001:4860:4801:10::/64`) as the lists give them. */
  readonly prefixes: readonly string[];
  /** The lists they come from, with the date each carries (null when none). */
  readonly lists: readonly { readonly name: string; readonly date: string | null }[];
}

/** A crawler in scope that can be verified: its prefixes, checked to be addresses. */
export interface VerifiedCrawler {
  readonly crawler: Crawler;
  readonly prefixes: readonly string[];
  readonly lists: CrawlerRanges['lists'];
}

export interface Verification {
  readonly crawlers: readonly VerifiedCrawler[];
  /** Crawlers in scope with no list: their claims cannot be checked and are never refused as spoofed. */
  readonly unverifiable: readonly Crawler[];
  /** What was left out of the lists, one sentence each. */
  readonly notes: readonly string[];
}

const CIDR = /^(?:(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}\/(?:3[0-2]|[12]?[0-9])|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*\/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))$/;

/** Matches the ranges to the crawlers in scope; a prefix that is not a CIDR address is left out and said. */
export function verificationFor(scope: readonly Crawler[], ranges: readonly CrawlerRanges[]): Verification {
  const crawlers: VerifiedCrawler[] = [];
  const unverifiable: Crawler[] = [];
  const notes: string[] = [];
  for (const crawler of scope) {
    const mine = ranges.filter((r) => r.token.toLowerCase() === crawler.token.toLowerCase());
    const prefixes = [...new Set(mine.flatMap((r) => r.prefixes))];
    const valid = prefixes.filter((p) => CIDR.test(p));
    if (valid.length < prefixes.length) notes.push(`${crawler.token}: ${prefixes.length - valid.length} entries of its lists are not CIDR prefixes and were left out (${printable(prefixes.find((p) => !CIDR.test(p))!.slice(0, 40))}).`);
    if (valid.length === 0) unverifiable.push(crawler);
    else crawlers.push({ crawler, prefixes: valid, lists: mine.flatMap((r) => r.lists) });
  }
  return { crawlers, unverifiable, notes };
}

/** The header lines about verification: the lists and their dates, and who cannot be checked. */
export function verificationLines(verification: Verification): string[] {
  const lines: string[] = [];
  for (const v of verification.crawlers) {
    const lists = v.lists.map((l) => `${printable(l.name)} (${l.date === null ? 'undated' : printable(l.date)})`).join(', ');
    lines.push(`--verified-only: ${v.crawler.token} claimed from outside its ${v.prefixes.length} published prefixes is refused, whatever the URL; lists: ${lists}.`);
  }
  if (verification.unverifiable.length > 0) {
    lines.push(`--verified-only: no IP list for ${verification.unverifiable.map((c) => c.token).join(', ')}: their claims are not checked.`);
  }
  return [...lines, ...verification.notes];
}
