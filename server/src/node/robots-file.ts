/**
 * Reading a robots.txt file from disk the way crawlers read one from the web: at most a
 * stated number of bytes. Google processes the first 500 KiB; we read that plus a margin
 * (`DEFAULT_ROBOTS_MAX_BYTES`, the fetcher's limit too), so content past the limit is still
 * seen and reported, yet a 1 GiB file or /dev/zero is never read whole. Bytes that are
 * plainly not text (an image, an archive, NUL bytes) are an input error, not a report of
 * encoding warnings, unless the caller reads them as crawlers do (`test`, `lint`): a crawler
 * served gzip or an image as robots.txt takes the lines it can parse, usually none.
 */

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { DEFAULT_ROBOTS_MAX_BYTES } from '@robots-lens/fetch';
import { formatCount } from '@robots-lens/kernel/words';
import { describeFsError, InputError } from './files';

export interface RobotsFileBytes {
  readonly bytes: Uint8Array;
  /** Said when the file is longer than what was read. */
  readonly notice?: string;
  /** Why the bytes are binary data rather than text, when `binary` was `'read'`. */
  readonly binary?: string;
}

/**
 * Reads at most `maxBytes` of a robots.txt file; throws `InputError` for what cannot be one.
 * Read with blocking calls, as the commands that read one have nothing else to do meanwhile:
 * `fs.promises` took 5 ms of a one-query `test` to load (node/files.ts loads it lazily).
 */
export async function readRobotsFile(path: string, what = 'robots.txt file', maxBytes = DEFAULT_ROBOTS_MAX_BYTES, binary: 'refuse' | 'read' = 'refuse'): Promise<RobotsFileBytes> {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new InputError(describeFsError(error, path, what));
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) throw new InputError(`${path} is a directory, not a ${what}.`);
    // One byte past the limit tells a file of exactly the limit from a longer one.
    const { bytes: read, length } = readUpTo(fd, maxBytes + 1, info.isFile() ? info.size + 1 : FIRST_READ_BYTES);
    const truncated = length > maxBytes;
    const bytes = read.subarray(0, Math.min(length, maxBytes));
    const notText = binaryContent(bytes);
    if (notText && binary === 'refuse') throw new InputError(`${path} is not a ${what}: ${notText}.`);
    const kind = notText ? { binary: notText } : {};
    if (!truncated) return { bytes, ...kind };
    const size = info.isFile() && info.size > maxBytes ? `${formatCount(info.size)} bytes` : `more than ${formatCount(maxBytes)} bytes`;
    return { bytes, ...kind, notice: `${path} is ${size}; only the first ${formatCount(maxBytes)} bytes were read (crawlers read at most 500 KiB).` };
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(describeFsError(error, path, what));
  } finally {
    closeSync(fd);
  }
}

/** The first buffer for what does not say its size (a pipe, a device). */
const FIRST_READ_BYTES = 64 * 1024;

/**
 * Reads `fd` to its end or to `most` bytes, into a buffer of `expected` bytes (a file's size
 * and one, so that a small file does not get a buffer the size of the bound), made larger
 * only if more comes: a file may grow while it is read.
 */
function readUpTo(fd: number, most: number, expected: number): { bytes: Uint8Array; length: number } {
  let buffer = new Uint8Array(Math.max(1, Math.min(expected, most)));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length >= most) break;
      const larger = new Uint8Array(Math.min(most, 2 * length));
      larger.set(buffer);
      buffer = larger;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return { bytes: buffer, length };
}

/** Bytes of the start looked at to tell text from binary content. */
const SNIFF_BYTES = 8192;

const SIGNATURES: readonly (readonly [bytes: readonly number[], name: string])[] = [
  [[0x1f, 0x8b], 'gzip data'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive'],
  [[0x7f, 0x45, 0x4c, 0x46], 'an executable (ELF)'],
];

/** Why the bytes are not text, or undefined when they may be. */
export function binaryContent(bytes: Uint8Array): string | undefined {
  for (const [signature, name] of SIGNATURES) {
    if (signature.every((b, i) => bytes[i] === b)) return `it holds ${name}`;
  }
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return 'it holds NUL bytes, so it is binary data';
  let controls = 0;
  // Indexed: it runs once a command, before the engine optimises anything, and there
  // `for…of` over the bytes took 2 ms for 8 KiB against 0.3 ms.
  for (let i = 0; i < head.length; i++) {
    const b = head[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) controls++;
  }
  // Text has a stray control character at most; a tenth of them is data.
  if (head.length > 0 && controls * 10 > head.length) return `${controls} of its first ${head.length} bytes are control characters, so it is binary data`;
  return undefined;
}
