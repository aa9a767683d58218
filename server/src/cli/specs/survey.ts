import { ExitCode } from '../exit-code';
import { AGENTS, jsonFlag, maxBytesOption, timeoutOption } from '../options';
import { commandSpec } from '../spec';

export const SURVEY = commandSpec({
  usage:
    'survey <site>... | --sites <file> [--agent <crawler>]... [--path /p]... [--paths <file>] [--json | --csv] [--html <out.html>] [--since <previous.json>] [--resolve host:port:address]... [--concurrency <n>] [--timeout <duration>] [--deadline <ms>] [--max-bytes <n>]',
  summary:
    "Many sites at once: each robots.txt fetched as crawlers do, what it holds, the verdict per crawler and path with its deciding line, and per crawler whether the whole site is disallowed (proved), every tested path, some or none.",
  options: [
    { name: 'sites', type: 'string', value: '<file>', help: 'the sites to survey, one per line (# starts a comment)' },
    AGENTS,
    { name: 'path', type: 'string', multiple: true, value: '/path', help: 'a path (and query) to test on every site; repeatable (default /)' },
    { name: 'paths', type: 'string', value: '<file>', help: 'the paths to test, one per line' },
    jsonFlag('one JSON object per site per line, then one {"totals": …} line'),
    { name: 'csv', type: 'boolean', default: false, help: 'one CSV row per site, crawler and path' },
    { name: 'html', type: 'string', value: '<out.html>', help: "also write a self-contained HTML page: the sites × crawlers matrix, each cell's deciding lines on hover" },
    { name: 'since', type: 'string', value: '<previous.json>', help: 'report what changed since a survey written with --json: status, redirects, bytes, categories, verdicts and the rules (semantic diff)' },
    { name: 'resolve', type: 'string', multiple: true, value: 'host:port:address', help: 'answer a host and port from this address instead of DNS, as curl does; repeatable' },
    { name: 'concurrency', type: 'string', value: '<n>', help: 'fetches at once (default 4); one at a time per host whatever it is' },
    timeoutOption('time limit per robots.txt fetch'),
    { name: 'deadline', type: 'string', value: '<ms>', help: 'time limit for the whole survey in milliseconds (default 600000); a site not answered by then is stated as failed' },
    maxBytesOption('most bytes of each robots.txt to read (default 500 KiB plus a margin)'),
  ],
  examples: [
    'robots-lens survey example.com example.org --agent GPTBot --path / --path /private/',
    'robots-lens survey --sites sites.txt --paths paths.txt --json > survey.json',
    'robots-lens survey --sites sites.txt --since survey.json --html report.html',
  ],
  exitCodes: [[ExitCode.Finding, 'a site gave no answer (DNS, refused, timed out), or with --since something changed']],
});
