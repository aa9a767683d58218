/** The messages between the Sitemaps panel and its page (`media/sitemaps.js`). */

import { fieldsOf, isInteger } from '../message-checks';
import type { SitemapsView } from './view';

/** To the page: the latest check. */
export type SitemapsOut = { readonly type: 'results'; readonly view: SitemapsView };

/** From the page: reveal the deciding line of a blocked URL's row. */
export type SitemapsIn = { readonly type: 'reveal'; readonly row: number };

export function isSitemapsIn(message: unknown): message is SitemapsIn {
  const m = fieldsOf(message);
  return m?.type === 'reveal' && isInteger(m.row);
}
