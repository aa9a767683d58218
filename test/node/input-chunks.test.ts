import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, write, writeFileSync } from 'node:fs';
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

  test('reads a file from its descriptor to its end, without making the stream', async () => {
    const file = join(dir, 'input.txt');
    writeFileSync(file, BYTES);
    const fd = openSync(file, 'r');
    try {
      const input = {
        get stdin(): NodeJS.ReadableStream {
          throw new Error('the stream was made although stdin is a file');
        },
        stdinFd: fd,
      };
      assert.deepEqual(await gather(input), BYTES);
    } finally {
      closeSync(fd);
    }
  });

  test('a pipe is read as the stream, so the event loop runs while it is quiet: nothing lost', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // The reading end is opened first, without waiting for a writer; then the writing end.
    const reading = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writing = openSync(fifo, constants.O_WRONLY);
    let streamed = false;
    const input = {
      get stdin(): NodeJS.ReadableStream {
        streamed = true;
        return new Socket({ fd: reading, readable: true, writable: false });
      },
      stdinFd: reading,
    };
    // Written from the thread pool (more than a pipe holds) while the stream reads.
    write(writing, BYTES, (error) => {
      assert.ifError(error);
      closeSync(writing);
    });
    assert.deepEqual(await gather(input), BYTES);
    assert.ok(streamed, 'the pipe was not read as the stream');
  });

  test('a file says it is quiet only with its last chunk', async () => {
    const file = join(dir, 'sizes.txt');
    writeFileSync(file, Buffer.alloc(3.5 * 64 * 1024, 'x'));
    const fd = openSync(file, 'r');
    const quiet: boolean[] = [];
    try {
      await eachInputChunk({ stdin: Readable.from([]), stdinFd: fd }, (_chunk, isQuiet) => {
        quiet.push(isQuiet);
        return undefined;
      });
    } finally {
      closeSync(fd);
    }
    assert.deepEqual(quiet, [false, false, false, true]);
  });

  test('without a descriptor, the stream is read, strings as UTF-8', async () => {
    const stream = Readable.from(['ä', BYTES]);
    assert.deepEqual(await gather({ stdin: stream }), Buffer.concat([Buffer.from('ä'), BYTES]));
  });
});
