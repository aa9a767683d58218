/** Command-line usage errors: printed as one line, exit code 2. */
export class UsageError extends Error {}

export const HELP = `robots-lens — what your robots.txt really means

Usage:
  robots-lens test <robots.txt> --agent <token or User-Agent> [--agent …] <url-or-path>... [--json] [--origin <https://host>]
  robots-lens test <robots.txt> --batch        read {"agent","url"} JSON lines on stdin, write one result per line
  robots-lens lint <robots.txt>... [--format text|json|sarif]
  robots-lens fetch <site-or-url> [--json] [--timeout <ms>] [--max-bytes <n>]
  robots-lens check <url> --agent <token or User-Agent> [--json] [--timeout <ms>] [--max-bytes <n>]
  robots-lens help

Exit codes: 0 success; 1 lint found an error-severity diagnostic; 2 usage or input error.
`;
