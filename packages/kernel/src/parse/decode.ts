/**
 * Bytes → text for robots.txt bodies (and escaped log bytes). Nothing is lost: valid UTF-8
 * is decoded natively, and otherwise by hand, where an invalid byte b becomes the lone surrogate U+DC00+b ("surrogate escape"), which the
 * normaliser turns back into the very same octet (`%E9` for a stray Latin-1 `é`), just as
 * Google's byte-oriented parser would see it.
 */

import { escapedByte, escapeByte } from '../encoding';

export interface DecodedBody {
  readonly text: string;
  /** A full or partial UTF-8 byte order mark was skipped. */
  readonly hadBom: boolean;
}

/** The part of `TextDecoder` used here: ES2022, which the core compiles against, does not declare it. */
interface Utf8Decoder {
  decode(input: Uint8Array): string;
}
type Utf8DecoderClass = new (label: 'utf-8', options: { fatal: boolean; ignoreBOM: boolean }) => Utf8Decoder;

/**
 * The runtime's own decoder (Node, browsers and workers all have one), in its strict mode:
 * it throws on any invalid byte, where ours must escape it instead. Valid UTF-8 — nearly
 * every real file — decodes to the very same text either way, natively and without the
 * garbage of building the string in chunks. A BOM is never dropped: we skip it ourselves.
 */
const Native = (globalThis as { TextDecoder?: Utf8DecoderClass }).TextDecoder;
const strictDecoder = Native ? new Native('utf-8', { fatal: true, ignoreBOM: true }) : undefined;

/** Decodes a robots.txt body. Never throws. */
export function decodeRobotsBytes(bytes: Uint8Array): DecodedBody {
  const start = bomLength(bytes);
  return { text: decodeUtf8Lossless(bytes, start), hadBom: start > 0 };
}

/** About how many bytes of a body `decodeRobotsPieces` decodes into each piece. */
const PIECE_BYTES = 16 * 1024;

export interface DecodedPieces {
  /**
   * The text in pieces, each ending with a line break but the last; never none (an empty
   * body is one empty piece). Their concatenation is `decodeRobotsBytes(bytes).text`.
   */
  readonly pieces: readonly string[];
  /** A full or partial UTF-8 byte order mark was skipped. */
  readonly hadBom: boolean;
}

/**
 * `decodeRobotsBytes` in pieces of about `pieceBytes` (16 KiB; tests cut smaller ones), each
 * cut just after a line break, for the parser, which reads line by line. One string for a
 * whole large file lives in memory the engine maps afresh for it, and decoding into it cost
 * more than the parse of its lines (page faults and all, a quarter of parsing 500 KiB of
 * bytes); it is also two bytes a character throughout as soon as one character is past
 * Latin-1. Small pieces reuse memory, and those of ASCII alone stay one byte a character and
 * are searched faster. A piece decodes alone exactly as within the whole: no UTF-8 sequence
 * spans a line break, which is ASCII, so the same bytes are valid and the same invalid bytes
 * are escaped.
 */
export function decodeRobotsPieces(bytes: Uint8Array, pieceBytes = PIECE_BYTES): DecodedPieces {
  const start = bomLength(bytes);
  const pieces: string[] = [];
  let from = start;
  do {
    const to = pieceEnd(bytes, from + pieceBytes);
    const body = bytes.subarray(from, to);
    pieces.push(decodeValid(body) ?? decodeEscaping(body));
    from = to;
  } while (from < bytes.length);
  return { pieces, hadBom: start > 0 };
}

/** The end of the piece that reaches `at`: just after the first line break at or after it (a CRLF kept whole), or the end. */
function pieceEnd(bytes: Uint8Array, at: number): number {
  for (let i = at; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0a) return i + 1;
    if (b === 0x0d) return bytes[i + 1] === 0x0a ? i + 2 : i + 1;
  }
  return bytes.length;
}

/**
 * UTF-8 from `start` on, every invalid byte kept as its surrogate escape: the matcher's
 * normaliser turns it back into the very same octet. Also reads the escaped bytes of a log.
 */
export function decodeUtf8Lossless(bytes: Uint8Array, start = 0): string {
  const body = start > 0 ? bytes.subarray(start) : bytes;
  return decodeValid(body) ?? decodeEscaping(body);
}

/** The text of valid UTF-8; undefined when a byte is invalid (or no native decoder exists). */
function decodeValid(bytes: Uint8Array): string | undefined {
  if (!strictDecoder) return undefined;
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** UTF-8 decoded by hand, each invalid byte kept as its surrogate escape. */
function decodeEscaping(bytes: Uint8Array): string {
  const chunks: string[] = [];
  let codes: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      // Fast path: copy a run of ASCII in one call.
      let end = i + 1;
      while (end < bytes.length && end - i < 8192 && bytes[end]! < 0x80) end++;
      if (codes.length > 0) {
        chunks.push(String.fromCharCode(...codes));
        codes = [];
      }
      chunks.push(String.fromCharCode.apply(null, bytes.subarray(i, end) as unknown as number[]));
      i = end;
      continue;
    }
    const size = utf8SequenceLength(bytes, i);
    let cp = -1;
    if (size === 2) cp = ((b0 & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
    else if (size === 3) cp = ((b0 & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
    else if (size === 4) cp = ((b0 & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f);
    if (cp < 0) {
      codes.push(escapeByte(b0));
    } else if (cp > 0xffff) {
      const v = cp - 0x10000;
      codes.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else {
      codes.push(cp);
    }
    i += Math.max(1, size);
    // Flush in chunks: String.fromCharCode has an argument-count limit.
    if (codes.length >= 8192) {
      chunks.push(String.fromCharCode(...codes));
      codes = [];
    }
  }
  if (codes.length > 0) chunks.push(String.fromCharCode(...codes));
  return chunks.join('');
}

/** Google skips a UTF-8 BOM at the start, and also any leading prefix of one. */
function bomLength(bytes: Uint8Array): number {
  const bom = [0xef, 0xbb, 0xbf];
  let n = 0;
  while (n < 3 && n < bytes.length && bytes[n] === bom[n]) n++;
  return n;
}

/**
 * The length of the valid UTF-8 sequence at `i`, whose lead byte is 0x80 or more, within
 * `bytes[i, end)`; 0 when it is none: not the shortest form, a surrogate, past U+10FFFF, or cut.
 */
export function utf8SequenceLength(bytes: Uint8Array, i: number, end = bytes.length): number {
  const c = bytes[i]!;
  // The range the first continuation byte must be in rules out overlong forms, surrogates
  // and what lies past U+10FFFF.
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) {
    length = 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    length = 3;
    if (c === 0xe0) low = 0xa0;
    else if (c === 0xed) high = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    length = 4;
    if (c === 0xf0) low = 0x90;
    else if (c === 0xf4) high = 0x8f;
  } else {
    return 0;
  }
  if (i + length > end) return 0;
  const first = bytes[i + 1]!;
  if (first < low || first > high) return 0;
  for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return 0;
  return length;
}

/** UTF-8 size of the UTF-16 code unit at `i` (a surrogate pair counts 4 on its high half, 0 on its low half). */
export function utf8Width(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 4 : 3;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (prev >= 0xd800 && prev <= 0xdbff) return 0;
    return escapedByte(c) >= 0 ? 1 : 3;
  }
  return 3;
}
