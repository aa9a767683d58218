/**
 * The shape of the crawler catalogue: who a crawler is, which robots.txt groups it looks
 * for, and what is documented about Crawl-delay and verifying its requests.
 */

/**
 * What a crawler's requests are for, from a fixed list; a crawler may have several.
 * `user-fetch` is an agent fetching a page because a person asked it to.
 */
export type CrawlerPurpose =
  | 'search'
  | 'ai-training'
  /** AI answers and grounding: pages read to answer a question, not to train a model. */
  | 'ai-search'
  | 'user-fetch'
  | 'ads'
  | 'seo'
  | 'social-preview'
  | 'archive'
  | 'monitoring'
  /** A robots.txt token that only expresses a usage preference and never sends requests. */
  | 'control-token'
  | 'other';

/** Whether the operator (or the list the entry comes from) says the crawler follows robots.txt. */
export type RobotsTxtRespect = 'yes' | 'no' | 'partly' | 'unknown';

/** The words a fact rests on, and where they were read. */
export interface QuotedSource {
  /** URL of the page the words were read on. */
  readonly source: string;
  /** The operator's (or the list's) own words, quoted. */
  readonly words: string;
}

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
  /** One or more purposes, the main one first. */
  readonly purposes: readonly CrawlerPurpose[];
  readonly honoursRobotsTxt: RobotsTxtRespect;
  /** What `honoursRobotsTxt` rests on; null only when it is `unknown` and nobody says. */
  readonly honoursRobotsTxtEvidence: QuotedSource | null;
  /** It fetches because a person asked (a chat assistant opening a link), not on its own schedule. */
  readonly userInitiated: boolean;
  /** The token that replaced this one when the operator retired it, else null. */
  readonly retired: string | null;
  /** Who says the token is retired; set exactly when `retired` is. */
  readonly retiredEvidence: QuotedSource | null;
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
  /** URLs of the documents the facts come from; never empty. */
  readonly sources: readonly string[];
  /** The day (YYYY-MM-DD) the entry's facts were last compared with its sources. */
  readonly checked: string;
  readonly notes?: string;
}
