/**
 * What happens when the output cannot be written. A reader that went away (`| head -1`,
 * EPIPE) is the user's choice: stop quietly with the exit a shell gives a process killed by
 * SIGPIPE. Any other failure (a full disk, ENOSPC) is said in one line, exit 2, so that CI
 * never reads it as "lint found an error" and nothing is lost without a word.
 */

import { ExitCode } from './exit-code';
import { reportError } from './output';

let failure: NodeJS.ErrnoException | undefined;
let deferred = false;

/**
 * Watches stdout for write errors on behalf of `command`. Unless a command took over with
 * `deferWriteFailure`, the first error ends the process at once: nothing more can be shown.
 */
export function watchWriteFailures(command: string, stream: NodeJS.WritableStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    noteWriteFailure(error);
    if (!deferred) process.exit(exitForWriteFailure(command));
  });
  // A message to a closed or full stderr has nowhere else to go.
  process.stderr.on('error', () => undefined);
}

/** The command finishes its own work (files, summaries) first, then asks `exitForWriteFailure`. */
export function deferWriteFailure(): void {
  deferred = true;
}

export function noteWriteFailure(error: unknown): void {
  failure ??= (error ?? new Error('write failed')) as NodeJS.ErrnoException;
}

export function writeFailed(): boolean {
  return failure !== undefined;
}

/** Says what went wrong (unless the pipe was closed) and returns the exit code for it. */
export function exitForWriteFailure(command: string): ExitCode {
  if (failure === undefined) return ExitCode.Success;
  if (failure.code === 'EPIPE') return ExitCode.ClosedPipe;
  reportError(command, `cannot write the output: ${describeWriteError(failure)}`);
  return ExitCode.Failure;
}

/** The cause of a failed write in words, with its code. */
export function describeWriteError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOSPC':
      return 'no space left on the device (ENOSPC).';
    case 'EDQUOT':
      return 'disk quota exceeded (EDQUOT).';
    case 'EIO':
      return 'input/output error (EIO).';
    default:
      return error.code ? `${error.code}.` : `${error.message}.`;
  }
}
