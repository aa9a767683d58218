/**
 * How a `User-agent` value is read (docs/spec/robots-semantics.md §3): the product token crawlers compare, the
 * catalogue crawler it names, and — when the token read differs from what was written —
 * the crawler the author most likely meant.
 */

import { crawlerByToken, documentedCrawlerOf, resolveAgent } from '@robots-lens/kernel/crawlers';
import type { CrawlDelaySupport, Crawler, CrawlerPurpose } from '@robots-lens/kernel/crawlers';
import { isStarAgent, productToken, tokenKey } from '@robots-lens/kernel/product-token';
import { codeSpan } from './code-span';

export interface AgentReading {
  /** The value as written. */
  readonly value: string;
  readonly isStar: boolean;
  /** The product token crawlers read from the value; empty when there is none. */
  readonly token: string;
  /** The token read is not the whole value (`Googlebot/2.1` → `Googlebot`, `AB42bot` → `AB`). */
  readonly differs: boolean;
  /**
   * The catalogue crawler that obeys the line: the one whose own token is the token read, or
   * whose operator documents the whole value as its token outside the grammar (`MJ12bot`).
   */
  readonly crawler?: Crawler;
  /** A catalogue crawler the value names but that does not obey this line (`MJ12bot` read as `MJ`). */
  readonly missed?: Crawler;
  /** One sentence on how the value is read. */
  readonly reading: string;
}

export function readAgentValue(value: string): AgentReading {
  if (isStarAgent(value)) {
    return {
      value,
      isStar: true,
      token: '*',
      differs: value !== '*',
      reading: 'The fallback group: crawlers use it when no group names a token of their chain.',
    };
  }
  const token = productToken(value);
  const differs = token !== value;
  const documented = documentedCrawlerOf(value);
  const own = token === '' ? undefined : crawlerByToken(token);
  const crawler = documented ?? (own && tokenKey(own.token) === tokenKey(token) ? own : undefined);
  // What the author meant: the value read as a bare token or as a User-Agent header.
  const meant = resolveAgent(value).crawler;
  const missed = documented === undefined && meant && tokenKey(meant.token) !== tokenKey(token) ? meant : undefined;
  let reading: string;
  if (documented !== undefined) {
    // docs/spec/robots-semantics.md §3: the crawler obeys its documented token, whatever the grammar reads.
    const grammar = token === '' ? 'read no product token from it' : `read only ${codeSpan(token)} from it`;
    reading = `${documented.operator} documents the token ${codeSpan(documented.token)}, so ${documented.name} obeys this line. RFC 9309's grammar and Google's parser ${grammar}.`;
  } else if (token === '') {
    reading = `${codeSpan(value)} starts with no letter, \`-\` or \`_\`, so crawlers read no product token from it: this line governs nobody.`;
  } else if (differs) {
    reading = `Crawlers read only the product token ${codeSpan(token)} from ${codeSpan(value)} (the leading run of letters, \`-\` and \`_\`).`;
  } else {
    reading = `Crawlers compare the token ${codeSpan(token)} case-insensitively with their own tokens.`;
  }
  if (missed) {
    reading += ` ${missed.name} looks for ${codeSpan(missed.token)}, so it does not obey this line.`;
  }
  const base = { value, isStar: false, token, differs, reading };
  return { ...base, ...(crawler ? { crawler } : {}), ...(missed ? { missed } : {}) };
}

const PURPOSES: Readonly<Record<CrawlerPurpose, string>> = {
  search: 'search indexing',
  'ai-training': 'collecting data to train AI models',
  'ai-search': 'AI search and answers',
  'user-fetch': 'fetching pages a user asked for (user-initiated)',
  ads: 'ads quality checks',
  'social-preview': 'link previews',
  archive: 'web archiving and open datasets',
  seo: 'SEO analysis',
  monitoring: 'monitoring',
  'control-token': 'a usage-control token: it sends no requests, it only expresses a preference',
  other: 'other purposes',
};

export function purposeText(purpose: CrawlerPurpose): string {
  return PURPOSES[purpose];
}

/** A crawler's purposes in words, the main one first: "AI search and answers; fetching pages …". */
export function purposesText(purposes: readonly CrawlerPurpose[]): string {
  return purposes.map(purposeText).join('; ');
}

const CRAWL_DELAY: Readonly<Record<CrawlDelaySupport, string>> = {
  honoured: 'honoured',
  ignored: 'ignored',
  unknown: 'not documented',
};

export function crawlDelayText(support: CrawlDelaySupport): string {
  return CRAWL_DELAY[support];
}
