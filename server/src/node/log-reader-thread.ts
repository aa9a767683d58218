/**
 * The worker of `ReaderThread`: reads the replay's log files in order (gzip included),
 * splits and parses their lines with the same `LogLineReader` an in-process replay uses, and
 * posts them as `RequestBatch`es. It fills a batch only when the judging thread has handed
 * buffers back, so it never runs more than a few batches ahead.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { batchBuffers, LogLineReader, RequestBatchWriter } from '../core';
import type { BatchBuffers } from '../core';
import { InputError } from './files';
import { logInput } from './log-reader';
import type { ReaderJob, ReaderMessage } from './reader-thread';

const port = parentPort;
if (port === null) throw new Error('log-reader-thread runs as a worker thread only.');
const job = workerData as ReaderJob;

/** Buffers free to fill; the first set is the writer's. */
const free: BatchBuffers[] = Array.from({ length: job.batchesAhead - 1 }, () => batchBuffers(job.batchRequests));
let returned: (() => void) | undefined;
port.on('message', (buffers: BatchBuffers) => {
  free.push(buffers);
  const wake = returned;
  returned = undefined;
  wake?.();
});

async function freeBuffers(): Promise<BatchBuffers> {
  for (;;) {
    const buffers = free.pop();
    if (buffers !== undefined) return buffers;
    await new Promise<void>((resolve) => (returned = resolve));
  }
}

function post(message: ReaderMessage, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

let fileIndex = 0;
let bytesRead = 0;

/** Sends what the writer holds (possibly nothing but a line count) as one batch. */
async function ship(last: boolean): Promise<void> {
  const next = await freeBuffers();
  const batch = writer.take(next);
  post({ kind: 'batch', file: fileIndex, last, bytesRead, batch }, [batch.numbers.buffer, batch.slots.buffer]);
}

const writer = new RequestBatchWriter(batchBuffers(job.batchRequests), () => ship(false), { recordsWanted: job.recordsWanted });
const reader = new LogLineReader(writer, job.jsonFields ? { jsonFields: job.jsonFields } : {});

async function readAll(): Promise<void> {
  for (fileIndex = 0; fileIndex < job.files.length; fileIndex++) {
    const { info, format } = job.files[fileIndex]!;
    const warnings: string[] = [];
    // A warning (a truncated gzip) goes out after the lines read before it, as in-process.
    const flushWarnings = async (): Promise<void> => {
      if (warnings.length === 0) return;
      await ship(false);
      for (const message of warnings.splice(0)) post({ kind: 'warning', message });
    };
    const input = logInput(info, { onWarning: (message) => void warnings.push(message) });
    bytesRead = 0;
    writer.beginFile();
    reader.begin(format);
    for await (const chunk of input.chunks) {
      bytesRead = input.progress!().bytesRead;
      await flushWarnings();
      const pending = reader.feed(chunk);
      if (pending) await pending;
    }
    bytesRead = input.progress!().bytesRead;
    await flushWarnings();
    const pending = reader.end();
    if (pending) await pending;
    await ship(true);
  }
}

readAll().then(
  () => port.close(),
  async (error: unknown) => {
    // The lines read before the error are judged first, as they would be in-process.
    await ship(false).catch(() => undefined);
    post({ kind: 'error', message: error instanceof Error ? error.message : String(error), input: error instanceof InputError });
  },
);
