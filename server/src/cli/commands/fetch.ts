/**
 * `robots-lens fetch <site-or-url>`: fetch the origin's /robots.txt the way crawlers do and
 * say what the outcome means — the state (rules, unavailable, unreachable), the redirect
 * chain, how the file is served, and what each major crawler does with it.
 */

import { parseArgs } from 'node:util';
import { classifyFetch, formatFetchReport, MAX_FETCH_TIMEOUT_MS, robotsFetchReport } from '@robots-lens/fetch';
import { fetchRobotsTxt } from '../../node/http-fetch';
import { Output } from '../output';
import { fetchStyle } from '../report-styles';
import { UsageError } from '../usage';

export async function runFetch(argv: readonly string[], io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      'max-bytes': { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('give one site or URL, e.g. robots-lens fetch example.com');
  const timeoutMs = timeoutOption(values.timeout);
  const maxBytes = positiveInteger(values['max-bytes'], '--max-bytes');
  const outcome = await fetchRobotsTxt(positionals[0]!, {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
  });
  const report = robotsFetchReport(classifyFetch(outcome));
  const out = new Output(io.stdout);
  if (values.json) await out.json(report, 2);
  else await out.block(formatFetchReport(report), fetchStyle);
  await out.flush();
  // No answer at all (no such host, refused, timed out) is a failure a script must see.
  return outcome.end.kind === 'network-error' ? 1 : 0;
}

/** `--timeout` in milliseconds, 1 to `MAX_FETCH_TIMEOUT_MS`, or undefined when absent. */
export function timeoutOption(value: string | undefined): number | undefined {
  const ms = positiveInteger(value, '--timeout');
  if (ms !== undefined && ms > MAX_FETCH_TIMEOUT_MS) throw new UsageError(`--timeout takes at most ${MAX_FETCH_TIMEOUT_MS} ms (10 minutes), not "${value}".`);
  return ms;
}

/** A whole number ≥ 1 from an option, or undefined when the option is absent. */
export function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} takes a whole number of 1 or more, not "${value}".`);
  }
  return Number(value);
}
