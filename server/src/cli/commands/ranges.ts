/**
 * `robots-lens ranges`: the crawler IP lists the replay verifies against. Without options it
 * lists what a folder holds (with each list's date) and which catalogue lists are missing;
 * `--refresh` downloads every list from its official URL.
 */

import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseDuration } from '@robots-lens/replay/logs';
import { plural } from '@robots-lens/kernel/words';
import { RANGE_LIST_SOURCES } from '@robots-lens/replay/identity';
import { defaultRangesDir, loadRangeLists, refreshRangeLists } from '../../node/ranges';
import { Output } from '../output';
import { UsageError } from '../usage';

/** The longest `--timeout` per download taken. */
const MAX_REFRESH_TIMEOUT_MS = 10 * 60_000;

export async function runRanges(argv: readonly string[], io: { stdout: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      refresh: { type: 'boolean', default: false },
      dir: { type: 'string' },
      timeout: { type: 'string', default: '20s' },
      json: { type: 'boolean', default: false },
    },
  });
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
  values: { refresh: boolean; dir?: string | undefined; timeout: string; json: boolean },
  dir: string,
  write: (line: string | { json: unknown }) => void,
): Promise<number> {
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
    return results.every((r) => r.ok) ? 0 : 1;
  }

  if (!existsSync(dir)) {
    write(`${dir} does not exist yet: run robots-lens ranges --refresh${values.dir ? ` --dir ${dir}` : ''} to download the lists.`);
    return 1;
  }
  const { lists, warnings } = await loadRangeLists(dir);
  if (values.json) {
    write({ json: { dir, lists: lists.map((l) => ({ name: l.name, url: l.url, creationTime: l.creationTime, prefixes: l.prefixes.length, crawlers: l.crawlers })), warnings } });
    return 0;
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
  return 0;
}
