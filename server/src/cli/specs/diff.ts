import { ExitCode } from '../exit-code';
import { AGENTS, jsonFlag, LOG_FORMAT_CHOICES, originOption, timeoutOption } from '../options';
import { commandSpec } from '../spec';

export const DIFF = commandSpec({
  usage: `diff <old robots.txt or URL> <new robots.txt or URL> [--log access.log]... [--log-format ${LOG_FORMAT_CHOICES}] [--origin https://host] [--sitemap <file or URL>]... [--json] [--agent <crawler>]... [--fail-on-change tok,tok] [--timeout <duration>] [--resolve host:port:address]...`,
  summary: 'What an edit changes, per crawler: flipped verdicts, groups, dead rules, with --log the real requests affected and with --sitemap the listed URLs.',
  options: [
    { name: 'log', type: 'string', multiple: true, value: '<file>', help: 'count the requests of a log that the edit decides differently; repeatable' },
    { name: 'log-format', type: 'string', default: 'auto', value: '<format>', help: `the log format: ${LOG_FORMAT_CHOICES.split('|').join(', ')}` },
    originOption('the site the logs and sitemaps belong to'),
    { name: 'sitemap', type: 'string', multiple: true, value: '<file or URL>', help: 'count the URLs a sitemap (or index) lists that the edit newly blocks or allows, with examples; repeatable' },
    jsonFlag('the diff as JSON'),
    { ...AGENTS, help: 'only this crawler: a product token (Googlebot) or a full User-Agent header; repeatable' },
    { name: 'crawlers', type: 'string', multiple: true, value: 'tok,tok', help: 'only these crawlers, comma-separated (the same as --agent, repeated)' },
    { name: 'fail-on-change', type: 'string', multiple: true, value: 'tok,tok', help: "exit 1 when these crawlers' verdicts change" },
    timeoutOption('time limit for fetching a side given as an http(s):// URL'),
    { name: 'resolve', type: 'string', multiple: true, value: 'host:port:address', help: 'fetch a URL side from this address instead of DNS, as curl does; repeatable' },
  ],
  examples: [
    'robots-lens diff robots.txt robots.new.txt',
    'robots-lens diff robots.txt robots.new.txt --log access.log --fail-on-change Googlebot',
    'robots-lens diff robots.txt robots.new.txt --sitemap public/sitemap.xml',
    "robots-lens diff robots.txt https://www.example.com/robots.txt --fail-on-change '*'",
  ],
  exitCodes: [[ExitCode.Finding, "a --fail-on-change crawler's verdicts change"]],
});
