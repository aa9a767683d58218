/**
 * Usage of every command, one table entry each: `robots-lens help`, `<command> --help` and
 * the one-line usage errors are all made from this table, so a new command needs one entry.
 */

import { styled } from './output';
import type { Piece } from './output';

/** Command-line usage errors: printed as one line, exit code 2. */
export class UsageError extends Error {}

export interface CommandHelp {
  /** Arguments and options after `robots-lens <command>`, on one line. */
  readonly usage: string;
  /** What the command does, one sentence. */
  readonly summary: string;
  readonly options: readonly (readonly [option: string, meaning: string])[];
  readonly examples: readonly string[];
  /** The exit codes this command adds to the common ones (0, 2, 141). */
  readonly exitCodes: readonly (readonly [code: number, meaning: string])[];
}

const LOG_FORMAT_CHOICES = 'auto|combined|common|json|w3c|alb|cloudfront|cloudflare';

/** Exit codes every command shares; a command's own come between them. */
const COMMON_EXIT_CODES: readonly (readonly [number, string])[] = [
  [0, 'success'],
  [2, 'usage error, unusable input, or the output could not be written'],
  [141, 'the reader of the output went away (a closed pipe, as with | head)'],
];

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  test: {
    usage: 'test <robots.txt> --agent <token or User-Agent> [--agent …] <url-or-path>... [--json] [--origin <https://host>] | test <robots.txt> --batch [--fields allowed,line,…] | test <robots.txt> --agent <token> [--agent …] --urls <file|-> [--json|--csv]',
    summary: 'Decide URLs for crawlers with the real matcher: the verdict, the winning line and the group.',
    options: [
      ['-a, --agent <crawler>', 'a product token (Googlebot) or a full User-Agent header; repeatable'],
      ['--json', 'one JSON object per verdict'],
      ['--origin <https://host>', 'the site the robots.txt belongs to; URLs of other origins are not decided by it'],
      ['--batch', 'read {"agent","url"} JSON lines on stdin, write one JSON result per line (lines over 64 KiB get an error object); the answers so far go out whenever stdin pauses, so another program can ask one query at a time'],
      ['--fields <f,f,…>', 'with --batch: only these fields of each answer, in the order given, of url, agent, crawler, outcome, allowed, line, rule, group, groupLines, chain, reason, explanation; allowed,line is the leanest and fastest'],
      ['--urls <file|->', 'one URL or path a line (blank lines and # comments skipped); a line that cannot be decided is reported and the run goes on; from - (stdin), the answers so far go out whenever it pauses'],
      ['--csv', 'with --urls: url, agent, allowed, line, rule as CSV'],
    ],
    examples: [
      'robots-lens test robots.txt --agent Googlebot /private/page https://example.com/shop',
      'robots-lens test robots.txt --agent Googlebot --agent GPTBot --urls submitted-urls.txt --csv',
      'echo \'{"agent":"GPTBot","url":"/blog"}\' | robots-lens test robots.txt --batch',
      'robots-lens test robots.txt --batch --fields allowed,line < queries.jsonl > answers.jsonl',
    ],
    exitCodes: [],
  },
  lint: {
    usage: 'lint <robots.txt>... [--format text|json|sarif]',
    summary: "The language server's diagnostics for files on disk; text ends with a count of problems.",
    options: [['--format text|json|sarif', 'text (default), a JSON array, or SARIF 2.1.0 for code scanning']],
    examples: ['robots-lens lint robots.txt', 'robots-lens lint --format sarif robots.txt > robots.sarif'],
    exitCodes: [[1, 'a diagnostic of error severity was found']],
  },
  fetch: {
    usage: 'fetch <site-or-url> [--json] [--timeout <ms>] [--max-bytes <n>]',
    summary: 'Fetch the origin\'s /robots.txt as crawlers do and say what the outcome means for each major crawler.',
    options: [
      ['--json', 'the report as JSON'],
      ['--timeout <ms>', 'overall time limit in milliseconds (1 to 600000; default 10000)'],
      ['--max-bytes <n>', 'most bytes of the body to read (default 500 KiB plus a margin)'],
    ],
    examples: ['robots-lens fetch example.com', 'robots-lens fetch https://example.com --json'],
    exitCodes: [[1, 'no complete answer: the host did not resolve, refused the connection, or did not answer in time']],
  },
  check: {
    usage: 'check <url> --agent <token or User-Agent> [--json] [--timeout <ms>] [--max-bytes <n>]',
    summary: 'May the crawler fetch the URL (robots.txt and its fetch state), and what does the page say about indexing.',
    options: [
      ['-a, --agent <crawler>', 'a product token (Googlebot) or a full User-Agent header'],
      ['--json', 'the report as JSON'],
      ['--timeout <ms>', 'overall time limit per request in milliseconds (1 to 600000; default 10000)'],
      ['--max-bytes <n>', 'most bytes of robots.txt to read (default 500 KiB plus a margin)'],
    ],
    examples: ['robots-lens check https://example.com/page --agent Googlebot'],
    exitCodes: [],
  },
  replay: {
    usage: `replay <robots.txt | snapshots-folder> <log>... [--format ${LOG_FORMAT_CHOICES}] [--json-fields k=v,...] [--ranges dir] [--verify-dns] [--dns-server host:port] [--grace 24h] [--reorder-window 1m] [--crawl-delay] [--crawl-delay-scope verified|claimed] [--csv out.csv] [--jsonl out.jsonl] [--summary-json out.json] [--json] [--version file@time]... [--git] [--origin https://host] [--fail-on violations] [--after scan.json]...`,
    summary: 'Judge every request of access logs against robots.txt as it was at the time, and summarise who obeyed.',
    options: [
      ['--format <format>', `the log format (${LOG_FORMAT_CHOICES}; default auto)`],
      ['--json-fields k=v,...', 'field names of JSON logs (time, ip, method, url, request, status, userAgent, host, xRobotsTag)'],
      ['--ranges <dir>', 'the folder of crawler IP lists (see robots-lens ranges)'],
      ['--verify-dns, --dns-server <host:port>', 'verify crawlers by reverse and forward DNS'],
      ['--grace <duration>', 'how long a crawler may act on the previous robots.txt (default 24h)'],
      ['--reorder-window <duration>', 'how far out of time order lines of one file may be and still be judged in order (default 1m, at most 7d); later lines are counted and sampled'],
      ['--crawl-delay, --crawl-delay-scope verified|claimed', 'check Crawl-delay between requests'],
      ['--csv, --jsonl, --summary-json <file>', 'write the records or the summary to files'],
      ['--json', 'one JSON record per request on stdout instead of the summary'],
      ['--version <file@time>, --git', 'robots.txt versions over time, given or from git history'],
      ['--origin <https://host>', 'the site the log belongs to'],
      ['--fail-on violations', 'exit 1 when a verified crawler fetched a disallowed URL'],
      ['--after <scan.json>', 'replay a shard from the state the shards before it left: one replay-scan file per earlier shard, in any order; its --summary-json is then a part for robots-lens merge'],
    ],
    examples: ['robots-lens replay robots.txt access.log', 'robots-lens replay robots.txt access.log.1 access.log.2.gz --csv requests.csv', 'robots-lens replay robots.txt 11h.log --after 10h.scan.json --after 09h.scan.json --summary-json 11h.json'],
    exitCodes: [
      [1, 'violations were found with --fail-on violations'],
      [130, 'interrupted (Ctrl-C): the summary shows partial results'],
    ],
  },
  'replay-scan': {
    usage: `replay-scan <robots.txt | snapshots-folder> <log>... --out scan.json [--format ${LOG_FORMAT_CHOICES}] [--json-fields k=v,...] [--ranges dir] [--verify-dns] [--dns-server host:port] [--reorder-window 1m]`,
    summary:
      'The cheap first pass over one shard of logs (no matching): the state it leaves the shards after it, for replay --after. Its size is bounded by the crawlers, never the lines: one fetch state per crawler identity that fetched robots.txt (spoofed claims apart), one last request time per crawler that honours Crawl-delay, and the first and last request time.',
    options: [
      ['--out <file|->', 'where to write the scan (JSON); - writes it alone to stdout, on one line'],
      ['--format, --json-fields, --ranges, --verify-dns, --dns-server, --reorder-window', 'as for replay, and the same as the replay of the shards after it is given'],
    ],
    examples: ['robots-lens replay-scan robots.txt 10h.log --out 10h.scan.json', 'robots-lens replay-scan snapshots/ cdn-a/10h.log.gz cdn-b/10h.log.gz --ranges ranges/ --out 10h.scan.json'],
    exitCodes: [],
  },
  merge: {
    usage: 'merge <summary.json>... [--summary-json out.json] [--fail-on violations]',
    summary:
      'Add up the summaries of shards replayed apart (replay --after … --summary-json) into the summary one replay of all of them gives, printed as replay prints it; shards that overlap in time or were replayed after the wrong scans are refused.',
    options: [
      ['--summary-json <file>', 'write the merged summary (itself a part that can be merged again)'],
      ['--fail-on violations', 'exit 1 when the merged summary has violations'],
    ],
    examples: ['robots-lens merge 10h.json 11h.json 12h.json --summary-json day.json'],
    exitCodes: [[1, 'violations were found with --fail-on violations']],
  },
  diff: {
    usage: `diff <old robots.txt> <new robots.txt> [--log access.log]... [--log-format ${LOG_FORMAT_CHOICES}] [--origin https://host] [--sitemap <file or URL>]... [--json] [--crawlers tok,tok] [--fail-on-change tok,tok]`,
    summary: 'What an edit changes, per crawler: flipped verdicts, groups, dead rules, with --log the real requests affected and with --sitemap the listed URLs.',
    options: [
      ['--log <file>', 'count the requests of a log that the edit decides differently; repeatable'],
      ['--log-format <format>', `the log format (${LOG_FORMAT_CHOICES}; default auto)`],
      ['--origin <https://host>', 'the site the logs and sitemaps belong to'],
      ['--sitemap <file or URL>', 'count the URLs a sitemap (or index) lists that the edit newly blocks or allows, with examples; repeatable'],
      ['--json', 'the diff as JSON'],
      ['--crawlers tok,tok', 'only these crawlers'],
      ['--fail-on-change tok,tok', 'exit 1 when these crawlers\' verdicts change'],
    ],
    examples: ['robots-lens diff robots.txt robots.new.txt', 'robots-lens diff robots.txt robots.new.txt --log access.log --fail-on-change Googlebot', 'robots-lens diff robots.txt robots.new.txt --sitemap public/sitemap.xml'],
    exitCodes: [[1, 'a --fail-on-change crawler\'s verdicts change']],
  },
  sitemaps: {
    usage: 'sitemaps <robots.txt> [<sitemap file or URL>...] --agent <token or User-Agent> [--agent …] [--json] [--fail-on-blocked] [--origin <https://host>] [--timeout <ms>]',
    summary: "Every URL your sitemaps list that a crawler may not fetch, with the deciding line; by default the robots.txt's own Sitemap: lines, indexes followed.",
    options: [
      ['-a, --agent <crawler>', 'a product token (Googlebot) or a full User-Agent header; repeatable'],
      ['--json', 'one JSON object per blocked URL (url, agent, line, rule, sitemap, sitemapLine), then a summary object'],
      ['--fail-on-blocked', 'exit 1 when any listed URL is blocked (a CI gate)'],
      ['--origin <https://host>', "the site the robots.txt governs (default: the first sitemap's); URLs on other origins are reported apart"],
      ['--timeout <ms>', 'time limit per sitemap fetched, in milliseconds (1 to 600000; default 10000)'],
    ],
    examples: ['robots-lens sitemaps robots.txt --agent Googlebot', 'robots-lens sitemaps robots.txt public/sitemap-index.xml --agent Googlebot --agent Bingbot --fail-on-blocked'],
    exitCodes: [[1, 'a listed URL is blocked, with --fail-on-blocked (a sitemap that cannot be read is exit 2, after the others are checked)']],
  },
  crawlers: {
    usage: 'crawlers [--purpose <purpose>] [--json] | crawlers --import <robots.json> [--json]',
    summary: 'The crawler catalogue: tokens, operators, purposes, whether each honours robots.txt, verification facts and sources.',
    options: [
      ['--purpose <purpose>', 'only crawlers with this purpose: search, ai-training, ai-search, user-fetch, ads, seo, social-preview, archive, monitoring, control-token, other'],
      ['--json', 'an array of objects (token, operator, purposes, honoursRobotsTxt, userInitiated, retired, verification, sources, checked)'],
      ['--import <robots.json>', 'what an ai.robots.txt robots.json would add to or change in the catalogue; changes nothing'],
    ],
    examples: ['robots-lens crawlers --purpose ai-training', 'robots-lens crawlers --import robots.json --json'],
    exitCodes: [],
  },
  ranges: {
    usage: 'ranges [--dir d] [--refresh] [--timeout 20s] [--json]',
    summary: 'List or download the crawler IP lists used to verify requests.',
    options: [
      ['--dir <folder>', 'where the lists are kept'],
      ['--refresh', 'download every list from its official URL'],
      ['--timeout <duration>', 'time limit per download (default 20s, at most 10m)'],
      ['--json', 'the lists as JSON'],
    ],
    examples: ['robots-lens ranges', 'robots-lens ranges --refresh'],
    exitCodes: [[1, 'a refresh failed, or the folder does not exist yet']],
  },
  help: {
    usage: 'help [<command>]',
    summary: 'This overview, or the usage, options, examples and exit codes of one command (as <command> --help).',
    options: [],
    examples: ['robots-lens help lint', 'robots-lens lint --help'],
    exitCodes: [],
  },
};

/** `robots-lens <command> <usage>`: the line a usage error ends with. */
export function usageLine(command: string): string {
  const help = COMMAND_HELP[command];
  return help ? `robots-lens ${help.usage}` : 'robots-lens <command> [options]';
}

/** The full help of one command, as lines of pieces (headings styled). */
export function commandHelp(command: string): Piece[][] {
  const help = COMMAND_HELP[command]!;
  const out: Piece[][] = [[styled('heading', 'Usage:'), ` robots-lens ${help.usage}`], [], [help.summary], []];
  if (help.options.length > 0) {
    out.push([styled('heading', 'Options:')]);
    const width = Math.max(...help.options.map(([option]) => option.length));
    for (const [option, meaning] of help.options) out.push([`  ${option.padEnd(width)}  ${meaning}`]);
    out.push([]);
  }
  out.push([styled('heading', 'Examples:')], ...help.examples.map((e) => [`  ${e}`]), []);
  out.push([styled('heading', 'Exit codes:')], ...exitCodes(help).map(([code, meaning]) => [`  ${String(code).padStart(3)}  ${meaning}`]));
  return out;
}

function exitCodes(help: CommandHelp): (readonly [number, string])[] {
  return [...COMMON_EXIT_CODES, ...help.exitCodes].sort((a, b) => a[0] - b[0]);
}

/** `robots-lens help`: every command's usage line. */
export function overview(): Piece[][] {
  return [
    ['robots-lens — what your robots.txt really means'],
    [],
    [styled('heading', 'Usage:')],
    ...Object.values(COMMAND_HELP).map((h) => [`  robots-lens ${h.usage}`]),
    ['  robots-lens --version'],
    [],
    ["Run robots-lens <command> --help for a command's options, examples and exit codes."],
    [styled('heading', 'Exit codes:'), " 0 success; 1 the command's own finding (see its help); 2 usage or input error; 141 closed pipe."],
  ];
}
