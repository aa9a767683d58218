/**
 * The exit codes of every command, named once. Scripts and CI read them, so a number means
 * the same thing in every command; a command's `--help` lists the ones it can give.
 */
export enum ExitCode {
  Success = 0,
  /** The command's own finding (lint errors, violations, a blocked URL, …): see its help. */
  Finding = 1,
  /** A usage error, unusable input, or output that could not be written. */
  Failure = 2,
  /** Interrupted (Ctrl-C): 128 + SIGINT, what shells report. */
  Interrupted = 130,
  /** The reader of the output went away: 128 + SIGPIPE, what shells report. */
  ClosedPipe = 141,
}

/** Exit codes every command shares; a command's own come between them in its help. */
export const COMMON_EXIT_CODES: readonly (readonly [ExitCode, string])[] = [
  [ExitCode.Success, 'success'],
  [ExitCode.Failure, 'usage error, unusable input, or the output could not be written'],
  [ExitCode.ClosedPipe, 'the reader of the output went away (a closed pipe, as with | head)'],
];
