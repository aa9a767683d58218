/**
 * The bytes of a command's stdin, a chunk at a time. When stdin is the process's own file
 * descriptor, it is read straight into one buffer used again for every chunk: `test --batch`
 * reads 23 MB of queries, and process.stdin would give each 64 KiB in a new buffer through
 * the thread pool (a tenth of a lean batch's time). A descriptor that cannot be read this
 * way (a non-blocking pipe says EAGAIN) is read as the stream from there on.
 */

import { readSync } from 'node:fs';

/** Where a command reads: its stdin stream, and the descriptor under it when it is the process's own. */
export interface CommandInput {
  readonly stdin: NodeJS.ReadableStream;
  /** Set for the process's stdin (0); `stdin` is then only read when the descriptor cannot be. */
  readonly stdinFd?: number;
}

/** One read's worth: the stream's own chunk size, so one chunk's answers make about one write. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Hands each chunk of stdin to `each`, waiting for what it returns, until the input ends.
 * A chunk read from the descriptor lies in a buffer the next read fills again: `each` must
 * copy what it keeps.
 */
export async function eachInputChunk(input: CommandInput, each: (chunk: Buffer) => Promise<unknown> | undefined): Promise<void> {
  if (input.stdinFd !== undefined) {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const read = readDescriptor(input.stdinFd, buffer);
      if (read === 0) return;
      if (read < 0) break;
      const waiting = each(buffer.subarray(0, read));
      if (waiting) await waiting;
      // The event loop turns between chunks, as it does between a stream's: the output
      // stream's callbacks come (and give back its written chunks), and a signal is heard.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  for await (const chunk of input.stdin) {
    const waiting = each(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    if (waiting) await waiting;
  }
}

/** Bytes read into `buffer`, 0 at the end, or -1 when the descriptor must be read as a stream. */
function readDescriptor(fd: number, buffer: Buffer): number {
  try {
    return readSync(fd, buffer, 0, buffer.length, null);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return -1;
    // Windows reports the end of a pipe as an error.
    if (code === 'EOF') return 0;
    throw error;
  }
}
