/**
 * Lines of a stream with a bound on their length: a line longer than the bound is skipped
 * (reported with its length) instead of being gathered into one huge string, so a 512 MiB
 * line costs no more memory than a short one.
 */

export type BoundedLine =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'too-long'; /** Bytes of the line (at least the bound). */ readonly bytes: number };

const LF = 0x0a;
const CR = 0x0d;

/** Splits `input` at LF (a CR before it is dropped); lines over `maxBytes` come as `too-long`. */
export async function* boundedLines(input: AsyncIterable<Uint8Array | string>, maxBytes: number): AsyncGenerator<BoundedLine> {
  let pieces: Buffer[] = [];
  let length = 0;
  let skipping = false;
  const finish = (): BoundedLine => {
    const line: BoundedLine = skipping ? { kind: 'too-long', bytes: length } : { kind: 'line', text: text(Buffer.concat(pieces, length)) };
    pieces = [];
    length = 0;
    skipping = false;
    return line;
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start < bytes.length) {
      const end = bytes.indexOf(LF, start);
      const stop = end === -1 ? bytes.length : end;
      length += stop - start;
      if (!skipping && length > maxBytes) {
        skipping = true;
        pieces = [];
      }
      if (!skipping) pieces.push(bytes.subarray(start, stop));
      if (end === -1) break;
      yield finish();
      start = end + 1;
    }
  }
  if (length > 0 || skipping) yield finish();
}

function text(bytes: Buffer): string {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
  return bytes.toString('utf8', 0, end);
}
