/** The escapes Apache and nginx write in the quoted fields of a combined log. */

import { decodeUtf8Lossless } from '@robots-lens/kernel/parse';

/** The byte each one-letter escape of Apache's `ap_escape_logitem` stands for. */
const LETTER_ESCAPES: ReadonlyMap<string, number> = new Map([['"', 0x22], ['\\', 0x5c], ['b', 0x08], ['n', 0x0a], ['r', 0x0d], ['t', 0x09], ['v', 0x0b]]);

/**
 * A quoted field of a combined log (the request line, the User-Agent) as the client sent it.
 * Apache (`ap_escape_logitem`, for `%r` and `%{…}i`) writes `\"` and `\\`, `\b \n \r \t \v`,
 * and `\xhh` for every other control or non-ASCII byte; nginx (`escape=default`) writes `\xHH`
 * for `"`, `\`, bytes below 0x20 and above 0x7E. Escaped bytes are octets of the request, so a
 * run of them is read as UTF-8; an invalid octet stays that octet (a surrogate escape, which
 * the matcher turns back into the same byte). Neither server leaves a backslash unescaped, so
 * one starting no known escape is kept as it stands.
 */
export function unescapeLogField(s: string): string {
  let i = s.indexOf('\\');
  if (i < 0) return s;
  let out = s.slice(0, i);
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length === 0) return;
    out += decodeUtf8Lossless(Uint8Array.from(bytes));
    bytes = [];
  };
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 0x5c) {
      const next = s.charAt(i + 1);
      const letter = LETTER_ESCAPES.get(next);
      if (letter !== undefined) {
        bytes.push(letter);
        i += 2;
        continue;
      }
      if (next === 'x') {
        const h1 = hexDigit(s.charCodeAt(i + 2));
        const h2 = hexDigit(s.charCodeAt(i + 3));
        if (h1 >= 0 && h2 >= 0) {
          bytes.push(h1 * 16 + h2);
          i += 4;
          continue;
        }
      }
    }
    flush();
    // Copy the literal run up to the next backslash at once.
    const end = s.indexOf('\\', i + 1);
    const stop = end < 0 ? s.length : end;
    out += s.slice(i, stop);
    i = stop;
  }
  flush();
  return out;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}
