import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, write, writeFileSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, test } from 'node:test';
import { eachInputChunk } from '../../server/src/node/input-chunks';

/** Bytes that show any chunk lost, doubled or written over: every line numbered. */
const BYTES = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join(''));

/** Everything `eachInputChunk` hands on, copied as it comes (the buffer is filled again after each). */
async function gather(input: Parameters<typeof eachInputChunk>[0]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await eachInputChunk(input, (chunk) => {
    chunks.push(Buffer.from(chunk));
    return undefined;
  });
  return Buffer.concat(chunks);
}

describe('eachInputChunk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-input-chunks-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('reads a file descriptor to its end, without making the stream', async () => {
    const file = join(dir, 'input.txt');
    writeFileSync(file, BYTES);
    const fd = openSync(file, 'r');
    try {
      const input = {
        get stdin(): NodeJS.ReadableStream {
          throw new Error('the stream was made although the descriptor could be read');
        },
        stdinFd: fd,
      };
      assert.deepEqual(await gather(input), BYTES);
    } finally {
      closeSync(fd);
    }
  });

  test('a descriptor that says EAGAIN (a non-blocking pipe) is read as the stream from there on, nothing lost', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // Opened without blocking: a read of the empty pipe says EAGAIN while a writer holds it open.
    const reading = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writing = openSync(fifo, constants.O_WRONLY);
    const first = BYTES.subarray(0, 10_000);
    writeSync(writing, first);
    let streamed = false;
    const input = {
      get stdin(): NodeJS.ReadableStream {
        // Made once the descriptor said EAGAIN: the rest is written now, then the pipe ends
        // (Written from the thread pool: more than a pipe holds, read meanwhile by the socket.)
        streamed = true;
        write(writing, BYTES.subarray(first.length), (error) => {
          assert.ifError(error);
          closeSync(writing);
        });
        return new Socket({ fd: reading, readable: true, writable: false });
      },
      stdinFd: reading,
    };
    assert.deepEqual(await gather(input), BYTES);
    assert.ok(streamed, 'the descriptor never said EAGAIN: the test did not reach the stream');
  });

  test('without a descriptor, the stream is read, strings as UTF-8', async () => {
    const stream = Readable.from(['ä', BYTES]);
    assert.deepEqual(await gather({ stdin: stream }), Buffer.concat([Buffer.from('ä'), BYTES]));
  });
});
