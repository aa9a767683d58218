/**
 * Tokens that generic crawling software sends by default (a framework's or a headless
 * browser's User-Agent): naming one speaks to every tool built on it, not to one operator's
 * crawler. The block edit leaves them unless asked, and a preference is not said to be
 * contradicted because such a tool may fetch.
 */

import { tokenKey } from '../product-token';

const GENERIC_FRAMEWORK_TOKENS: ReadonlySet<string> = new Set(['spider', 'scrapy', 'lightpanda']);

export function isGenericFrameworkName(token: string): boolean {
  return GENERIC_FRAMEWORK_TOKENS.has(tokenKey(token));
}
