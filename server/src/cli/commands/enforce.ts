/**
 * `robots-lens enforce`: the server rules compiled from a robots.txt for the crawlers in
 * scope, printed for the server asked (what they cannot express also on stderr); with
 * `--check`, the logs replayed through the compiled rules and the matcher side by side
 * (`enforce-check.ts`).
 */

import { crawlersInScope, enforceSnippet, ENFORCE_SERVERS, isEnforceServer, LIGHTTPD_STATUS } from '@robots-lens/enforce';
import type { CrawlerRanges, EnforceScope, EnforceServer } from '@robots-lens/enforce';
import { isCrawlerPurpose } from '@robots-lens/kernel/crawlers';
import type { CrawlerPurpose } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { defaultRangesDir, loadRangeLists } from '../../node/ranges';
import { readRobotsFile } from '../../node/robots-file';
import { ExitCode } from '../exit-code';
import { checkedLogFormat } from '../option-values';
import { Output, reportError } from '../output';
import type { Args, CommandIo } from '../spec';
import type { ENFORCE } from '../specs/enforce';
import { UsageError } from '../usage-error';
import { runEnforceCheck } from './enforce-check';

export async function runEnforce({ values, positionals }: Args<typeof ENFORCE.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length !== 1) throw new UsageError('give one robots.txt, e.g. robots-lens enforce robots.txt --server nginx --not-honouring');
  const server = checkedServer(values.server);
  const status = checkedStatus(values.status);
  if (server === 'lighttpd' && status !== LIGHTTPD_STATUS) {
    throw new UsageError(`lighttpd's url.access-deny answers ${LIGHTTPD_STATUS} only: --status ${status} would need a mod_magnet script, which enforce does not write`);
  }
  const logFormat = checkedLogFormat(values['log-format'], '--log-format');
  const scopeAsked: EnforceScope = {
    ...(values.crawlers ? { crawlers: listOf(values.crawlers, '--crawlers', 'GPTBot,Bytespider') } : {}),
    ...(values.purpose ? { purposes: purposesOf(values.purpose) } : {}),
    notHonouring: values['not-honouring'],
  };
  if (!scopeAsked.crawlers && !scopeAsked.purposes && !scopeAsked.notHonouring) {
    throw new UsageError('say which crawlers to refuse: --crawlers GPTBot,Bytespider, --purpose ai-training, or --not-honouring');
  }
  const scope = crawlersInScope(scopeAsked);
  if (!scope.ok) throw new UsageError(scope.message);

  const path = positionals[0]!;
  const input = await readRobotsFile(path);
  if (input.notice) reportError('enforce', input.notice);
  const file = parseRobots(input.bytes);
  if (values.ranges !== undefined && !values['verified-only']) throw new UsageError('--ranges gives the IP lists for --verified-only; add --verified-only');
  const ranges = values['verified-only'] ? await crawlerRanges(values.ranges ?? defaultRangesDir()) : undefined;
  const snippet = enforceSnippet(file, scope.crawlers, { server, status, source: path, notes: scope.notes, ...(ranges ? { ranges } : {}) });

  if (values.check && values.check.length > 0) return runEnforceCheck(file, snippet.plan, server, values.check, logFormat, values.json, io);
  if (values.json) throw new UsageError('--json is for --check; the rules themselves are configuration text');
  for (const limit of snippet.limits) reportError('enforce', `cannot express exactly: ${limit}`);
  const out = new Output(io.stdout, { colour: false });
  await out.block(snippet.text);
  await out.flush();
  return ExitCode.Success;
}

/** The loaded lists as the ranges of each crawler they vouch for. */
async function crawlerRanges(dir: string): Promise<CrawlerRanges[]> {
  const { lists, warnings } = await loadRangeLists(dir);
  for (const warning of warnings) reportError('enforce', warning);
  return lists.flatMap((list) =>
    list.crawlers.map((token) => ({
      token,
      // A bare address in a list is a prefix of its full length.
      prefixes: list.prefixes.map((p) => (p.text.includes('/') ? p.text : `${p.text}/${p.family === 4 ? 32 : 128}`)),
      lists: [{ name: list.name, date: list.creationTime }],
    })),
  );
}

function checkedServer(value: string | undefined): EnforceServer {
  if (value === undefined) throw new UsageError(`--server is needed: ${ENFORCE_SERVERS.join(', ')}`);
  if (!isEnforceServer(value)) throw new UsageError(`--server must be one of ${ENFORCE_SERVERS.join(', ')} (got "${value}")`);
  return value;
}

function checkedStatus(value: string): number {
  const status = /^[0-9]{3}$/.test(value) ? Number(value) : NaN;
  if (!(status >= 400 && status <= 599)) throw new UsageError(`--status must be a status from 400 to 599, e.g. 403 (got "${value}")`);
  return status;
}

function listOf(values: readonly string[], option: string, example: string): string[] {
  const items = values.flatMap((v) => v.split(',')).map((t) => t.trim()).filter((t) => t !== '');
  if (items.length === 0) throw new UsageError(`${option} needs at least one value, e.g. ${option} ${example}`);
  return items;
}

function purposesOf(values: readonly string[]): CrawlerPurpose[] {
  return listOf(values, '--purpose', 'ai-training').map((p) => {
    if (!isCrawlerPurpose(p)) throw new UsageError(`--purpose "${p}" is not a crawler purpose: ai-training, ai-search, user-fetch, search, ads, seo, social-preview, archive, monitoring, other`);
    return p;
  });
}
