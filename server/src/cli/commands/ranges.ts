/**
 * `robots-lens ranges`: the crawler IP lists the replay verifies against. Without options it
 * lists what a folder holds (with each list's date) and which catalogue lists are missing;
 * `--refresh` downloads every list from its official URL.
 */

import { existsSync } from 'node:fs';
import { parseDuration } from '@robots-lens/replay/logs';
import { plural } from '@robots-lens/kernel/words';
import { RANGE_LIST_SOURCES } from '@robots-lens/replay/identity';
import { defaultRangesDir, loadRangeLists, refreshRangeLists } from '../../node/ranges';
import { ExitCode } from '../exit-code';
import { Output } from '../output';
import type { Args, CommandIo } from '../spec';
import type { RANGES } from '../specs/ranges';
import { UsageError } from '../usage-error';

/** The longest `--timeout` per download taken. */
const MAX_REFRESH_TIMEOUT_MS = 10 * 60_000;

export async function runRanges({ values, positionals }: Args<typeof RANGES.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length > 0) throw new UsageError(`ranges takes no arguments besides options (got "${positionals[0]}").`);
  const dir = values.dir ?? defaultRangesDir();
  // Lists are fetched files: their fields are untrusted text, escaped on the way out.
  const shown: (string | { json: unknown })[] = [];
  try {
    return await list(values, dir, (line) => shown.push(line));
  } finally {
    const out = new Output(io.stdout);
    for (const item of shown) await (typeof item === 'string' ? out.line(item) : out.json(item.json, 2));
    await out.flush();
  }
}

async function list(
  values: Args<typeof RANGES.options>['values'],
  dir: string,
  write: (line: string | { json: unknown }) => void,
): Promise<ExitCode> {
  if (values.refresh) {
    const timeoutMs = parseDuration(values.timeout.endsWith('s') || values.timeout.endsWith('m') ? values.timeout : `${values.timeout}s`);
    if (timeoutMs === undefined || timeoutMs <= 0) throw new UsageError(`--timeout: "${values.timeout}" is not a duration such as 20s.`);
    if (timeoutMs > MAX_REFRESH_TIMEOUT_MS) throw new UsageError(`--timeout takes at most 10m, not "${values.timeout}".`);
    const results = await refreshRangeLists(dir, { timeoutMs });
    if (values.json) write({ json: { dir, results } });
    else {
      write(`Refreshing ${plural(results.length, 'IP list')} into ${dir}`);
      for (const r of results) write(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.fileName.padEnd(24)} ${r.url}: ${r.message}`);
      const failed = results.filter((r) => !r.ok).length;
      write(failed === 0 ? 'All lists refreshed.' : `${failed} of ${plural(results.length, 'list')} could not be refreshed; files already in ${dir} are kept.`);
    }
    return results.every((r) => r.ok) ? ExitCode.Success : ExitCode.Finding;
  }

  if (!existsSync(dir)) {
    write(`${dir} does not exist yet: run robots-lens ranges --refresh${values.dir ? ` --dir ${dir}` : ''} to download the lists.`);
    return ExitCode.Finding;
  }
  const { lists, warnings } = await loadRangeLists(dir);
  if (values.json) {
    write({ json: { dir, lists: lists.map((l) => ({ name: l.name, url: l.url, creationTime: l.creationTime, prefixes: l.prefixes.length, crawlers: l.crawlers })), warnings } });
    return ExitCode.Success;
  }
  write(`IP lists in ${dir}:`);
  for (const l of lists) {
    write(`  ${l.name.padEnd(24)} ${String(l.prefixes.length).padStart(5)} prefixes  ${(l.creationTime ?? 'undated').padEnd(28)} ${l.crawlers.join(', ')}`);
  }
  const present = new Set(lists.map((l) => l.name.toLowerCase()));
  const missing = RANGE_LIST_SOURCES.filter((s) => !present.has(s.fileName.toLowerCase()));
  if (missing.length > 0) {
    write('Missing (run --refresh):');
    for (const m of missing) write(`  ${m.fileName.padEnd(24)} ${m.url}  (${m.crawlers.map((c) => c.token).join(', ')})`);
  }
  for (const w of warnings) write(`warning: ${w}`);
  return ExitCode.Success;
}
