/**
 * Tokens an operator documents outside RFC 9309's grammar (docs/spec/robots-semantics.md §3):
 * `MJ12bot`, `AI2Bot`, `img2dataset` have digits, which the grammar's product token cuts off
 * (`MJ12bot` → `MJ`). The crawler obeys a line that names its whole token, per its operator,
 * so for a catalogue crawler such a line governs it, whatever the grammar reads.
 */

import { productToken, tokenKey } from '../product-token';
import { CRAWLERS } from './catalogue';
import type { Crawler } from './types';

/** A token the grammar does not read whole: it has a digit or another character outside `[A-Za-z_-]`. */
export function isOutsideGrammar(token: string): boolean {
  return token !== '' && token !== '*' && productToken(token) !== token;
}

/** The key a `User-agent` value is compared by for such tokens: the value before any `/version`, lower-cased. */
export function documentedKey(value: string): string {
  const slash = value.indexOf('/');
  return tokenKey((slash < 0 ? value : value.slice(0, slash)).trim());
}

const documented = new Map<string, Crawler>();
for (const crawler of CRAWLERS) {
  if (isOutsideGrammar(crawler.token) && crawler.retired === null) documented.set(tokenKey(crawler.token), crawler);
}

/**
 * The catalogue crawler whose documented token a `User-agent` value names exactly
 * (case-insensitively, before any `/version`) when the grammar reads that value otherwise:
 * `MJ12bot` and `mj12bot/1.4` name MJ12bot; `AB42bot` names nobody.
 */
export function documentedCrawlerOf(value: string): Crawler | undefined {
  return documented.get(documentedKey(value));
}
