/**
 * A replay's reading on a second thread: the worker (`log-reader-thread.ts`) reads, gunzips,
 * decodes, splits and parses the log files, and sends compact `RequestBatch`es; this thread
 * judges them in order (fetch states, Crawl-delay and the summary depend on that order).
 * Reading and parsing are over half of a replay's work; with a core to spare the two
 * threads replay about 1.25 times as fast (2M lines at load 1.2 on two cores: 3.6 s against
 * 4.6 s); see `readerThreadPays` for when it does not pay.
 *
 * Memory stays bounded: a fixed set of batch buffers circulates (the worker fills one, this
 * thread hands it back once judged), so the worker can never run more than that far ahead.
 */

import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BatchBuffers, JsonFieldNames, LogFormat, ParsedLogInput, RequestBatch } from '../core';
import { InputError } from './files';
import type { LogFileInfo } from './log-reader';

/** Requests per batch: large enough that messages cost nothing, small enough to report progress often. */
export const BATCH_REQUESTS = 8192;
/**
 * Batch buffers in circulation: the worker may be this many batches (each at most 8,192
 * requests and 4M characters) ahead of the judging.
 */
export const BATCHES_AHEAD = 4;
/**
 * Below this much log text a thread costs more to start and warm up (0.1–0.2 s) than it
 * saves (~2 ms per MB at best): at 16 and 64 MB it was slower here even at moderate load.
 */
const MIN_TEXT_BYTES = 64 << 20;
/**
 * Cores the machine must have to spare (by its one-minute load average). A reader thread
 * brings a second JavaScript heap with its own compiler and collector, and the threads
 * share the caches: 15–35 % more CPU in all (more under load), which only pays when the two
 * threads really run side by side. Measured on two cores shared with other work, 1M lines:
 * 1.1–1.3× as fast at load 1.5, even around 2, and 0.70–0.98× at load 3–4.4.
 */
const SPARE_CORES = 0.5;
/** gzip shrinks access logs about tenfold; a cautious guess of the text behind a compressed file. */
const GZIP_RATIO = 6;

/** What the worker is asked to read (its `workerData`). */
export interface ReaderJob {
  readonly files: readonly { readonly info: LogFileInfo; readonly format: LogFormat | 'auto' }[];
  readonly jsonFields?: JsonFieldNames;
  /** Records are consumed: every request needs all its fields (see `RequestBatchOptions`). */
  readonly recordsWanted: boolean;
  readonly batchRequests: number;
  readonly batchesAhead: number;
}

/** Messages from the worker, in log order. */
export type ReaderMessage =
  | { readonly kind: 'batch'; readonly file: number; readonly last: boolean; readonly bytesRead: number; readonly batch: RequestBatch }
  | { readonly kind: 'warning'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string; readonly input: boolean };

/**
 * The worker's entry: the bundle next to this one (`dist/`), or, when running from the
 * TypeScript sources (tests, under tsx), the source file through tsx's require hook.
 */
export function readerThreadScript(): { readonly file: string; readonly eval: boolean } | undefined {
  const bundled = join(__dirname, 'log-reader-thread.js');
  if (existsSync(bundled)) return { file: bundled, eval: false };
  const source = join(__dirname, 'log-reader-thread.ts');
  if (existsSync(source)) return { file: source, eval: true };
  return undefined;
}

/**
 * Whether a replay of these files should read on a thread of its own (`auto`): enough log
 * text to repay starting it, and a core to spare for it. `load` is the one-minute load
 * average (given by tests).
 */
export function readerThreadPays(infos: readonly LogFileInfo[], load: number = loadavg()[0] ?? 0): boolean {
  const cores = availableParallelism();
  if (cores < 2 || load >= cores - SPARE_CORES || readerThreadScript() === undefined) return false;
  const text = infos.reduce((sum, info) => sum + (info.gzip ? info.bytes * GZIP_RATIO : info.bytes), 0);
  return text >= MIN_TEXT_BYTES;
}

/** One worker reading a replay's files in order; `inputs` feed them to `replayLogs`. */
export class ReaderThread {
  readonly inputs: readonly ParsedLogInput[];
  private readonly worker: Worker;
  private readonly queue: ReaderMessage[] = [];
  private wake: (() => void) | undefined;
  private failure: Error | undefined;
  private exited = false;
  private readonly bytesRead: number[];
  private readonly onWarning: ((message: string) => void) | undefined;

  constructor(
    files: readonly { readonly info: LogFileInfo; readonly format: LogFormat | 'auto' }[],
    options: { readonly recordsWanted: boolean; readonly jsonFields?: JsonFieldNames | undefined; readonly onWarning?: ((message: string) => void) | undefined },
  ) {
    const script = readerThreadScript();
    if (script === undefined) throw new Error('The log reader thread is not available (log-reader-thread.js is missing).');
    this.onWarning = options.onWarning;
    const job: ReaderJob = {
      files,
      ...(options.jsonFields ? { jsonFields: options.jsonFields } : {}),
      recordsWanted: options.recordsWanted,
      batchRequests: BATCH_REQUESTS,
      batchesAhead: BATCHES_AHEAD,
    };
    const code = `require(require('node:module').createRequire(${JSON.stringify(script.file)}).resolve('tsx/cjs')); require(${JSON.stringify(script.file)});`;
    this.worker = script.eval ? new Worker(code, { eval: true, workerData: job }) : new Worker(script.file, { workerData: job });
    this.worker.on('message', (message: ReaderMessage) => this.push(message));
    this.worker.on('error', (error) => {
      this.failure = error;
      this.notify();
    });
    this.worker.on('exit', () => {
      this.exited = true;
      this.notify();
    });
    this.bytesRead = files.map(() => 0);
    this.inputs = files.map((file, index) => ({
      name: file.info.path,
      batches: { [Symbol.asyncIterator]: () => this.batches(index)[Symbol.asyncIterator]() },
      progress: () => ({ bytesRead: this.bytesRead[index]!, bytesTotal: file.info.bytes }),
    }));
  }

  /** Batches the worker has sent that wait to be judged: never more than `BATCHES_AHEAD`. */
  get ahead(): number {
    return this.queue.filter((m) => m.kind === 'batch').length;
  }

  /** Stops the worker (at the end, or early on cancellation or an error). */
  async close(): Promise<void> {
    await this.worker.terminate();
  }

  /** The batches of file `index`; a batch's buffers go back to the worker once the next is asked for. */
  private async *batches(index: number): AsyncGenerator<RequestBatch> {
    for (;;) {
      const message = await this.next();
      if (message.kind === 'warning') {
        this.onWarning?.(message.message);
        continue;
      }
      if (message.kind === 'error') throw message.input ? new InputError(message.message) : new Error(message.message);
      if (message.file !== index) throw new Error(`The log reader thread sent file ${message.file + 1} while file ${index + 1} was replayed.`);
      this.bytesRead[index] = message.bytesRead;
      yield message.batch;
      this.recycle(message.batch);
      if (message.last) return;
    }
  }

  private recycle(buffers: BatchBuffers): void {
    const { numbers, slots } = buffers;
    this.worker.postMessage({ numbers, slots } satisfies BatchBuffers, [numbers.buffer, slots.buffer]);
  }

  private async next(): Promise<ReaderMessage> {
    for (;;) {
      const message = this.queue.shift();
      if (message !== undefined) return message;
      if (this.failure !== undefined) throw this.failure;
      if (this.exited) throw new Error('The log reader thread stopped before the end of the logs.');
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private push(message: ReaderMessage): void {
    this.queue.push(message);
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
