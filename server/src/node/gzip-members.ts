/**
 * Gunzip for logs, member by member: each gzip member's header is read here and its deflate
 * data inflated raw, so the end of every member is known exactly. A log compressed by a
 * rotation tool may be several members in a row (all are read) or be followed by trailing
 * garbage (a crash while appending, padding, a copy gone wrong): zlib's own gunzip then
 * fails and loses the last output it had. Here the data before the damage is kept, and the
 * damage is reported with its size and position.
 */

import { finished } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import type { InflateRaw } from 'node:zlib';

/** What is wrong with a gzip stream, once it ended. */
export type GzipDamage =
  | { readonly kind: 'trailing'; readonly offset: number; readonly bytes: number }
  | { readonly kind: 'truncated'; readonly offset: number }
  | { readonly kind: 'unreadable'; readonly offset: number; readonly message: string };

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;
/** A member header longer than this (name and comment included) is taken as garbage. */
const MAX_HEADER = 64 << 10;

/**
 * Decompressed bytes of every member of `source`, in pieces of at most `chunkSize`. The
 * damage, if any, is reported once the source is read (`onDamage`); the pieces before it
 * are all yielded.
 */
export async function* gunzipMembers(source: AsyncIterable<Buffer>, chunkSize: number, onDamage: (damage: GzipDamage) => void): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    yield* inflateMembers(iterator, chunkSize, onDamage);
  } finally {
    // Ended early (damage, or a reader that stops: a peek at the first request, a cancelled
    // replay), the source is ended too: for a file, that closes its descriptor.
    await iterator.return?.();
  }
}

async function* inflateMembers(iterator: AsyncIterator<Buffer>, chunkSize: number, onDamage: (damage: GzipDamage) => void): AsyncGenerator<Buffer> {
  /** Compressed bytes not yet used, and the offset of their first byte in the stream. */
  let pending: Buffer = Buffer.alloc(0);
  let offset = 0;
  let members = 0;
  const more = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done === true) return false;
    pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    return true;
  };
  for (;;) {
    // A member header, or the end of the stream, or garbage.
    let header = headerLength(pending);
    while (header === 'more' && pending.length <= MAX_HEADER && (await more())) header = headerLength(pending);
    if (pending.length === 0 && members > 0) return;
    if (header === 'more' || header === 'bad') {
      if (members === 0) {
        onDamage({ kind: 'unreadable', offset, message: header === 'bad' ? 'no gzip header' : 'the gzip header is cut short' });
        return;
      }
      let bytes = pending.length;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) bytes += next.value.length;
      onDamage({ kind: 'trailing', offset, bytes });
      return;
    }
    pending = pending.subarray(header);
    offset += header;
    // The deflate data: inflated until its end, which may lie anywhere in a piece.
    const inflater = createInflateRaw({ chunkSize });
    const output: Buffer[] = [];
    let failure: Error | undefined;
    inflater.on('data', (piece: Buffer) => output.push(piece));
    inflater.on('error', (error: Error) => {
      failure = error;
    });
    let written = 0;
    let ended = false;
    let corrupt = false;
    while (!ended) {
      if (pending.length === 0 && !(await more())) break;
      const piece = pending;
      pending = Buffer.alloc(0);
      await write(inflater, piece);
      written += piece.length;
      const used = inflater.bytesWritten;
      if (used < written) {
        // The member's deflate data ended inside this piece: the rest is its trailer and beyond.
        ended = true;
        pending = piece.subarray(piece.length - (written - used));
      }
      yield* output.splice(0);
      if (failure) {
        corrupt = true;
        break;
      }
    }
    // Ending flushes what the inflater still holds; a member cut short fails here, which
    // says no more than that it was cut short.
    if (!corrupt) await finish(inflater);
    yield* output.splice(0);
    offset += inflater.bytesWritten;
    inflater.destroy();
    if (corrupt) {
      onDamage({ kind: 'unreadable', offset, message: failure?.message ?? 'invalid deflate data' });
      return;
    }
    if (!ended) {
      onDamage({ kind: 'truncated', offset });
      return;
    }
    // The trailer: CRC-32 and size, 8 bytes.
    while (pending.length < 8 && (await more()));
    if (pending.length < 8) {
      onDamage({ kind: 'truncated', offset });
      return;
    }
    pending = pending.subarray(8);
    offset += 8;
    members++;
  }
}

/** Length of the gzip member header at the start of `buf`, `more` when it may continue, `bad` when it is none. */
function headerLength(buf: Buffer): number | 'more' | 'bad' {
  if (buf.length >= 1 && buf[0] !== 0x1f) return 'bad';
  if (buf.length >= 2 && buf[1] !== 0x8b) return 'bad';
  if (buf.length >= 3 && buf[2] !== 8) return 'bad';
  if (buf.length < 10) return 'more';
  const flags = buf[3]!;
  let at = 10;
  if (flags & FEXTRA) {
    if (buf.length < at + 2) return 'more';
    at += 2 + buf.readUInt16LE(at);
  }
  for (const flag of [FNAME, FCOMMENT]) {
    if (!(flags & flag)) continue;
    const nul = buf.indexOf(0, at);
    if (nul < 0) return 'more';
    at = nul + 1;
  }
  if (flags & FHCRC) at += 2;
  return buf.length >= at ? at : 'more';
}

function write(inflater: InflateRaw, piece: Buffer): Promise<void> {
  return new Promise((resolve) => inflater.write(piece, () => resolve()));
}

/** Ends the input and waits for the last output (the readable side may have ended already, at the deflate end). */
async function finish(inflater: InflateRaw): Promise<void> {
  inflater.end();
  await finished(inflater).catch(() => undefined);
}
