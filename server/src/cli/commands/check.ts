/**
 * `robots-lens check <url> --agent <crawler>`: may the crawler fetch the URL (robots.txt,
 * with its fetch state), and — a separate question — what does the page tell it about
 * indexing. When crawling is disallowed the page is still fetched and shown, with a plain
 * statement that the crawler cannot see it.
 */

import { formatCheckReport, urlCheckReport } from '@robots-lens/fetch/check-url';
import { checkUrl } from '../../node/url-check';
import { ExitCode } from '../exit-code';
import { fetchTimeout, positiveInteger } from '../option-values';
import { Output } from '../output';
import { checkStyle } from '../report-styles';
import type { Args, CommandIo } from '../spec';
import type { CHECK } from '../specs/check';
import { UsageError } from '../usage-error';

export async function runCheck({ values, positionals }: Args<typeof CHECK.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length !== 1) throw new UsageError('give one URL, e.g. robots-lens check https://example.com/page --agent Googlebot');
  if (values.agent === undefined || values.agent.trim() === '') {
    throw new UsageError('give a crawler with --agent (a token like Googlebot, or a full User-Agent header).');
  }
  const timeoutMs = fetchTimeout(values.timeout);
  const maxBytes = positiveInteger(values['max-bytes'], '--max-bytes');
  const check = await checkUrl(positionals[0]!, values.agent, {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxBytes !== undefined ? { robotsMaxBytes: maxBytes } : {}),
  });
  const report = urlCheckReport(check);
  const out = new Output(io.stdout);
  if (values.json) await out.json(report, 2);
  else await out.block(formatCheckReport(report), checkStyle);
  await out.flush();
  return ExitCode.Success;
}
