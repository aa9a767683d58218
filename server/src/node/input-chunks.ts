/**
 * The bytes of a command's stdin, a chunk at a time. When stdin is a file (`< queries.jsonl`),
 * its descriptor is read straight into one buffer used again for every chunk: process.stdin
 * would give each 64 KiB in a new buffer through the thread pool (about 50 ms of a lean
 * `test --batch` of 200,000 queries). Anything else (a pipe, a terminal) is read as the
 * stream, so the event loop runs while the producer is quiet: a co-process waiting for
 * answers gets them.
 */

import { fstatSync, readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { InputError } from './input-error';

/** Where a command reads: its stdin stream, and the descriptor under it when it is the process's own. */
export interface CommandInput {
  readonly stdin: NodeJS.ReadableStream;
  /** Set for the process's stdin (0); `stdin` is then only made when the descriptor is not a file. */
  readonly stdinFd?: number;
}

/** One read's worth: the stream's own chunk size, so one chunk's answers make about one write. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Hands each chunk of stdin to `each`, waiting for what it returns, until the input ends.
 * `quiet` says nothing more has come in yet (a producer waiting for answers, or the end).
 * A chunk read from a file lies in a buffer the next read fills again: `each` must copy
 * what it keeps.
 */
export async function eachInputChunk(input: CommandInput, each: (chunk: Buffer, quiet: boolean) => Promise<unknown> | undefined): Promise<void> {
  if (input.stdinFd !== undefined) refuseUnreadableStdin(input.stdinFd);
  try {
    await readChunks(input, each);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'EBADF' || code === 'EISDIR' || code === 'EINVAL') throw new InputError(unreadableStdin(code));
    throw error;
  }
}

/**
 * Stdin that is a folder (`< /`) reads as empty on some systems and fails on others; one opened
 * for writing only (`0>file`) fails every read. Either is said, before anything is answered.
 */
function refuseUnreadableStdin(fd: number): void {
  let directory = false;
  try {
    directory = fstatSync(fd).isDirectory();
  } catch (error) {
    throw new InputError(unreadableStdin((error as NodeJS.ErrnoException).code ?? 'EBADF'));
  }
  if (directory) throw new InputError(unreadableStdin('EISDIR'));
}

function unreadableStdin(code: string): string {
  return code === 'EISDIR'
    ? 'stdin is a folder, not the queries: give a file or a pipe of JSON lines (< queries.jsonl).'
    : `stdin cannot be read (${code}: it is closed, or open for writing only): give a file or a pipe (< queries.jsonl).`;
}

async function readChunks(input: CommandInput, each: (chunk: Buffer, quiet: boolean) => Promise<unknown> | undefined): Promise<void> {
  if (input.stdinFd !== undefined && isFile(input.stdinFd)) {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let read = readSync(input.stdinFd, buffer); read > 0; read = readSync(input.stdinFd, buffer)) {
      // A file has everything: a short read is its end.
      const waiting = each(buffer.subarray(0, read), read < buffer.length);
      if (waiting) await waiting;
      // The event loop turns between chunks, as it does between a stream's: the output
      // stream's callbacks come (and give back its written chunks), and a signal is heard.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return;
  }
  const stream = input.stdin;
  for await (const chunk of stream) {
    const waiting = each(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer), isQuiet(stream));
    if (waiting) await waiting;
  }
}

/** Nothing more of `stream` has come in yet: what was read so far is all there is for now. */
export function isQuiet(stream: NodeJS.ReadableStream): boolean {
  return (stream as Partial<Readable>).readableLength === 0;
}

/** A regular file: read to its end without waiting on anyone. */
function isFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}
