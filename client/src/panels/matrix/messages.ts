/** The messages between the crawler matrix panel and its page (`media/matrix.js`). */

import { fieldsOf, isInteger, isStringArray } from '../message-checks';
import type { MatrixView } from './view';

/** To the page: a matrix (with a note to show beside it), a refresh under way, a failure, a note. */
export type MatrixOut =
  | { readonly type: 'matrix'; readonly view: MatrixView; readonly notice?: string }
  | { readonly type: 'busy'; readonly message: string }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'notice'; readonly message: string };

/** From the page: reveal a cell's line (column -1: the row's group), change the paths tested. */
export type MatrixIn =
  | { readonly type: 'reveal'; readonly row: number; readonly column: number }
  | { readonly type: 'addPaths'; readonly paths: readonly string[] }
  | { readonly type: 'removePath'; readonly path: string }
  | { readonly type: 'resetPaths' };

export function isMatrixIn(message: unknown): message is MatrixIn {
  const m = fieldsOf(message);
  switch (m?.type) {
    case 'reveal':
      return isInteger(m.row) && isInteger(m.column);
    case 'addPaths':
      return isStringArray(m.paths);
    case 'removePath':
      return typeof m.path === 'string';
    case 'resetPaths':
      return true;
    default:
      return false;
  }
}

/**
 * A reloaded page gets the last result again, without a notice that was about the moment;
 * the fetch state is about the document, not the moment: it stays. A failure stays too.
 */
export function matrixResend(message: MatrixOut): MatrixOut | undefined {
  if (message.type === 'matrix') return { type: 'matrix', view: message.view, ...(message.view.fetchState ? { notice: message.view.fetchState } : {}) };
  return message.type === 'error' ? message : undefined;
}
