/**
 * Option families more than one command takes, declared once: the same name, type and words
 * in every command's parser and help. Declarations only, no checking (option-values.ts does
 * that): every run loads this table, and it must not load the core with it.
 */

import type { OptionSpec } from './spec';

/** The log formats, as `--help` lists them; a test holds it to the core's LOG_FORMATS. */
export const LOG_FORMAT_CHOICES = 'auto|combined|common|json|w3c|alb|cloudfront|cloudflare';

const AGENT_HELP = 'a product token (Googlebot) or a full User-Agent header';

/** One crawler (`check`). */
export const AGENT = { name: 'agent', short: 'a', type: 'string', value: '<crawler>', help: AGENT_HELP } as const satisfies OptionSpec;

/** Crawlers, each asked about (`test`, `sitemaps`). */
export const AGENTS = { ...AGENT, multiple: true, help: `${AGENT_HELP}; repeatable` } as const satisfies OptionSpec;

export function jsonFlag(help: string) {
  return { name: 'json', type: 'boolean', default: false, help } as const satisfies OptionSpec;
}

export function originOption(help: string) {
  return { name: 'origin', type: 'string', value: '<https://host>', help } as const satisfies OptionSpec;
}

/** `--timeout` in milliseconds, for a fetch (checked by `fetchTimeout`). */
export function timeoutOption(help: string) {
  return { name: 'timeout', type: 'string', value: '<ms>', help } as const satisfies OptionSpec;
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
  { name: 'format', type: 'string', default: 'auto', value: '<format>', help: `the log format: ${LOG_FORMAT_CHOICES.split('|').join(', ')}` },
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
