/**
 * What the judging step hands on: one request as judged, in the one shape the summary counts
 * (`SummaryBuilder.add`) and whose record goes to the record consumer. Types only, so the
 * judges and the summary both read it without importing each other.
 */

import type { Crawler } from '@robots-lens/kernel/crawlers';
import type { AuditRecord, ClientKind } from './record';

/**
 * One request as the replay judged it: all the summary counts of it, in one shape. The
 * record says most; the rest is what a record does not carry (the time as a number, the
 * catalogue entry, the fetch and Crawl-delay bookkeeping).
 */
export interface JudgedRequest {
  /** Epoch milliseconds (the record's `time` is its ISO form). */
  readonly timeMs: number;
  readonly client: ClientKind;
  /** The catalogue crawler claimed; its row counts the request. */
  readonly crawler: Crawler | undefined;
  /** null for a request that is only counted: a browser's or one without a User-Agent, when no one wants records. */
  readonly record: AuditRecord | null;
  /** A /robots.txt fetch whose status says something (not a 3xx): the state it put the crawler in, and whether that changed. */
  readonly robotsFetch: { readonly state: 'rules' | 'unavailable' | 'unreachable'; readonly changed: boolean } | null;
  /** This request's Crawl-delay check; `skipped` when the scope is `verified` and it was not; null when none applies. */
  readonly crawlDelayCheck: CrawlDelayCheck | 'skipped' | null;
  /** Judged by the earliest version although it predates it. */
  readonly beforeFirstVersion: boolean;
}

/** A request of a crawler that honours Crawl-delay, checked against its group's delay. */
export interface CrawlDelayCheck {
  /** Smallest valid Crawl-delay of the crawler's group (seconds), null when it sets none. */
  readonly delaySeconds: number | null;
  /** Time since the crawler's previous request; null for its first. */
  readonly gapMs: number | null;
  /** Set when the gap is certainly shorter than the delay (gap + timestamp resolution ≤ delay): the record's `crawlDelay`. */
  readonly late: AuditRecord['crawlDelay'];
}
