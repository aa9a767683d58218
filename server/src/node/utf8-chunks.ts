/**
 * Streamed bytes to text, a chunk at a time, with nothing lost: chunks are cut where no
 * UTF-8 character is split, and a byte that is not UTF-8 is kept as its surrogate escape
 * (core's `decodeUtf8Lossless`), which the matcher reads back as that very octet: a stray
 * Latin-1 `é` in a URL is the target's `%E9`, as Google reads it, not U+FFFD's `%EF%BF%BD`.
 */

import { isAscii } from 'node:buffer';
import { decodeUtf8Lossless } from '@robots-lens/kernel/parse';

/** Length of the longest prefix of `buf` that ends on a UTF-8 character boundary. */
export function utf8Boundary(buf: Uint8Array): number {
  const n = buf.length;
  if (n === 0 || buf[n - 1]! < 0x80) return n;
  let i = n - 1;
  // Step back over continuation bytes (10xxxxxx) to the lead byte, at most 3.
  while (i > n - 4 && i > 0 && (buf[i]! & 0xc0) === 0x80) i--;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return n - i >= need ? n : i;
}

/** The text of `bytes`, cut on a boundary: pure ASCII takes the much faster one-byte path. */
export function decodeChunk(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : decodeUtf8Lossless(bytes);
}
