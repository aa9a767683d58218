/**
 * `robots-lens replay`: judge every request of real access logs against robots.txt as it
 * was at the time — who asked (verified, spoofed, unverified), which rules or fetch state
 * applied, what the matcher says — and print a summary (or one JSON record per request).
 */

import { csvHeader, csvRow, formatReplaySummary, jsonLine, printable } from '@robots-lens/replay';
import { formatCount } from '@robots-lens/kernel/words';
import { isoTime, parseDuration } from '@robots-lens/replay/logs';
import type { AuditRecord, AuditSummary, ReplayProgress } from '@robots-lens/replay';
import { NO_CONSULTED_KEYS, shardEnvelope } from '@robots-lens/replay/shards';
import type { CarriedState, ConsultedKeys, PendingDelayCheck, SummaryPart } from '@robots-lens/replay/shards';
import { InputError } from '../../node/files';
import { replayLogFiles } from '../../node/log-reader';
import { distinctFiles, repeatSentence } from '../../node/same-files';
import { NodeReverseDnsResolver } from '../../node/reverse-dns';
import { ExitCode } from '../exit-code';
import { LineWriter } from '../line-writer';
import { replayLogFormat, checkedOrigin, failsOnViolations, parseJsonFields, reorderWindow } from '../option-values';
import { clearStatus, Output, reportError, reportStatus, safeJsonText } from '../output';
import { replayStyle } from '../report-styles';
import type { Args, CommandIo } from '../spec';
import type { REPLAY } from '../specs/replay';
import { unreadableLogs } from '../unreadable-log';
import { UsageError } from '../usage-error';
import { deferWriteFailure, exitForWriteFailure, noteWriteFailure, writeFailed } from '../write-failure';
import { openOutput, refuseOutputsOverInputs, writeJsonFile } from './output-file';
import { loadRanges, loadVersions, readScans, scanFile } from './replay-sources';

export async function runReplay({ values, positionals }: Args<typeof REPLAY.options>, io: CommandIo): Promise<ExitCode> {
  const [robotsPath, ...named] = positionals;
  if (robotsPath === undefined) throw new UsageError('give a robots.txt (or a folder of snapshots) and at least one log, e.g. robots-lens replay robots.txt access.log');
  if (named.length === 0) throw new UsageError('give at least one access log after the robots.txt, e.g. robots-lens replay robots.txt access.log');
  // The same log named twice (or through a link) would count its requests twice.
  const { files: logs, repeats } = distinctFiles(named);
  const format = replayLogFormat(values, 'replay');
  const graceMs = parseDuration(values.grace);
  if (graceMs === undefined || graceMs > 365 * 86_400_000) throw new UsageError(`--grace: "${values.grace}" is not a duration such as 24h, 90m or 0 (at most 365d).`);
  const reorderWindowMs = reorderWindow(values['reorder-window']);
  const scope = values['crawl-delay-scope'];
  if (scope !== 'verified' && scope !== 'claimed') throw new UsageError(`--crawl-delay-scope must be verified or claimed, not "${scope}".`);
  const failOnViolations = failsOnViolations(values['fail-on']);
  const origin = values.origin !== undefined ? checkedOrigin(values.origin) : undefined;
  const jsonFields = values['json-fields'] !== undefined ? parseJsonFields(values['json-fields']) : undefined;
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    reportError('replay', printable(message, 300));
  };

  refuseOutputsOverInputs(
    [
      ['--csv', values.csv],
      ['--jsonl', values.jsonl],
      ['--summary-json', values['summary-json']],
      ['--scan-out', values['scan-out']],
    ],
    [robotsPath, ...logs, ...(values.after ?? []), ...(values.version ?? []).map((v) => v.slice(0, v.lastIndexOf('@') > 0 ? v.lastIndexOf('@') : v.length))],
  );
  // Records change when requests leave the reorder window, and so the order late ones are judged in: a scan is read without.
  if (values['scan-out'] !== undefined && (values.csv !== undefined || values.jsonl !== undefined || values.json)) {
    throw new UsageError('--scan-out: a replay writes its scan only without records (--csv, --jsonl, --json); run replay-scan for this shard instead.');
  }
  const versions = await loadVersions(robotsPath, values.version ?? [], values.git, warn);
  const ranges = await loadRanges(values.ranges, warn);
  const dnsEnabled = values['verify-dns'] || values['dns-server'] !== undefined;
  const reading = { reorderWindowSeconds: reorderWindowMs / 1000, format, jsonFields: values['json-fields'] ?? null, ranges: ranges.source, reverseDns: dnsEnabled };
  const after = values.after !== undefined ? await readScans(values.after, reading) : undefined;
  for (const repeat of repeats) warn(repeatSentence(repeat));
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
  let carried: CarriedState | undefined;
  let consulted: ConsultedKeys = NO_CONSULTED_KEYS;
  let pendingDelayChecks: readonly PendingDelayCheck[] = [];
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
        // A part records what it was replayed after, what of it its verdicts read, and the state it leaves: what merge checks.
        ...(values['scan-out'] !== undefined || values['summary-json'] !== undefined
          ? {
              onCarried: (state: CarriedState, keys: ConsultedKeys, pending: readonly PendingDelayCheck[]) => {
                carried = state;
                consulted = keys;
                pendingDelayChecks = pending;
              },
            }
          : {}),
        ...(csv || jsonl || stdoutRecords ? { onRecord: recordSink(csv?.writer, jsonl?.writer, stdoutRecords, onOutputError) } : {}),
        ...(showProgress ? { onProgress: progressLine, progressEvery: 50_000 } : {}),
      },
    );
  } finally {
    process.removeListener('SIGINT', onSigint);
    if (showProgress) clearStatus();
  }
  if (!outputClosed) await stdoutRecords?.flush().catch(() => undefined);
  // Scans of a later (or the same) shard carry state from the future: every verdict after them
  // would be wrong. Refused before any output file replaces the old one.
  if (after !== undefined && after.last !== null && part?.first != null && part.first <= after.last) {
    throw new InputError(`--after: the scans reach ${isoTime(after.last)}, but this shard's requests start at ${isoTime(part.first)}: give the scans of the shards before it only (their logs end before this one starts).`);
  }
  if (csv) await csv.close();
  if (jsonl) await jsonl.close();
  if (values['summary-json'] !== undefined) {
    // The envelope's `shard` is what `robots-lens merge` needs to add this summary to those of other shards.
    await writeJsonFile(values['summary-json'], shardEnvelope(summary, { versions: versions.source, ranges: ranges.source }, warnings, { after: after ?? null, consulted, leaves: carried!, pendingDelayChecks }, part!));
  }
  const unreadable = unreadableLogs(summary, format);
  // As replay-scan: no scan of logs none of whose lines could be read.
  if (values['scan-out'] !== undefined && carried !== undefined && !summary.cancelled && !(unreadable.length === summary.files.length && unreadable.length > 0)) {
    await writeJsonFile(values['scan-out'], scanFile(logs, reading, summary.totals.lines, carried), '\n');
  }
  if (outputClosed || writeFailed()) return exitForWriteFailure('replay');
  for (const message of unreadable) reportError('replay', message);
  if (unreadable.length === summary.files.length && unreadable.length > 0) return ExitCode.Failure;
  if (!values.json) {
    const out = new Output(io.stdout);
    await out.block(formatReplaySummary(summary, { logs, versions: versions.source, ranges: ranges.source }), replayStyle);
    await out.flush().catch(noteWriteFailure);
    // The 'error' event follows the failed write's callback; wait for it to be counted.
    await new Promise((resolve) => setImmediate(resolve));
  }
  io.stdout.removeListener('error', onOutputError);
  if (writeFailed()) return exitForWriteFailure('replay');
  if (unreadable.length > 0) return ExitCode.Failure;
  if (summary.cancelled) return ExitCode.Interrupted;
  return failOnViolations && summary.totals.violations > 0 ? ExitCode.Finding : ExitCode.Success;
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
      // Log lines are untrusted: a User-Agent may carry DEL or a C1 control (U+009B starts a
      // terminal's control sequence), which JSON.stringify leaves raw; written as \u escapes.
      const line = safeJsonText(jsonLine(record));
      const a = jsonl?.write(line);
      if (a) pending.push(a);
      const b = stdout?.write(line);
      if (b) pending.push(b.catch(onStdoutError));
    }
    if (pending.length === 0) return undefined;
    return pending.length === 1 ? pending[0] : Promise.all(pending).then(() => undefined);
  };
}

function progressLine(p: ReplayProgress): void {
  const percent = p.bytesTotal ? ` ${Math.min(100, Math.floor((100 * (p.bytesRead ?? 0)) / p.bytesTotal))}%` : '';
  const rate = p.elapsedMs > 0 ? `, ${formatCount(Math.round((p.lines / p.elapsedMs) * 1000))} lines/s` : '';
  reportStatus(`replay: file ${p.fileIndex + 1}/${p.files}${percent}, ${formatCount(p.lines)} lines${rate}`);
}
