/** Command-line usage errors: printed as one line, exit code 2. */
export class UsageError extends Error {}

export const HELP = `robots-lens — what your robots.txt really means

Usage:
  robots-lens test <robots.txt> --agent <token or User-Agent> [--agent …] <url-or-path>... [--json] [--origin <https://host>]
  robots-lens test <robots.txt> --batch        read {"agent","url"} JSON lines on stdin, write one result per line
  robots-lens lint <robots.txt>... [--format text|json|sarif]
  robots-lens fetch <site-or-url> [--json] [--timeout <ms>] [--max-bytes <n>]
  robots-lens check <url> --agent <token or User-Agent> [--json] [--timeout <ms>] [--max-bytes <n>]
  robots-lens replay <robots.txt | snapshots-folder> <log>... [--format auto|combined|common|json|w3c|alb|cloudfront|cloudflare] [--json-fields k=v,...] [--ranges dir] [--verify-dns] [--dns-server host:port] [--grace 24h] [--crawl-delay] [--crawl-delay-scope verified|claimed] [--csv out.csv] [--jsonl out.jsonl] [--summary-json out.json] [--json] [--version file@time]... [--git] [--origin https://host] [--fail-on violations]   (exit 1: violations with --fail-on)
  robots-lens diff <old robots.txt> <new robots.txt> [--log access.log]... [--log-format auto|combined|common|json|w3c|alb|cloudfront|cloudflare] [--origin https://host] [--json] [--crawlers tok,tok] [--fail-on-change tok,tok]   what the edit changes, per crawler (exit 1: a --fail-on-change crawler's verdicts change)
  robots-lens ranges [--dir d] [--refresh] [--json]   list or download the crawler IP lists used to verify requests (exit 1: a refresh failed)
  robots-lens crawlers [--purpose search|ai-training|ai-search|user-fetch|ads|seo|social-preview|archive|monitoring|control-token|other] [--json]   the crawler catalogue
  robots-lens crawlers --import robots.json [--json]   what an ai.robots.txt robots.json would add to or change in the catalogue (changes nothing)
  robots-lens help

Exit codes: 0 success; 1 lint found an error-severity diagnostic; 2 usage or input error.
`;
