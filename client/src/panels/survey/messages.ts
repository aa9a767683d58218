/** The messages between the Survey panel and its page (`media/survey.js`). */

import { fieldsOf, isInteger } from '../message-checks';
import type { SurveyView } from './view';

/** To the page: the latest survey. */
export type SurveyOut = { readonly type: 'results'; readonly view: SurveyView };

/** From the page: reveal the deciding line of a cell in the site's fetched file. */
export type SurveyIn = { readonly type: 'reveal'; readonly row: number; readonly cell: number };

export function isSurveyIn(message: unknown): message is SurveyIn {
  const m = fieldsOf(message);
  return m?.type === 'reveal' && isInteger(m.row) && isInteger(m.cell);
}
