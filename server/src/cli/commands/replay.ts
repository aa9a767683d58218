/**
 * `robots-lens replay`: judge every request of real access logs against robots.txt as it
 * was at the time — who asked (verified, spoofed, unverified), which rules or fetch state
 * applied, what the matcher says — and print a summary (or one JSON record per request).
 */

import { createWriteStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { composeCarried, NO_CARRIED_STATE, readCarriedState } from '@robots-lens/replay/shards';
import { csvHeader, csvRow, formatReplaySummary, jsonLine, printable } from '@robots-lens/replay';
import { formatCount, plural } from '@robots-lens/kernel/words';
import { LOG_FORMATS, parseDuration } from '@robots-lens/replay/logs';
import { parseTarget } from '@robots-lens/kernel/match';
import type { AuditRecord, AuditSummary, ReplayProgress, RobotsVersion } from '@robots-lens/replay';
import type { CarriedState, SummaryPart } from '@robots-lens/replay/shards';
import type { IpRangeList } from '@robots-lens/replay/identity';
import type { JsonFieldNames, LogFormat } from '@robots-lens/replay/logs';
import { describeFsError, InputError } from '../../node/files';
import { gitVersions } from '../../node/git-history';
import { replayLogFiles } from '../../node/log-reader';
import { defaultRangesDir, loadRangeLists } from '../../node/ranges';
import { NodeReverseDnsResolver } from '../../node/reverse-dns';
import { explicitVersions, singleVersion, snapshotFolder } from '../../node/versions';
import { escapeLine, LineWriter, Output } from '../output';
import { replayStyle } from '../report-styles';
import { unreadableLogMessage } from '../unreadable-log';
import { UsageError } from '../usage';
import { deferWriteFailure, describeWriteError, exitForWriteFailure, noteWriteFailure, writeFailed } from '../write-failure';

type Io = { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream };

/** The longest reorder window: more would only hold more requests in memory, never sort better. */
const MAX_REORDER_WINDOW_MS = 7 * 86_400_000;
const JSON_FIELD_KEYS: readonly (keyof JsonFieldNames)[] = ['time', 'ip', 'method', 'url', 'request', 'status', 'userAgent', 'host', 'xRobotsTag'];

export async function runReplay(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string', default: 'auto' },
      'json-fields': { type: 'string' },
      ranges: { type: 'string' },
      'verify-dns': { type: 'boolean', default: false },
      'dns-server': { type: 'string' },
      grace: { type: 'string', default: '24h' },
      'reorder-window': { type: 'string', default: '1m' },
      'crawl-delay': { type: 'boolean', default: false },
      'crawl-delay-scope': { type: 'string', default: 'verified' },
      csv: { type: 'string' },
      jsonl: { type: 'string' },
      'summary-json': { type: 'string' },
      json: { type: 'boolean', default: false },
      version: { type: 'string', multiple: true },
      git: { type: 'boolean', default: false },
      origin: { type: 'string' },
      'fail-on': { type: 'string' },
      after: { type: 'string', multiple: true },
    },
  });
  const [robotsPath, ...logs] = positionals;
  if (robotsPath === undefined) throw new UsageError('give a robots.txt (or a folder of snapshots) and at least one log, e.g. robots-lens replay robots.txt access.log');
  if (logs.length === 0) throw new UsageError('give at least one access log after the robots.txt, e.g. robots-lens replay robots.txt access.log');
  const format = values.format as LogFormat | 'auto';
  if (format !== 'auto' && !LOG_FORMATS.includes(format)) throw new UsageError(`--format must be auto or one of ${LOG_FORMATS.join(', ')}, not "${values.format}".`);
  const graceMs = parseDuration(values.grace);
  if (graceMs === undefined) throw new UsageError(`--grace: "${values.grace}" is not a duration such as 24h, 90m or 0.`);
  const reorderWindowMs = parseDuration(values['reorder-window']);
  if (reorderWindowMs === undefined || reorderWindowMs > MAX_REORDER_WINDOW_MS) {
    throw new UsageError(`--reorder-window: "${values['reorder-window']}" is not a duration such as 10m, 90s or 0 (at most 7d).`);
  }
  const scope = values['crawl-delay-scope'];
  if (scope !== 'verified' && scope !== 'claimed') throw new UsageError(`--crawl-delay-scope must be verified or claimed, not "${scope}".`);
  if (values['fail-on'] !== undefined && values['fail-on'] !== 'violations') throw new UsageError(`--fail-on takes "violations", not "${values['fail-on']}".`);
  const origin = values.origin !== undefined ? checkedOrigin(values.origin) : undefined;
  const jsonFields = values['json-fields'] !== undefined ? parseJsonFields(values['json-fields']) : undefined;
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    process.stderr.write(`robots-lens replay: ${printable(message, 300)}\n`);
  };

  const after = values.after !== undefined ? await readScans(values.after) : undefined;
  const versions = await loadVersions(robotsPath, values.version ?? [], values.git, warn);
  const ranges = await loadRanges(values.ranges, warn);
  const dnsEnabled = values['verify-dns'] || values['dns-server'] !== undefined;
  const dns = dnsEnabled ? new NodeReverseDnsResolver(values['dns-server'] !== undefined ? { server: values['dns-server'] } : {}) : undefined;

  const csv = values.csv !== undefined ? await openOutput(values.csv) : undefined;
  const jsonl = values.jsonl !== undefined ? await openOutput(values.jsonl) : undefined;
  const stdoutRecords = values.json ? new LineWriter(io.stdout) : undefined;
  if (csv) await csv.writer.write(csvHeader());

  const abort = new AbortController();
  const onSigint = (): void => {
    abort.abort();
    dns?.cancel();
  };
  process.once('SIGINT', onSigint);
  // A reader that goes away (`| head`) or a full disk ends the replay instead of crashing
  // it; the files asked for (CSV, JSON lines, the summary) are still finished, and the exit
  // code then says what happened to stdout.
  deferWriteFailure();
  let outputClosed = false;
  const onOutputError = (error?: unknown): void => {
    noteWriteFailure(error);
    outputClosed = true;
    abort.abort();
  };
  io.stdout.on('error', onOutputError);
  const showProgress = process.stderr.isTTY === true;
  let summary: AuditSummary;
  let part: SummaryPart | undefined;
  try {
    summary = await replayLogFiles(
      logs,
      {
        versions: versions.list,
        ...(origin !== undefined ? { origin } : {}),
        format,
        ...(jsonFields ? { jsonFields } : {}),
        ranges: ranges.lists,
        ...(dns ? { dns } : {}),
        graceMs,
        reorderWindowMs,
        crawlDelay: values['crawl-delay'] ? scope : false,
        ...(after ? { after } : {}),
        onWarning: warn,
      },
      {
        signal: abort.signal,
        onPart: (p) => (part = p),
        ...(csv || jsonl || stdoutRecords ? { onRecord: recordSink(csv?.writer, jsonl?.writer, stdoutRecords, onOutputError) } : {}),
        ...(showProgress ? { onProgress: progressLine, progressEvery: 50_000 } : {}),
      },
    );
  } finally {
    process.removeListener('SIGINT', onSigint);
    if (showProgress) process.stderr.write('\r\x1b[K');
  }
  if (!outputClosed) await stdoutRecords?.flush().catch(() => undefined);
  if (csv) await csv.close();
  if (jsonl) await jsonl.close();
  if (values['summary-json'] !== undefined) {
    const out = await openOutput(values['summary-json']);
    // `shard` is what `robots-lens merge` needs to add this summary to those of other shards.
    const shard = { after: after ? { requests: after.requests, first: after.first, last: after.last } : null, part };
    await out.writer.write(JSON.stringify({ ...summary, sources: { versions: versions.source, ranges: ranges.source }, warnings, shard }, null, 2));
    await out.close();
  }
  if (outputClosed || writeFailed()) return exitForWriteFailure('replay');
  const unreadable = unreadableLogs(summary, format);
  for (const message of unreadable) process.stderr.write(`robots-lens replay: ${escapeLine(message)}\n`);
  if (unreadable.length === summary.files.length && unreadable.length > 0) return 2;
  if (!values.json) {
    const out = new Output(io.stdout);
    await out.block(formatReplaySummary(summary, { logs, versions: versions.source, ranges: ranges.source }), replayStyle);
    await out.flush().catch(noteWriteFailure);
    // The 'error' event follows the failed write's callback; wait for it to be counted.
    await new Promise((resolve) => setImmediate(resolve));
  }
  io.stdout.removeListener('error', onOutputError);
  if (writeFailed()) return exitForWriteFailure('replay');
  if (unreadable.length > 0) return 2;
  if (summary.cancelled) return 130;
  return values['fail-on'] === 'violations' && summary.totals.violations > 0 ? 1 : 0;
}

function recordSink(
  csv: LineWriter | undefined,
  jsonl: LineWriter | undefined,
  stdout: LineWriter | undefined,
  onStdoutError: () => void,
): (r: AuditRecord) => void | Promise<void> {
  return (record) => {
    const pending: Promise<void>[] = [];
    if (csv) {
      const p = csv.write(csvRow(record));
      if (p) pending.push(p);
    }
    if (jsonl || stdout) {
      const line = jsonLine(record);
      const a = jsonl?.write(line);
      if (a) pending.push(a);
      const b = stdout?.write(line);
      if (b) pending.push(b.catch(onStdoutError));
    }
    if (pending.length === 0) return undefined;
    return pending.length === 1 ? pending[0] : Promise.all(pending).then(() => undefined);
  };
}

/**
 * Logs of which no line could be read: a report of "0 requests" would hide that the input
 * is not a log (or not in the format given), so each is an error naming the formats tried
 * and the first line that could not be read.
 */
export function unreadableLogs(summary: AuditSummary, format: LogFormat | 'auto'): string[] {
  return summary.files
    .filter((f) => f.requests === 0 && f.parseFailures > 0)
    .map((f) => unreadableLogMessage(f.name, format, summary.parseFailures.samples.find((sample) => sample.file === f.name)));
}

function progressLine(p: ReplayProgress): void {
  const percent = p.bytesTotal ? ` ${Math.min(100, Math.floor((100 * (p.bytesRead ?? 0)) / p.bytesTotal))}%` : '';
  const rate = p.elapsedMs > 0 ? `, ${formatCount(Math.round((p.lines / p.elapsedMs) * 1000))} lines/s` : '';
  process.stderr.write(`\r\x1b[Kreplay: file ${p.fileIndex + 1}/${p.files}${percent}, ${formatCount(p.lines)} lines${rate}`);
}

/** The state the shards before this one left: their scans (in any order), composed in time order. */
async function readScans(paths: readonly string[]): Promise<CarriedState> {
  const states: CarriedState[] = [];
  for (const path of paths) {
    let scan: { scan?: unknown; state?: unknown };
    try {
      scan = JSON.parse(await readFile(path, 'utf8')) as typeof scan;
    } catch (error) {
      throw new InputError(error instanceof SyntaxError ? `--after ${path}: not JSON (${error.message}).` : describeFsError(error, path, 'scan'));
    }
    if (scan === null || typeof scan !== 'object' || scan.scan !== SCAN_KIND) throw new InputError(`--after ${path}: not a scan written by robots-lens replay-scan.`);
    try {
      states.push(readCarriedState(scan.state));
    } catch (error) {
      throw new InputError(`--after ${path}: ${(error as Error).message}.`);
    }
  }
  states.sort((a, b) => (a.first ?? -Infinity) - (b.first ?? -Infinity));
  return states.reduce(composeCarried, NO_CARRIED_STATE);
}

/** What a scan file says it is. */
export const SCAN_KIND = 'robots-lens replay-scan';

export async function loadVersions(
  path: string,
  specs: readonly string[],
  git: boolean,
  warn: (m: string) => void,
): Promise<{ list: RobotsVersion[]; source: string }> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new InputError(describeFsError(error, path, 'robots.txt file or snapshot folder'));
  }
  const extra = await explicitVersions(specs, warn);
  if (info.isDirectory()) {
    if (git) throw new UsageError('--git reads the history of one robots.txt file, not of a folder.');
    const folder = await snapshotFolder(path, warn);
    if (folder.skipped.length > 0) warn(`${path}: skipped ${plural(folder.skipped.length, 'file')} whose names hold no time (${folder.skipped.slice(0, 3).join(', ')}${folder.skipped.length > 3 ? ', …' : ''}).`);
    return { list: [...folder.versions, ...extra], source: `${plural(folder.versions.length, 'snapshot')} in ${path}${extra.length ? ` + ${extra.length} --version` : ''}` };
  }
  if (git) {
    const history = await gitVersions(path, warn);
    return { list: [...history, ...extra], source: `${plural(history.length, 'commit')} of ${path} (git history)${extra.length ? ` + ${extra.length} --version` : ''}` };
  }
  const base = await singleVersion(path, warn);
  return {
    list: [base, ...extra],
    source: extra.length ? `${path} until the first --version, then ${extra.map((v) => v.label).join(', ')}` : `${path}, in effect all along`,
  };
}

export async function loadRanges(dir: string | undefined, warn: (m: string) => void): Promise<{ lists: IpRangeList[]; source: string }> {
  const folder = dir ?? defaultRangesDir();
  if (dir === undefined && !existsSync(folder)) {
    return { lists: [], source: `none (no --ranges, and ${folder} does not exist: run robots-lens ranges --refresh)` };
  }
  const loaded = await loadRangeLists(folder);
  for (const w of loaded.warnings) warn(w);
  return { lists: loaded.lists, source: `${plural(loaded.lists.length, 'list')} from ${folder}` };
}

export async function openOutput(path: string): Promise<{ writer: LineWriter; close: () => Promise<void> }> {
  const stream = createWriteStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) => reject(new InputError(describeFsError(error, path, 'output file'))));
  });
  // A failed write is reported through its callback, as an error naming the file.
  stream.on('error', () => undefined);
  const writer = new FileLineWriter(stream, path);
  return {
    writer,
    close: async () => {
      await writer.flush();
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(writer.failure(error)) : resolve())));
    },
  };
}

/**
 * The lines of a file the user named (records, a summary, a scan): a write that fails (a full
 * disk) is an input error naming the file and the cause, not an unexpected error.
 */
class FileLineWriter extends LineWriter {
  constructor(
    stream: NodeJS.WritableStream,
    private readonly path: string,
  ) {
    super(stream);
  }

  override writeAround(before: Uint8Array, text: string, after: Uint8Array): Promise<void> | undefined {
    return super.writeAround(before, text, after)?.catch((error: unknown) => {
      throw this.failure(error);
    });
  }

  override flush(): Promise<void> {
    return super.flush().catch((error: unknown) => {
      throw this.failure(error);
    });
  }

  failure(error: unknown): InputError {
    return error instanceof InputError ? error : new InputError(`cannot write ${this.path}: ${describeWriteError(error as NodeJS.ErrnoException)}`);
  }
}

function checkedOrigin(origin: string): string {
  const parsed = parseTarget(origin);
  if (!parsed.ok || parsed.target.origin === null) throw new UsageError(`--origin: "${origin}" is not an absolute URL like https://example.com.`);
  return parsed.target.origin;
}

export function parseJsonFields(text: string): JsonFieldNames {
  const fields: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [key, value] = pair.split('=').map((s) => s.trim());
    if (!key || !value || !(JSON_FIELD_KEYS as readonly string[]).includes(key)) {
      throw new UsageError(`--json-fields: write key=field pairs separated by commas, keys ${JSON_FIELD_KEYS.join(', ')} (got "${pair}").`);
    }
    fields[key] = value;
  }
  return fields as JsonFieldNames;
}
