/**
 * Every handler runs through here (as in VS Code's JSON language server): an exception is
 * logged and answered with an empty result instead of taking the server down, and a
 * request cancelled before or while it ran is answered as cancelled.
 */

import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';

export type Log = (message: string) => void;

/**
 * Runs `work` on a later turn of the event loop, so that a `$/cancelRequest` already on
 * the wire is seen first. A `ResponseError` thrown by `work` is the answer itself (e.g.
 * "document not open"); any other exception is logged and answered with `errorValue`
 * (an empty result for standard features, an error for custom requests).
 */
export function runSafe<T>(
  log: Log,
  what: string,
  token: CancellationToken,
  errorValue: T | ResponseError<void>,
  work: () => T | Promise<T>,
  /** The work answers a cancellation itself, with what it did by then (a sitemap check's partial answer). */
  partialWhenCancelled = false,
): Promise<T | ResponseError<void>> {
  return new Promise((resolve) => {
    nextTurn(() => {
      if (token.isCancellationRequested) {
        resolve(cancelled());
        return;
      }
      Promise.resolve()
        .then(work)
        .then(
          (result) => resolve(token.isCancellationRequested && !partialWhenCancelled ? cancelled() : result),
          (error: unknown) => {
            if (error instanceof ResponseError) {
              resolve(error as ResponseError<void>);
              return;
            }
            log(describeError(`${what} failed`, error));
            resolve(errorValue);
          },
        );
    });
  });
}

/** For notifications and timers: there is nobody to answer, so an exception is only logged. */
export function runSafeVoid(log: Log, what: string, work: () => void | Promise<void>): void {
  Promise.resolve()
    .then(work)
    .catch((error: unknown) => log(describeError(`${what} failed`, error)));
}

export function describeError(message: string, error: unknown): string {
  if (error instanceof Error) return `${message}: ${error.message}\n${error.stack ?? ''}`;
  return `${message}: ${String(error)}`;
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

/**
 * Runs after the messages already received, so a cancellation that arrived with them is seen
 * first: `setImmediate` in Node; a web worker has none, and a zero timeout waits for them too.
 */
export const nextTurn: (run: () => void) => void = typeof setImmediate === 'function' ? (run) => setImmediate(run) : (run) => setTimeout(run, 0);
