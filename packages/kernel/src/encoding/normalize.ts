/**
 * Percent-encoding normalisation, applied identically to patterns and targets
 * (docs/spec/robots-semantics.md §4) so that equal URLs compare equal:
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
    if (c === 0x25 || (target && (c === 0x2a || c === 0x24))) {
      const step = escapeStep(c, raw.charCodeAt(i + 1), raw.charCodeAt(i + 2), decodeUnreserved);
      const consumed = stepConsumed(step);
      if (!writesItself(raw, i, c, step)) {
        out += raw.slice(run, i) + (stepIsEscape(step) ? pct(stepByte(step)) : String.fromCharCode(stepByte(step)));
        run = i + consumed;
      }
      i += consumed - 1;
    } else if (c >= 0x80) {
      out += raw.slice(run, i) + encodeNonAscii(raw, i);
      i = lastConsumed;
      run = i + 1;
    }
  }
  return run === 0 ? raw : out + raw.slice(run);
}

/**
 * Whether the `escapeStep` `step` of the character `c` at `raw[i]` writes what is already
 * there: a literal `%`, or an escape already in upper-case hex. Asked without building the
 * replacement: most escapes of real patterns (`%C3%A9`) stay as they are, and making two
 * strings to compare cost most of a pattern's normalising.
 */
function writesItself(raw: string, i: number, c: number, step: number): boolean {
  const byte = stepByte(step);
  if (!stepIsEscape(step)) return stepConsumed(step) === 1 && byte === c;
  return (
    stepConsumed(step) === 3 &&
    raw.charCodeAt(i + 1) === HEX.charCodeAt(byte >> 4) &&
    raw.charCodeAt(i + 2) === HEX.charCodeAt(byte & 15)
  );
}

/**
 * How normalising writes the `%` (or, in a target, the literal `*` or `$`) whose code is `c`,
 * given the codes of the two characters after it (NaN past the end): the one place the
 * rules of docs/spec/robots-semantics.md §4 for these characters are written. Packed in a number, so that the
 * rule automaton can step a URL's characters through it without allocating: read it with
 * `stepByte`, `stepIsEscape` and `stepConsumed`.
 * - `*` and `$` → the escape `%2A`, `%24` (only a pattern's are wildcards);
 * - `%` + two hex digits naming an unreserved character → that character (when
 *   `decodeUnreserved`, as RFC 9309 reads; Google's literal reading keeps the escape);
 * - `%` + two hex digits naming any other octet → its escape in upper-case hex;
 * - `%` otherwise → a literal `%`.
 */
export function escapeStep(c: number, next: number, then: number, decodeUnreserved = true): number {
  if (c === 0x2a || c === 0x24) return ESCAPE | c | (1 << CONSUMED_SHIFT);
  const byte = escapedOctet(next, then);
  if (byte < 0) return 0x25 | (1 << CONSUMED_SHIFT);
  if (decodeUnreserved && isUnreserved(byte)) return byte | (3 << CONSUMED_SHIFT);
  return ESCAPE | byte | (3 << CONSUMED_SHIFT);
}

const ESCAPE = 0x100;
const CONSUMED_SHIFT = 9;

/** The octet an `escapeStep` writes: as a character, or as the escape `%XX` (`stepIsEscape`). */
export function stepByte(step: number): number {
  return step & 0xff;
}

/** Whether an `escapeStep` writes its octet as the escape `%XX` rather than as a character. */
export function stepIsEscape(step: number): boolean {
  return (step & ESCAPE) !== 0;
}

/** How many characters of the source an `escapeStep` reads: 1, or 3 for an escape. */
export function stepConsumed(step: number): number {
  return step >> CONSUMED_SHIFT;
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

/** Every octet's escape, made once: building `%XX` from three strings for each octet cost more than the rest of encoding it. */
const ESCAPES: readonly string[] = Array.from({ length: 256 }, (_, byte) => '%' + HEX[byte >> 4] + HEX[byte & 15]);

function pct(byte: number): string {
  return ESCAPES[byte]!;
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
