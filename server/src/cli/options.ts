/**
 * Option families more than one command takes, declared once: the same name, type and words
 * in every command's parser and help. Declarations only, no checking (option-values.ts does
 * that): every run loads this table, and it must not load the core with it.
 */

import type { OptionSpec } from './spec';

/** The log formats, as `--help` lists them; a test holds it to the core's LOG_FORMATS. */
export const LOG_FORMAT_CHOICES = 'auto|combined|common|json|w3c|alb|cloudfront|cloudflare';

const AGENT_HELP = 'a product token (Googlebot) or a full User-Agent header';

/**
 * The crawlers `test` and `sitemaps` ask about when no --agent is given: the extension's
 * `robotsLens.testUrl.defaultCrawlers` default (a test holds them equal), so the CLI and the
 * editor answer for the same four.
 */
export const DEFAULT_AGENTS = ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot'] as const;

/** What stderr says of the crawlers taken when none was given. */
export const DEFAULT_AGENTS_NOTE = `no --agent given: checking ${DEFAULT_AGENTS.join(', ')}, as the editor does by default.`;

/** One crawler (`check`). */
export const AGENT = { name: 'agent', short: 'a', type: 'string', value: '<crawler>', help: AGENT_HELP } as const satisfies OptionSpec;

/** Crawlers, each asked about (`test`, `sitemaps`). */
export const AGENTS = { ...AGENT, multiple: true, help: `${AGENT_HELP}; repeatable (default: Googlebot, bingbot, GPTBot and ClaudeBot, as in the editor)` } as const satisfies OptionSpec;

export function jsonFlag(help: string) {
  return { name: 'json', type: 'boolean', default: false, help } as const satisfies OptionSpec;
}

export function originOption(help: string) {
  return { name: 'origin', type: 'string', value: '<https://host>', help } as const satisfies OptionSpec;
}

/** `--timeout` for a fetch, a duration (`10s`, `500ms`; a bare number is milliseconds), checked by `fetchTimeout`. */
export function timeoutOption(help: string) {
  return { name: 'timeout', type: 'string', value: '<duration>', help: `${help}, e.g. 10s or 500ms (a bare number is milliseconds; at most 10m; default 10s)` } as const satisfies OptionSpec;
}

export function maxBytesOption(help: string) {
  return { name: 'max-bytes', type: 'string', value: '<n>', help } as const satisfies OptionSpec;
}

export const SUMMARY_JSON = { name: 'summary-json', type: 'string', value: '<file>', help: 'write the summary as JSON' } as const satisfies OptionSpec;

export function failOnViolations(help: string) {
  return { name: 'fail-on', type: 'string', value: 'violations', help } as const satisfies OptionSpec;
}

/**
 * How a replay reads its logs and knows its crawlers: `replay` and `replay-scan` take them
 * alike, and a shard's scan must be given them as the replay after it is.
 */
export const LOG_READING_OPTIONS = [
  { name: 'log-format', type: 'string', default: 'auto', value: '<format>', help: `the log format: ${LOG_FORMAT_CHOICES.split('|').join(', ')}` },
  { name: 'format', type: 'string', value: '<format>', help: 'the same as --log-format (deprecated: every command says --log-format)' },
  { name: 'json-fields', type: 'string', value: 'k=v,...', help: 'field names of JSON logs (time, ip, method, url, request, status, userAgent, host, xRobotsTag)' },
  { name: 'ranges', type: 'string', value: '<dir>', help: 'the folder of crawler IP lists (see robots-lens ranges)' },
  { name: 'verify-dns', type: 'boolean', default: false, help: 'verify crawlers by reverse and forward DNS' },
  { name: 'dns-server', type: 'string', value: '<host:port>', help: 'verify crawlers by reverse and forward DNS, asking this server' },
  {
    name: 'reorder-window',
    type: 'string',
    default: '1m',
    value: '<duration>',
    help: 'how far out of time order lines of one file may be and still be judged in order (at most 7d); later lines are counted and sampled',
  },
] as const satisfies readonly OptionSpec[];
