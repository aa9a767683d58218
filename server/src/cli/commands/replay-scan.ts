/**
 * `robots-lens replay-scan`: the first, cheap pass over a shard of logs — the state it leaves
 * the shards after it (robots.txt fetch state per crawler, last request per crawler for
 * Crawl-delay, first and last request time), with no matching. `replay --after` starts from
 * the scans of the shards before it (docs/scale-out.md).
 */

import { parseArgs } from 'node:util';
import { countOf } from '@robots-lens/kernel/words';
import { LOG_FORMATS, parseDuration } from '@robots-lens/replay/logs';
import { printable } from '@robots-lens/replay';
import type { LogFormat } from '@robots-lens/replay/logs';
import { InputError } from '../../node/files';
import { scanLogFiles } from '../../node/log-reader';
import { NodeReverseDnsResolver } from '../../node/reverse-dns';
import { Output, safeJson } from '../output';
import { UsageError } from '../usage';
import { loadRanges, loadVersions, openOutput, parseJsonFields, SCAN_KIND, unreadableLogs } from './replay';

type Io = { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream };

export async function runReplayScan(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string' },
      format: { type: 'string', default: 'auto' },
      'json-fields': { type: 'string' },
      ranges: { type: 'string' },
      'verify-dns': { type: 'boolean', default: false },
      'dns-server': { type: 'string' },
      'reorder-window': { type: 'string', default: '1m' },
    },
  });
  const [robotsPath, ...logs] = positionals;
  if (robotsPath === undefined || logs.length === 0) throw new UsageError('give the robots.txt (or snapshots folder) and the logs of one shard, e.g. robots-lens replay-scan robots.txt 10h.log --out 10h.scan.json');
  if (values.out === undefined) throw new UsageError('--out: give the file to write the scan to, e.g. --out 10h.scan.json');
  const format = values.format as LogFormat | 'auto';
  if (format !== 'auto' && !LOG_FORMATS.includes(format)) throw new UsageError(`--format must be auto or one of ${LOG_FORMATS.join(', ')}, not "${values.format}".`);
  const reorderWindowMs = parseDuration(values['reorder-window']);
  if (reorderWindowMs === undefined || reorderWindowMs > 7 * 86_400_000) throw new UsageError(`--reorder-window: "${values['reorder-window']}" is not a duration such as 10m, 90s or 0 (at most 7d).`);
  const warn = (message: string): void => void process.stderr.write(`robots-lens replay-scan: ${printable(message, 300)}\n`);
  // The versions change nothing in a scan; they are read so a wrong path fails here, not in the replay.
  const versions = await loadVersions(robotsPath, [], false, warn);
  const ranges = await loadRanges(values.ranges, warn);
  const dnsEnabled = values['verify-dns'] || values['dns-server'] !== undefined;
  const dns = dnsEnabled ? new NodeReverseDnsResolver(values['dns-server'] !== undefined ? { server: values['dns-server'] } : {}) : undefined;
  const { state, summary } = await scanLogFiles(logs, {
    versions: versions.list,
    format,
    ...(values['json-fields'] !== undefined ? { jsonFields: parseJsonFields(values['json-fields']) } : {}),
    ranges: ranges.lists,
    ...(dns ? { dns } : {}),
    reorderWindowMs,
    onWarning: warn,
  });
  const unreadable = unreadableLogs(summary, format);
  if (unreadable.length > 0 && unreadable.length === summary.files.length) throw new InputError(unreadable.join(' '));
  const scan = { scan: SCAN_KIND, logs, reorderWindowSeconds: reorderWindowMs / 1000, lines: summary.totals.lines, state };
  const output = new Output(io.stdout);
  if (values.out === '-') {
    // For engines that collect a command's output (Spark's RDD.pipe): the scan alone, on one line.
    await output.json(scan);
    await output.flush();
    return 0;
  }
  const out = await openOutput(values.out);
  await out.writer.write(safeJson(scan, 2) + '\n');
  await out.close();
  const t = summary.totals;
  await output.line(`scanned ${countOf(t.lines, 'line')} (${countOf(t.requests, 'request')}); carried state: ${countOf(Object.keys(state.fetches).length, 'fetch state')}, ${countOf(Object.keys(state.lastRequest).length, 'last request time')} → ${values.out}`);
  await output.flush();
  return 0;
}
