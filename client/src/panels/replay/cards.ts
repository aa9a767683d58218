/**
 * The replay panel's summary cards as data: each card's figure, label and the sentence under
 * it. Pure, so what a card claims can be checked without a webview; the page inserts it as text.
 *
 * Two cards are easy to misread side by side: "Disallowed" counts every claimed crawler request
 * for a disallowed URL (spoofed ones included), "Violations" only those not shown to come from
 * a spoofed address (and not a usage-control token, which never crawls). Without IP lists no address can be shown spoofed, so the two are equal,
 * and the cards say why instead of showing "0 / 0".
 */

import { plural } from '@robots-lens/kernel/words';
import type { AuditSummaryDto } from '../../../../server/src/protocol';

export interface ReplayCard {
  readonly label: string;
  readonly value: string;
  readonly detail: string;
  readonly kind: '' | 'good' | 'bad' | 'warn';
  /** A button on the card: the panel downloads the crawler IP lists when it is pressed. */
  readonly action?: 'refresh-ranges';
}

/** Whether the replay had IP lists to verify against, read from the panel's `ranges` line. */
export function hasIpLists(ranges: string): boolean {
  return !/^(none\b|0 list)/.test(ranges);
}

const fmt = (n: number): string => n.toLocaleString('en-US');

export function replayCards(summary: AuditSummaryDto, ranges: string): ReplayCard[] {
  const t = summary.totals;
  const crawlers = new Set(summary.crawlers.map((c) => c.crawler)).size;
  const lists = hasIpLists(ranges);
  const spoofedDisallowed = t.disallowed - t.violations;
  return [
    { label: 'Requests', value: fmt(t.requests), detail: `${plural(t.lines, 'line', fmt)}, ${fmt(t.parseFailures)} not parsed`, kind: '' },
    { label: 'Crawler requests', value: fmt(t.crawlerRequests), detail: crawlers > 0 ? plural(crawlers, 'crawler', fmt) : 'no crawlers', kind: '' },
    lists
      ? {
          label: 'Verified / spoofed',
          value: `${fmt(t.verified)} / ${fmt(t.spoofed)}`,
          detail: `${fmt(t.unverified)} unverified (no list or DNS check covers them)`,
          kind: t.spoofed > 0 ? 'warn' : '',
          action: 'refresh-ranges',
        }
      : {
          label: 'Verified / spoofed',
          value: 'not checked',
          detail: `No crawler IP lists are downloaded, so no request can be verified or shown spoofed: all ${fmt(t.crawlerRequests)} claims are taken at their word.`,
          kind: 'warn',
          action: 'refresh-ranges',
        },
    {
      label: 'Disallowed',
      value: fmt(t.disallowed),
      detail: `claimed crawler requests for disallowed URLs, spoofed ones included; ${fmt(t.grace)} in cache grace not counted`,
      kind: '',
    },
    {
      label: 'Violations',
      value: fmt(t.violations),
      detail: violationsDetail(spoofedDisallowed, lists),
      kind: t.violations > 0 ? 'bad' : 'good',
    },
  ];
}

/** What separates Violations from Disallowed: spoofed addresses and usage-control tokens, which never crawl. */
function violationsDetail(difference: number, lists: boolean): string {
  const fewer = difference === 0 ? 'the same as Disallowed' : `${fmt(difference)} fewer than Disallowed`;
  return lists
    ? `${fewer}: only claims not shown spoofed by the IP lists, control tokens left out`
    : `${fewer}: without IP lists no request is known to be spoofed, so every claim counts`;
}
