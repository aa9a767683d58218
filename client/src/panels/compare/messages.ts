/** The messages between the comparison panel and its page (`media/compare.js`). */

import { fieldsOf, isInteger } from '../message-checks';
import type { CompareView } from './view';

/** To the page: a comparison, a note about it, whether the sitemaps are being counted. */
export type CompareOut =
  | { readonly type: 'compare'; readonly view: CompareView }
  | { readonly type: 'notice'; readonly message: string }
  | { readonly type: 'sitemaps-busy'; readonly busy: boolean };

/** From the page: reveal a 1-based line of the buffer; count the sitemaps (the buffer's, or picked files). */
export type CompareIn = { readonly type: 'reveal'; readonly line: number } | { readonly type: 'countSitemaps' } | { readonly type: 'pickSitemaps' };

export function isCompareIn(message: unknown): message is CompareIn {
  const m = fieldsOf(message);
  return (m?.type === 'reveal' && isInteger(m.line)) || m?.type === 'countSitemaps' || m?.type === 'pickSitemaps';
}

/** A reloaded page gets the comparison again; notes and the busy state were about the moment. */
export function compareResend(message: CompareOut): CompareOut | undefined {
  return message.type === 'compare' ? message : undefined;
}
