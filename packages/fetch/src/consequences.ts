/**
 * What each crawler does with a robots.txt fetch outcome. A single status code does not
 * decide behaviour on its own: Google documents its own sequence (12 h stop, last good copy
 * for 30 days, 429 read as a server error), Amazon documents another, and everyone else is
 * assumed to follow RFC 9309 — and is labelled as an assumption.
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import type { Crawler, ResolvedAgent } from '@robots-lens/kernel/crawlers';

/** Why the fetch came out as it did, in the categories crawler policies distinguish. */
export type FetchCause =
  | 'success'
  /** 4xx other than 429. */
  | 'client-error'
  /** 429 Too Many Requests. */
  | 'rate-limited'
  | 'server-error'
  | 'network-error'
  | 'too-many-redirects'
  /** A redirect with no usable target, or a 3xx status that does not redirect. */
  | 'bad-redirect'
  /** 1xx, or a code outside 100–599. */
  | 'unexpected-status';

/** What a crawler does with the site's URLs after this outcome. */
export type CrawlerAccess =
  /** Follows the rules of the fetched file. */
  | 'by-rules'
  /** Crawls as if there were no robots.txt. */
  | 'everything'
  /** Crawls nothing for now. */
  | 'nothing'
  /** Keeps using its cached copy of robots.txt for a while. */
  | 'cached-copy';

export type FetchPolicy = 'google' | 'amazon' | 'rfc9309';

export interface CrawlerConsequence {
  /** The crawler's robots.txt token. */
  readonly crawler: string;
  readonly name: string;
  readonly operator: string;
  readonly access: CrawlerAccess;
  /** What the crawler does, as one clause: "stops crawling for 12 h, then …". */
  readonly summary: string;
  readonly policy: FetchPolicy;
  /** True when the operator documents this behaviour; false when RFC 9309 is assumed or the case is undocumented. */
  readonly documented: boolean;
  /** Where the behaviour is described. */
  readonly source: string;
  readonly note?: string;
}

/** The facts about an outcome that the policies look at. */
export interface FetchSituation {
  readonly cause: FetchCause;
  readonly status: number | null;
  /** A 2xx body that looks like an HTML page. */
  readonly htmlLike: boolean;
  /** A 2xx body longer than Google's 500 KiB. */
  readonly overLimit: boolean;
}

const GOOGLE_SPEC = 'https://developers.google.com/crawling/docs/robots-txt/robots-txt-spec';
const RFC_9309 = 'https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1';
const AMAZONBOT = 'https://developer.amazon.com/amazonbot';

const GOOGLE_UNREACHABLE =
  'stops crawling for 12 h, then uses the last good copy up to 30 days; after that it crawls as if there were no robots.txt when the site is otherwise available, else it stays stopped';

const RFC_UNREACHABLE =
  'must assume complete disallow (RFC 9309 §2.3.1.4); after a long outage (e.g. 30 days) it may use a cached copy or treat robots.txt as unavailable';

/** The crawlers whose consequences a fetch report lists: the catalogue's major crawlers that send requests. */
export const MAJOR_CRAWLERS: readonly Crawler[] = CRAWLERS.filter((c) => c.wellKnown && !c.controlToken);

/** The consequence of one situation for every major crawler, in catalogue order. */
export function crawlerConsequences(situation: FetchSituation): CrawlerConsequence[] {
  return MAJOR_CRAWLERS.map((crawler) => consequenceForCrawler(situation, crawler));
}

/**
 * The consequence for any agent: a catalogue crawler gets its operator's policy, an
 * unknown token the RFC 9309 behaviour (said to be an assumption).
 */
export function consequenceForAgent(situation: FetchSituation, agent: ResolvedAgent): CrawlerConsequence {
  if (agent.crawler !== undefined) return consequenceForCrawler(situation, agent.crawler);
  return rfcConsequence(situation, { crawler: agent.token || agent.input, name: agent.token || agent.input, operator: 'unknown' });
}

export function consequenceForCrawler(situation: FetchSituation, crawler: Crawler): CrawlerConsequence {
  const who = { crawler: crawler.token, name: crawler.name, operator: crawler.operator };
  let consequence: CrawlerConsequence;
  if (crawler.operator === 'Google') consequence = googleConsequence(situation, who);
  else if (crawler.id === 'amazonbot') consequence = amazonConsequence(situation, who);
  else consequence = rfcConsequence(situation, who);
  if (crawler.controlToken) {
    return { ...consequence, note: `${crawler.token} sends no requests of its own: it follows the fetch made by the operator's crawler.` };
  }
  if (crawler.userInitiated) {
    return { ...consequence, note: 'A user-triggered fetcher: it acts for a person, and its operator may not apply robots.txt at all.' };
  }
  return consequence;
}

type Who = Pick<CrawlerConsequence, 'crawler' | 'name' | 'operator'>;

function googleConsequence(s: FetchSituation, who: Who): CrawlerConsequence {
  const base = { ...who, policy: 'google' as const, source: GOOGLE_SPEC, documented: true };
  const status = s.status === null ? '' : `HTTP ${s.status}`;
  switch (s.cause) {
    case 'success': {
      let summary = 'follows these rules; caches robots.txt up to 24 h';
      if (s.htmlLike) summary += '; takes the valid lines of this HTML page and ignores the rest';
      if (s.overLimit) summary += '; ignores everything after the first 500 KiB';
      return { ...base, access: 'by-rules', summary };
    }
    case 'client-error':
      return { ...base, access: 'everything', summary: `treats ${status} like a missing robots.txt: everything allowed` };
    case 'too-many-redirects':
      return { ...base, access: 'everything', summary: 'follows at most 5 redirect hops, then treats robots.txt as a 404: everything allowed' };
    case 'bad-redirect':
      return {
        ...base, access: 'everything', documented: false,
        summary: 'a redirect without a target is not documented; most likely treated as unavailable: everything allowed',
      };
    case 'rate-limited':
      return { ...base, access: 'nothing', summary: `treats 429 like a server error: ${GOOGLE_UNREACHABLE}` };
    case 'server-error':
      return {
        ...base, access: 'nothing',
        summary: `${s.status === 503 ? 'on 503 (retried fairly often)' : `on ${status}`} ${GOOGLE_UNREACHABLE}`,
      };
    case 'network-error':
      return { ...base, access: 'nothing', summary: `treats a timeout or network error like a server error: ${GOOGLE_UNREACHABLE}` };
    case 'unexpected-status':
      return {
        ...base, access: 'nothing', documented: false,
        summary: `${status} is not documented; without a definite answer Google retries like on a server error: ${GOOGLE_UNREACHABLE}`,
      };
  }
}

function amazonConsequence(s: FetchSituation, who: Who): CrawlerConsequence {
  const base = { ...who, policy: 'amazon' as const, source: AMAZONBOT, documented: true };
  if (s.cause === 'success') {
    return { ...base, access: 'by-rules', summary: 'follows these rules; reacts to robots.txt changes within 24 h' };
  }
  return {
    ...base,
    access: 'cached-copy',
    summary: 'on a robots.txt fetch failure it re-fetches or uses its cached copy up to 30 days; if neither works it crawls as if there were no robots.txt',
  };
}

function rfcConsequence(s: FetchSituation, who: Who): CrawlerConsequence {
  const base = { ...who, policy: 'rfc9309' as const, source: RFC_9309, documented: false };
  const status = s.status === null ? '' : `HTTP ${s.status}`;
  switch (s.cause) {
    case 'success':
      return { ...base, access: 'by-rules', summary: 'follows these rules (RFC 9309 §2.3.1.1; the operator documents no special handling)' };
    case 'client-error':
      return { ...base, access: 'everything', summary: `may crawl everything: RFC 9309 reads ${status} as "unavailable" (§2.3.1.3)` };
    case 'too-many-redirects':
      return { ...base, access: 'everything', summary: 'may treat more than 5 redirects as "unavailable" and crawl everything (RFC 9309 §2.3.1.2)' };
    case 'bad-redirect':
      return { ...base, access: 'everything', summary: 'RFC 9309 has no rule for a redirect without a target; most likely read as unavailable: everything allowed' };
    case 'rate-limited':
      return {
        ...base,
        access: 'everything',
        summary:
          'RFC 9309 counts 429 among the 4xx "unavailable" codes, so a crawler reading it literally may crawl everything (Google treats 429 as a server error instead)',
      };
    case 'server-error':
      return { ...base, access: 'nothing', summary: `on ${status}: ${RFC_UNREACHABLE}` };
    case 'network-error':
      return { ...base, access: 'nothing', summary: `on a timeout or network error: ${RFC_UNREACHABLE}` };
    case 'unexpected-status':
      return { ...base, access: 'nothing', summary: `${status} gives no definite answer; read as unreachable: ${RFC_UNREACHABLE}` };
  }
}
