/**
 * `robots-lens fetch <site-or-url>`: fetch the origin's /robots.txt the way crawlers do and
 * say what the outcome means — the state (rules, unavailable, unreachable), the redirect
 * chain, how the file is served, and what each major crawler does with it.
 */

import { parseArgs } from 'node:util';
import { classifyFetch, formatFetchReport, robotsFetchReport } from '../../core';
import { fetchRobotsTxt } from '../../node/http-fetch';
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
  const timeoutMs = positiveInteger(values.timeout, '--timeout');
  const maxBytes = positiveInteger(values['max-bytes'], '--max-bytes');
  const outcome = await fetchRobotsTxt(positionals[0]!, {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
  });
  const report = robotsFetchReport(classifyFetch(outcome));
  await write(io.stdout, values.json ? JSON.stringify(report, null, 2) + '\n' : formatFetchReport(report));
  return 0;
}

/** A whole number ≥ 1 from an option, or undefined when the option is absent. */
export function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} takes a whole number of 1 or more, not "${value}".`);
  }
  return Number(value);
}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}
