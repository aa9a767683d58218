/**
 * `robots-lens fetch <site-or-url>`: fetch the origin's /robots.txt the way crawlers do and
 * say what the outcome means — the state (rules, unavailable, unreachable), the redirect
 * chain, how the file is served, and what each major crawler does with it.
 */

import { classifyFetch, formatFetchReport, robotsFetchReport } from '@robots-lens/fetch';
import { fetchRobotsTxt } from '../../node/http-fetch';
import { ExitCode } from '../exit-code';
import { fetchTimeout, positiveInteger } from '../option-values';
import { Output } from '../output';
import { fetchStyle } from '../report-styles';
import type { Args, CommandIo } from '../spec';
import type { FETCH } from '../specs/fetch';
import { UsageError } from '../usage-error';

export async function runFetch({ values, positionals }: Args<typeof FETCH.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length !== 1) throw new UsageError('give one site or URL, e.g. robots-lens fetch example.com');
  const timeoutMs = fetchTimeout(values.timeout);
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
  return outcome.end.kind === 'network-error' ? ExitCode.Finding : ExitCode.Success;
}
