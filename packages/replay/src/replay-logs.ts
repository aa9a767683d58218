/**
 * The replay's entrance: `replayLogs` (and `scanLogs`, the same reading with the scan judge)
 * feeds the files' chunks to one `AuditSession`, merged by time, with progress reports and
 * cancellation between chunks.
 */

import { ConsultedCollector } from './carried-check';
import { lastRequestsOf } from './delay-checks';
import { CarriedStateBuilder } from './carried-state';
import type { CarriedState } from './carried-state';
import { chunkIterator } from './chunk-source';
import type { LogInput, ReplayHandlers, ReplayOptions } from './replay-options';
import { recordingReplayJudge, replayJudge } from './replay-judge';
import { scanJudge, scanSieve } from './scan-judge';
import { AuditSession } from './session';
import type { AuditSummary } from './summary';

interface Reading {
  readonly input: LogInput;
  readonly index: number;
  /** The session's number for the file, once open. */
  file: number | undefined;
  readonly chunks: AsyncIterator<string> | Iterator<string>;
  done: boolean;
}

/**
 * Replays logs and returns the summary. The files are read side by side and their requests
 * merged by time: the next chunk always comes from the file whose reading is furthest behind
 * in log time, so the reorder window holds only what it must. Cancellation (the signal)
 * stops between chunks and returns the summary so far, marked `cancelled`.
 */
export async function replayLogs(inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers = {}): Promise<AuditSummary> {
  // Records say at once whether a request came too soon: with them, Crawl-delay checks cannot wait for the merge.
  const recorder = handlers.onCarried
    ? { carry: new CarriedStateBuilder(), consulted: new ConsultedCollector(), pendingDelayChecks: handlers.onRecord === undefined ? [] : undefined }
    : undefined;
  const session = new AuditSession(options, handlers, recorder ? recordingReplayJudge(recorder) : replayJudge);
  await readLogs(session, inputs, options, handlers);
  handlers.onPart?.(session.part());
  if (recorder) {
    const pending = recorder.pendingDelayChecks ?? [];
    handlers.onCarried!(recorder.carry.state(session.period()), recorder.consulted.keys(), pending);
    // This replay's own summary completes them against the state it was given, as a replay that did not wait would have.
    if (options.after !== undefined && options.crawlDelay) session.completeDelayChecks(pending, lastRequestsOf(options.after, options.crawlDelay));
  }
  return session.summary();
}

/**
 * Scans logs (a shard) for the state it leaves the shards after it: the same reading, time
 * order and verification as `replayLogs`, without matching or a summary.
 */
export async function scanLogs(inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers = {}): Promise<{ state: CarriedState; summary: AuditSummary }> {
  const carry = new CarriedStateBuilder();
  const session = new AuditSession(options, handlers, scanJudge(carry));
  await readLogs(session, inputs, options, handlers);
  return { state: carry.state(session.period()), summary: session.summary() };
}

/**
 * `scanLogs` reading whole only the lines that can change the carried state (`scanSieve`);
 * the others are read and checked, and only their time counted. The same result, or
 * undefined in the rare case where leaving lines out could change the order the others are
 * judged in (see `TimeOrder.sieve`): the caller then scans again with `scanLogs`.
 */
export async function sievedScanLogs(inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers = {}): Promise<{ state: CarriedState; summary: AuditSummary } | undefined> {
  const carry = new CarriedStateBuilder();
  const session = new AuditSession(options, handlers, scanJudge(carry), scanSieve());
  await readLogs(session, inputs, options, handlers);
  if (!session.exact) return undefined;
  return { state: carry.state(session.period()), summary: session.summary() };
}

async function readLogs(session: AuditSession, inputs: readonly LogInput[], options: ReplayOptions, handlers: ReplayHandlers): Promise<void> {
  const every = Math.max(1, handlers.progressEvery ?? 100_000);
  const now = handlers.now ?? (() => 0);
  const started = now();
  let nextReport = every;
  const stopped = (): boolean => handlers.signal?.aborted === true || session.cancelled;
  const report = (reading: Reading): void => {
    if (!handlers.onProgress) return;
    const counts = session.counts();
    const bytes = reading.input.progress?.();
    handlers.onProgress({
      file: reading.input.name,
      fileIndex: reading.index,
      files: inputs.length,
      lines: counts.lines,
      requests: counts.requests,
      parseFailures: counts.parseFailures,
      bytesRead: bytes ? bytes.bytesRead : null,
      bytesTotal: bytes ? bytes.bytesTotal : null,
      elapsedMs: Math.max(0, now() - started),
    });
  };
  const merge = options.mergeFiles ?? true;
  const open = (reading: Reading): number =>
    (reading.file ??= session.openFile(reading.input.name, reading.input.format ?? options.format ?? 'auto', merge ? reading.input.firstTime : undefined));
  const readings: Reading[] = inputs.map((input, index) => ({ input, index, file: undefined, chunks: chunkIterator(input.chunks), done: false }));
  // Merged files are all open from the start: none may be judged past before it is read.
  if (merge) for (const reading of readings) open(reading);
  try {
    for (;;) {
      if (stopped()) break;
      const reading = merge ? furthestBehind(readings, session) : readings.find((r) => !r.done);
      if (reading === undefined) break;
      const file = open(reading);
      const next = await reading.chunks.next();
      if (next.done === true) {
        reading.done = true;
        for (const message of reading.input.warnings?.() ?? []) session.warn(message);
        const pending = session.closeFile(file);
        if (pending) await pending;
        report(reading);
        continue;
      }
      const pending = session.feedFile(file, next.value);
      if (pending) await pending;
      const lines = session.counts().lines;
      if (lines >= nextReport) {
        nextReport = lines + every;
        report(reading);
      }
    }
  } finally {
    // Files not read to their end (cancelled, or a read failed) are closed.
    await Promise.all(readings.filter((r) => !r.done).map((r) => r.chunks.return?.()));
  }
  if (handlers.signal?.aborted) session.cancel();
}

/** The open file whose latest request is earliest (a file not begun comes first). */
function furthestBehind(readings: readonly Reading[], session: AuditSession): Reading | undefined {
  let best: Reading | undefined;
  let bestTime = Infinity;
  for (const r of readings) {
    if (r.done) continue;
    const time = session.frontierOf(r.file!);
    if (best === undefined || time < bestTime) {
      best = r;
      bestTime = time;
    }
  }
  return best;
}
