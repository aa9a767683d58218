/**
 * `robots-lens replay-scan`: the first, cheap pass over a shard of logs — the state it leaves
 * the shards after it (robots.txt fetch state per crawler, last request per crawler for
 * Crawl-delay, first and last request time), with no matching. `replay --after` starts from
 * the scans of the shards before it (docs/scale-out.md).
 */

import { countOf } from '@robots-lens/kernel/words';
import { printable } from '@robots-lens/replay';
import { InputError } from '../../node/files';
import { hintScanFiles } from '../../node/hint-scan';
import { scanLogFiles } from '../../node/log-reader';
import { NodeReverseDnsResolver } from '../../node/reverse-dns';
import { distinctFiles, repeatSentence } from '../../node/same-files';
import { ExitCode } from '../exit-code';
import { replayLogFormat, parseJsonFields, reorderWindow } from '../option-values';
import { Output, reportError } from '../output';
import type { Args, CommandIo } from '../spec';
import type { REPLAY_SCAN } from '../specs/replay-scan';
import { unreadableLogs } from '../unreadable-log';
import { UsageError } from '../usage-error';
import { refuseOutputsOverInputs, writeJsonFile } from './output-file';
import { loadRanges, loadVersions, scanFile } from './replay-sources';
import type { ScanReading } from './replay-sources';

export async function runReplayScan({ values, positionals }: Args<typeof REPLAY_SCAN.options>, io: CommandIo): Promise<ExitCode> {
  const [robotsPath, ...named] = positionals;
  if (robotsPath === undefined || named.length === 0) throw new UsageError('give the robots.txt (or snapshots folder) and the logs of one shard, e.g. robots-lens replay-scan robots.txt 10h.log --out 10h.scan.json');
  if (values.out === undefined) throw new UsageError('--out: give the file to write the scan to, e.g. --out 10h.scan.json');
  refuseOutputsOverInputs([['--out', values.out]], [robotsPath, ...named]);
  const { files: logs, repeats } = distinctFiles(named);
  const format = replayLogFormat(values, 'replay-scan');
  const reorderWindowMs = reorderWindow(values['reorder-window']);
  const warn = (message: string): void => reportError('replay-scan', printable(message, 300));
  for (const repeat of repeats) warn(repeatSentence(repeat));
  // The versions change nothing in a scan; they are read so a wrong path fails here, not in the replay.
  const versions = await loadVersions(robotsPath, [], false, warn);
  const ranges = await loadRanges(values.ranges, warn);
  const dnsEnabled = values['verify-dns'] || values['dns-server'] !== undefined;
  const dns = dnsEnabled ? new NodeReverseDnsResolver(values['dns-server'] !== undefined ? { server: values['dns-server'] } : {}) : undefined;
  const options = {
    versions: versions.list,
    format,
    ...(values['json-fields'] !== undefined ? { jsonFields: parseJsonFields(values['json-fields']) } : {}),
    ranges: ranges.lists,
    ...(dns ? { dns } : {}),
    reorderWindowMs,
    onWarning: warn,
  };
  const { state, summary, hinted } = values.hint ? await hintScanFiles(logs, options) : { ...(await scanLogFiles(logs, options)), hinted: false };
  const unreadable = unreadableLogs(summary, format);
  if (unreadable.length > 0 && unreadable.length === summary.files.length) throw new InputError(unreadable.join(' '));
  const reading: ScanReading = { reorderWindowSeconds: reorderWindowMs / 1000, format, jsonFields: values['json-fields'] ?? null, ranges: ranges.source, reverseDns: dnsEnabled };
  const file = { ...scanFile(logs, reading, summary.totals.lines, state), ...(hinted ? { hint: true } : {}) };
  const output = new Output(io.stdout);
  if (values.out === '-') {
    // For engines that collect a command's output (Spark's RDD.pipe): the scan alone, on one line.
    await output.json(file);
    await output.flush();
    return ExitCode.Success;
  }
  await writeJsonFile(values.out, file, '\n');
  const t = summary.totals;
  const read = hinted ? `hint: read ${countOf(t.lines, 'line')} whole (${countOf(t.requests, 'request')})` : `scanned ${countOf(t.lines, 'line')} (${countOf(t.requests, 'request')})`;
  await output.line(`${read}; carried state: ${countOf(Object.keys(state.fetches).length, 'fetch state')}, ${countOf(Object.keys(state.lastRequest).length, 'last request time')} → ${values.out}`);
  await output.flush();
  return ExitCode.Success;
}
