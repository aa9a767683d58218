/**
 * `enforce --check LOG…`: each logged request decided by the compiled rules and by robots.txt
 * (the matcher), so a site owner sees what the rules would refuse, per crawler, and that
 * they refuse nothing else (exit 1 names every difference, expected: none).
 */

import { EnforceCheck, printable } from '@robots-lens/enforce';
import type { EnforceCheckResult, EnforcePlan, EnforceServer } from '@robots-lens/enforce';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { countOf } from '@robots-lens/kernel/words';
import type { LogFormat } from '@robots-lens/replay/logs';
import { InputError } from '../../node/files';
import { readLogRequests } from '../../node/log-requests';
import { ExitCode } from '../exit-code';
import { Output, reportError } from '../output';
import type { CommandIo } from '../spec';
import { unreadableLogMessage } from '../unreadable-log';
import type { UnreadableLine } from '../unreadable-log';

export async function runEnforceCheck(
  file: RobotsFile,
  plan: EnforcePlan,
  server: EnforceServer,
  logs: readonly string[],
  format: LogFormat | 'auto',
  json: boolean,
  io: CommandIo,
): Promise<ExitCode> {
  const check = new EnforceCheck(file, plan);
  for (const path of logs) {
    let first: UnreadableLine | undefined;
    const reading = await readLogRequests(path, format, (request) => check.add(request.userAgent, request.url), (line, text, reason) => void (first ??= { line, text, reason }));
    if (reading.requests === 0 && reading.unreadable > 0) throw new InputError(unreadableLogMessage(path, format, first, '--log-format'));
    for (const warning of reading.warnings ?? []) reportError('enforce', `${path}: ${warning}`);
  }
  const result = check.result();
  const out = new Output(io.stdout);
  if (json) await out.json({ server, logs, ...result }, 2);
  else await out.block(checkText(server, logs.length, result));
  await out.flush();
  return result.differenceCount > 0 ? ExitCode.Finding : ExitCode.Success;
}

function checkText(server: EnforceServer, logCount: number, result: EnforceCheckResult): string {
  const lines = [`${countOf(result.requests, 'request')} in ${countOf(logCount, 'log')}: the ${server} rules would refuse ${countOf(result.blocked, 'request')}.`];
  const width = Math.max(...result.crawlers.map((c) => c.token.length));
  for (const c of result.crawlers) lines.push(`  ${c.token.padEnd(width)}  ${countOf(c.requests, 'request')}, ${c.blocked} refused`);
  if (result.differenceCount === 0) lines.push('Every request is decided as robots.txt decides it: 0 differences.');
  else {
    lines.push(`${countOf(result.differenceCount, 'request')} decided otherwise than robots.txt${result.differenceCount > result.differences.length ? ` (the first ${result.differences.length})` : ''}:`);
    for (const d of result.differences) {
      lines.push(`  ${printable(d.url)} as "${printable(d.userAgent)}": the rules ${d.rulesBlock ? 'refuse' : 'let it through'}, robots.txt ${d.robotsDisallows ? 'disallows' : 'allows'} it`);
    }
  }
  return lines.join('\n');
}
