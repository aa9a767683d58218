/**
 * The surrogate escape: an invalid UTF-8 byte b is kept in text as the lone surrogate
 * U+DC00+b, as in Python's surrogateescape. Decoding a body writes it (`parse/decode.ts`);
 * the percent-encoding normaliser reads it back as the very same octet, just as Google's
 * byte-oriented parser would see it.
 */

// Invalid bytes are always ≥ 0x80, so they land in U+DC80…U+DCFF.
const ESCAPE_BASE = 0xdc00;

/** The code unit that keeps an invalid byte in text. */
export function escapeByte(byte: number): number {
  return ESCAPE_BASE + byte;
}

/** The original byte of a surrogate-escaped invalid byte, or -1. */
export function escapedByte(code: number): number {
  return code >= 0xdc80 && code <= 0xdcff ? code - ESCAPE_BASE : -1;
}
