/** The messages between the Test URL panel and its page (`media/test-url.js`). */

import { fieldsOf, isInteger } from '../message-checks';
import type { TestUrlView } from './view';

/** To the page: the latest test. */
export type TestUrlOut = { readonly type: 'results'; readonly view: TestUrlView };

/** From the page: show the Output log; reveal the winning line (or group) of a row. */
export type TestUrlIn = { readonly type: 'showLog' } | { readonly type: 'reveal'; readonly row: number };

export function isTestUrlIn(message: unknown): message is TestUrlIn {
  const m = fieldsOf(message);
  return m?.type === 'showLog' || (m?.type === 'reveal' && isInteger(m.row));
}
