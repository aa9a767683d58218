/**
 * The shape of the crawler catalogue: who a crawler is, which robots.txt groups it looks
 * for, and what is documented about Crawl-delay and verifying its requests.
 */

/** What a crawler's requests are for, as the operator (or the reference facts) describe it. */
export type CrawlerPurpose =
  | 'search'
  | 'ai-training'
  | 'ai-search'
  | 'user-triggered'
  | 'ads'
  | 'preview'
  | 'archive'
  | 'seo'
  /** A robots.txt token that only expresses a usage preference and never sends requests. */
  | 'control-token'
  | 'other';

/** Whether the crawler is documented to honour the non-standard `Crawl-delay` directive. */
export type CrawlDelaySupport = 'honoured' | 'ignored' | 'unknown';

/** How an operator lets site owners check that a request really came from its crawler. */
export interface CrawlerVerification {
  /** Published JSON lists of the crawler's IP ranges. */
  readonly ipRangeUrls: readonly string[];
  /** Domains a forward-confirmed reverse DNS name must end with (`googlebot.com`). */
  readonly reverseDnsSuffixes: readonly string[];
  /** How the operator says to verify, in one sentence. */
  readonly method: string;
}

/** One entry of the crawler catalogue. */
export interface Crawler {
  /** Stable kebab-case id, e.g. `googlebot-image`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  /** One sentence taken from the reference facts. */
  readonly description: string;
  /** The crawler's own primary robots.txt product token, e.g. `Googlebot-Image`. */
  readonly token: string;
  /**
   * Ordered tokens the crawler looks for; the first that names a group selects it.
   * Ends with `*` unless the crawler ignores the global group.
   */
  readonly chain: readonly string[];
  /** The crawler never falls back to the `*` group. */
  readonly ignoresStar: boolean;
  /** A usage-control token (Google-Extended, Applebot-Extended) that never sends requests. */
  readonly controlToken: boolean;
  readonly crawlDelay: CrawlDelaySupport;
  /** Why `crawlDelay` has its value, with the evidence. */
  readonly crawlDelayNote: string;
  /**
   * Product names looked for (case-insensitively) in a full HTTP User-Agent header,
   * most specific first, e.g. `Googlebot-Image`.
   */
  readonly userAgentMarkers: readonly string[];
  readonly verification: CrawlerVerification;
  /** Shown by default in the crawler matrix (major search and AI crawlers). */
  readonly wellKnown: boolean;
  /** URLs of the documents the facts come from. */
  readonly sources: readonly string[];
  readonly notes?: string;
}
