import assert from 'node:assert/strict';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { once } from 'node:events';
import { after, describe, test } from 'node:test';
import { LineWriter } from '../../server/src/cli/line-writer';

/** Lines that fill many small chunks, each one different, so a chunk written over shows. */
const LINES = Array.from({ length: 3_000 }, (_, i) => `line ${i} ${'x'.repeat(i % 97)}`);
const EXPECTED = LINES.map((l) => `${l}\n`).join('');

/**
 * Writes every line through the writer, waiting whenever it flushed; then it lets the event
 * loop turn, as a batch does between chunks of stdin, so that the stream's callbacks come
 * and the writer may take its chunks again.
 */
async function writeAll(writer: LineWriter): Promise<void> {
  for (const line of LINES) {
    const flushing = writer.write(line);
    if (flushing) {
      await flushing;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  await writer.flush();
}

describe('LineWriter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-line-writer-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a file gets every line, in order, as its chunks are taken again', async () => {
    const path = join(dir, 'lines.txt');
    const stream = createWriteStream(path);
    await writeAll(new LineWriter(stream, 1024));
    stream.end();
    await once(stream, 'finish');
    assert.equal(readFileSync(path, 'utf8'), EXPECTED);
  });

  test('a stream that hands its chunks on to a reader keeps what it was given', async () => {
    // A PassThrough calls back as soon as it has queued a chunk for its reader, who reads
    // only at the end: a chunk taken again and written over would show here.
    const stream = new PassThrough({ highWaterMark: 1 << 30 });
    await writeAll(new LineWriter(stream, 1024));
    stream.end();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    assert.equal(Buffer.concat(chunks).toString('utf8'), EXPECTED);
  });

  test('a reader that does not read holds the writer back after a few chunks, and lets it go as it reads', async () => {
    const stream = new PassThrough({ highWaterMark: 1024 });
    const writer = new LineWriter(stream, 1024);
    let held: Promise<void> | undefined;
    let written = 0;
    while (held === undefined && written < LINES.length) {
      const flushing = writer.write(LINES[written++]!);
      // Held: still waiting once the event loop has turned.
      if (flushing && !(await settlesSoon(flushing))) held = flushing;
    }
    assert.ok(held, 'the writer waited for its reader');
    // Held back with a few chunks waiting, not all 3,000 lines.
    assert.ok(written < LINES.length / 2, `held after ${written} lines`);
    assert.ok(stream.writableLength <= 6 * 1024, `${stream.writableLength} bytes waiting`);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    await held;
    for (const line of LINES.slice(written)) await writer.write(line);
    await writer.flush();
    stream.end();
    await once(stream, 'end');
    assert.equal(Buffer.concat(chunks).toString('utf8'), EXPECTED);
  });
});

describe('LineWriter failures', () => {
  test("a write that fails after the writer went on is the next flush's failure", async () => {
    // The stream takes every chunk at once (so the writer does not wait), and fails each a moment later.
    const stream = new Writable({ highWaterMark: 1 << 20, write: (_chunk, _encoding, callback) => setImmediate(() => callback(new Error('no space left'))) });
    stream.on('error', () => undefined);
    const writer = new LineWriter(stream, 1024);
    for (const line of LINES.slice(0, 200)) await writer.write(line);
    await assert.rejects(writer.flush(), /no space left/);
  });

  test('a flush resolves only once the stream has written everything', async () => {
    const written: string[] = [];
    const stream = new Writable({ highWaterMark: 1 << 20, write: (chunk: Buffer, _encoding, callback) => setImmediate(() => (written.push(chunk.toString('utf8')), callback())) });
    const writer = new LineWriter(stream, 1024);
    for (const line of LINES) await writer.write(line);
    await writer.flush();
    assert.equal(written.join(''), EXPECTED);
  });
});

/** Whether `promise` settles before the event loop has turned twice. */
async function settlesSoon(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
  return settled;
}
