/**
 * Percent-encoding normalisation, applied identically to patterns and targets
 * (contract §4) so that equal URLs compare equal:
 * - `%XX` naming an unreserved character (`A-Z a-z 0-9 - . _ ~`) is decoded;
 * - any other `%xx` keeps its escape, with upper-case hex (`%2f` → `%2F`; an encoded
 *   slash never becomes `/`);
 * - non-ASCII is percent-encoded as its UTF-8 octets; a surrogate-escaped invalid byte
 *   (see surrogate-escape.ts) is encoded as that very byte;
 * - a `%` not followed by two hex digits stays a literal `%`.
 * Targets additionally encode a literal `*` as `%2A` and `$` as `%24`, so that a pattern
 * writing `%2A` matches a literal star while a bare `*` in a pattern stays a wildcard.
 */

import { escapedByte } from './surrogate-escape';

/** The upper-case hex digits escapes are written with. */
export const HEX = '0123456789ABCDEF';

export function normalizePattern(raw: string): string {
  return normalize(raw, false, true);
}

export function normalizeTarget(raw: string): string {
  return normalize(raw, true, true);
}

/**
 * Google's open-source parser compares percent-escapes literally: it only upper-cases
 * hex and encodes non-ASCII in patterns. Used to tell the user when Google would differ.
 */
export function googleLiteralPattern(raw: string): string {
  return normalize(raw, false, false);
}

/** A URL as a crawler sends it to Google's matcher: only non-ASCII encoded, escapes untouched. */
export function googleLiteralTarget(raw: string): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw.charCodeAt(i) < 0x80) continue;
    out += raw.slice(run, i) + encodeNonAscii(raw, i);
    i = lastConsumed;
    run = i + 1;
  }
  return run === 0 ? raw : out + raw.slice(run);
}

/** True when normalising could change the string (fast path for plain ASCII paths). */
function needsWork(raw: string, target: boolean): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25 || c >= 0x80 || (target && (c === 0x2a || c === 0x24))) return true;
  }
  return false;
}

function normalize(raw: string, target: boolean, decodeUnreserved: boolean): string {
  if (!needsWork(raw, target)) return raw;
  // Unchanged runs are copied with one slice each: building the result a character at a
  // time costs more than the rest of a match.
  let out = '';
  let run = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25) {
      const byte = escapedByteAt(raw, i);
      if (byte < 0) continue;
      const replacement = decodeUnreserved && isUnreserved(byte) ? String.fromCharCode(byte) : pct(byte);
      if (replacement !== raw.slice(i, i + 3)) {
        out += raw.slice(run, i) + replacement;
        run = i + 3;
      }
      i += 2;
    } else if (c >= 0x80) {
      out += raw.slice(run, i) + encodeNonAscii(raw, i);
      i = lastConsumed;
      run = i + 1;
    } else if (target && (c === 0x2a || c === 0x24)) {
      out += raw.slice(run, i) + (c === 0x2a ? '%2A' : '%24');
      run = i + 1;
    }
  }
  return run === 0 ? raw : out + raw.slice(run);
}

/** Set by `encodeNonAscii`: the last index it consumed (a surrogate pair takes two). */
let lastConsumed = 0;

/**
 * The percent-encoded UTF-8 octets of the character at `i`. Written without a callback or a
 * returned pair: this runs for every non-ASCII character of millions of URLs.
 */
function encodeNonAscii(raw: string, i: number): string {
  let cp = raw.charCodeAt(i);
  lastConsumed = i;
  if (cp >= 0xd800 && cp <= 0xdbff) {
    const low = raw.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
      lastConsumed = i + 1;
    } else {
      cp = 0xfffd;
    }
  } else if (cp >= 0xdc00 && cp <= 0xdfff) {
    const byte = escapedByte(cp);
    if (byte >= 0) return pct(byte);
    cp = 0xfffd;
  }
  if (cp < 0x800) return pct(0xc0 | (cp >> 6)) + pct(0x80 | (cp & 0x3f));
  if (cp < 0x10000) return pct(0xe0 | (cp >> 12)) + pct(0x80 | ((cp >> 6) & 0x3f)) + pct(0x80 | (cp & 0x3f));
  return pct(0xf0 | (cp >> 18)) + pct(0x80 | ((cp >> 12) & 0x3f)) + pct(0x80 | ((cp >> 6) & 0x3f)) + pct(0x80 | (cp & 0x3f));
}

function pct(byte: number): string {
  return '%' + HEX[byte >> 4] + HEX[byte & 15];
}

/** The octet a `%` at `raw[i]` escapes, or -1 when two hex digits do not follow (a literal `%`). */
export function escapedByteAt(raw: string, i: number): number {
  return escapedOctet(raw.charCodeAt(i + 1), raw.charCodeAt(i + 2));
}

/** `escapedByteAt` given the codes of the two characters after the `%` (NaN past the end). */
export function escapedOctet(high: number, low: number): number {
  const h = hexValue(high);
  const l = hexValue(low);
  return h < 0 || l < 0 ? -1 : h * 16 + l;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

export function isUnreserved(c: number): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x5f ||
    c === 0x7e
  );
}
