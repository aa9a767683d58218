/** Command-line usage errors: printed as one line, exit code 2 (ExitCode.Failure). */
export class UsageError extends Error {}
