/**
 * A log file's bytes as pieces of text, for the replay in a web worker: gunzipped through the
 * browser's `DecompressionStream` when the bytes start with the gzip magic (1f 8b), decoded as
 * UTF-8 with characters never cut between pieces. Web APIs only (they exist in Node too).
 */

/** Bytes of text per piece handed to the worker; lines may straddle pieces (the replay joins them). */
export const PIECE_BYTES = 1024 * 1024;

// The web streams API of the browser's extension host; the client is type-checked without the DOM library.
declare const DecompressionStream: new (format: 'gzip') => { readonly readable: unknown; readonly writable: unknown };
interface ByteStream {
  pipeThrough(transform: { readonly readable: unknown; readonly writable: unknown }): ByteStream;
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
}
declare const ReadableStream: new (source: { pull(controller: { enqueue(chunk: Uint8Array): void; close(): void }): void }) => ByteStream;

export interface LogPiece {
  readonly text: string;
  /** Bytes of the file (compressed bytes for gzip) consumed so far. */
  readonly bytesRead: number;
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The text of `bytes`, piece by piece; a truncated gzip file throws after what could be read. */
export async function* logPieces(bytes: Uint8Array): AsyncGenerator<LogPiece> {
  const decoder = new TextDecoder('utf-8');
  if (!isGzip(bytes)) {
    for (let start = 0; start < bytes.length; start += PIECE_BYTES) {
      const end = Math.min(bytes.length, start + PIECE_BYTES);
      yield { text: decoder.decode(bytes.subarray(start, end), { stream: end < bytes.length }), bytesRead: end };
    }
    return;
  }
  // The compressed bytes are handed to the decompressor as it asks, so progress counts what it consumed.
  let fed = 0;
  const compressed = new ReadableStream({
    pull(controller) {
      if (fed >= bytes.length) return controller.close();
      const end = Math.min(bytes.length, fed + PIECE_BYTES);
      controller.enqueue(bytes.subarray(fed, end));
      fed = end;
    },
  });
  const reader = compressed.pipeThrough(new DecompressionStream('gzip')).getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length >= PIECE_BYTES) {
        yield { text, bytesRead: fed };
        text = '';
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  text += decoder.decode();
  if (text !== '') yield { text, bytesRead: fed };
}
