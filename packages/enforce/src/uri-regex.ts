/**
 * One robots.txt pattern as a regular expression over the request-target *as sent* (path and
 * query, escapes untouched, raw octets), matching exactly the requests whose normalised
 * target the pattern matches (docs/spec/robots-semantics.md §4). Servers cannot normalise a
 * URL the way the contract does, so each character of the normalised pattern becomes every
 * raw spelling that normalises to it: `b` is `b` or `%62` (either case of hex), `%2F` is `%2F`
 * or `%2f` but never `/`, `%E3` is `%E3`, `%e3` or the raw octet E3, `%2A` is a literal `*`.
 *
 * The raw target is read as tokens, as the normaliser reads it: `%` and two hex digits, or
 * one character. A `%` is never inside a token, so whether a position starts a token is
 * known from the three characters around it: that is the look-around after a `*`, so a
 * wildcard never ends inside `%41`. RE2 (Caddy, Cloudflare) has no look-around and reads
 * UTF-8, not octets: where a pattern needs either, the expression is exact only for targets
 * without `%` or raw non-ASCII octets, and says so (`exact: false` with the reason).
 */

import { isUnreserved } from '@robots-lens/kernel/encoding';
import { compilePattern } from '@robots-lens/kernel/match';

/** The regular-expression engines the servers use: PCRE (nginx, Apache, HAProxy, lighttpd) and RE2 (Caddy, Cloudflare). */
export type RegexFlavour = 'pcre' | 're2';

export interface UriRegexOptions {
  readonly flavour: RegexFlavour;
  /** What a `*` may consume: `.` reads a whole `$request_uri`, Apache's request line needs `[^ ]`. */
  readonly anyChar: string;
  /** Where a pattern's final `$` anchors: the end of the target. */
  readonly end: string;
}

export interface UriRegex {
  /** Matches a raw target from its first character (the caller anchors it). */
  readonly source: string;
  /** False when the flavour cannot express the pattern exactly for every target. */
  readonly exact: boolean;
  /** Why not, in a few words each (empty when exact). */
  readonly limits: readonly string[];
}

const HEX = '[0-9A-Fa-f]';
const NOT_HEX = '[^0-9A-Fa-f]';

/** Compiles a normalised pattern (a rule's `normalized`, or Google's implicit `/dir/$`). */
export function uriRegex(normalized: string, options: UriRegexOptions): UriRegex {
  const { pieces, anchored } = compilePattern(normalized);
  const limits = new Set<string>();
  let source = '';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const last = i === pieces.length - 1;
    if (i > 0) {
      // A trailing `*` adds nothing to a prefix match.
      if (last && piece === '' && !anchored) break;
      source += `${options.anyChar}*`;
    }
    const context: PieceEnd = !last ? 'wildcard' : anchored ? 'anchored' : 'prefix';
    source += i === 0 ? pieceRegex(piece, 0, context, options.flavour, limits) : afterWildcard(piece, context, options.flavour, limits);
  }
  if (anchored) source += options.end;
  return { source, exact: limits.size === 0, limits: [...limits] };
}

/** What follows a piece: a `*`, the end of a prefix match, or the end of the target (`$`). */
type PieceEnd = 'wildcard' | 'prefix' | 'anchored';

/** Not inside `%` + two hex digits: neither right after its `%` nor after its first digit. */
const TOKEN_START = `(?!(?<=%)${HEX}${HEX})(?!(?<=%${HEX})${HEX})`;

/**
 * A piece after a `*`. The matcher compares normalised text, so a `*` may stop inside an
 * escape the target carries (`/*F` matches `/%2F`, `/*A` the `%A9` of `é`): besides starting
 * on a token, a piece that starts with upper-case hex digits may start on the last one or two
 * digits of an escape, which the expression then reads as that whole token.
 */
function afterWildcard(piece: string, context: PieceEnd, flavour: RegexFlavour, limits: Set<string>): string {
  if (piece === '') return '';
  let aligned = pieceRegex(piece, 0, context, flavour, limits);
  if (startsWithHexChar(piece)) {
    if (flavour === 'pcre') aligned = TOKEN_START + aligned;
    else limits.add('a `*` before a hex digit or letter needs look-behind');
  }
  const alternatives = [aligned];
  const c1 = piece[0]!;
  const c2 = piece[1];
  if (isUpperHex(c1)) {
    const d1 = parseInt(c1, 16);
    const tail = tokensOfImage((o) => (o & 15) === d1, flavour, limits);
    if (tail !== undefined) alternatives.push(tail + pieceRegex(piece, 1, context, flavour, limits));
    if (c2 === undefined && context !== 'anchored') {
      const head = tokensOfImage((o) => o >> 4 === d1, flavour, limits);
      if (head !== undefined) alternatives.push(head);
    }
    if (c2 !== undefined && isUpperHex(c2)) {
      const octet = parseInt(c1 + c2, 16);
      const whole = tokensOfImage((o) => o === octet, flavour, limits);
      if (whole !== undefined) alternatives.push(whole + pieceRegex(piece, 2, context, flavour, limits));
    }
  }
  return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join('|')})`;
}

/**
 * The raw tokens whose normalised image is an escape `%HH` of an octet `keep` accepts: the
 * escape in either case unless it names an unreserved character, and the raw octets the
 * normaliser escapes (`*`, `$`, non-ASCII). Undefined when there is none.
 */
function tokensOfImage(keep: (octet: number) => boolean, flavour: RegexFlavour, limits: Set<string>): string | undefined {
  const alternatives: string[] = [];
  const escapes = pairRegex((o) => keep(o) && !isUnreserved(o));
  if (escapes !== '(?:)') alternatives.push(`%${escapes}`);
  for (const special of [0x2a, 0x24]) if (keep(special)) alternatives.push(`\\x${hex2(special)}`);
  const bytes: number[] = [];
  for (let o = 0x80; o <= 0xff; o++) if (keep(o)) bytes.push(o);
  if (bytes.length > 0) {
    const raw = flavour === 'pcre' ? `[${bytes.map((b) => `\\x${hex2(b)}`).join('')}]` : rawOctetRange(bytes[0]!, bytes[0]!, flavour, limits);
    if (raw !== undefined) alternatives.push(raw);
  }
  return alternatives.length === 0 ? undefined : `(?:${alternatives.join('|')})`;
}

function pieceRegex(piece: string, from: number, context: PieceEnd, flavour: RegexFlavour, limits: Set<string>): string {
  let out = '';
  let i = from;
  while (i < piece.length) {
    const c = piece[i]!;
    if (c !== '%') {
      out += charRegex(c);
      i++;
      continue;
    }
    const h1 = piece[i + 1];
    const h2 = piece[i + 2];
    if (h1 !== undefined && h2 !== undefined && isUpperHex(h1) && isUpperHex(h2)) {
      out += escapeRegex(parseInt(h1 + h2, 16), h1, h2, flavour, limits);
      i += 3;
      continue;
    }
    // The piece ends inside what may be one escape of the target (`%` or `%2` before `*` or the end).
    if (context !== 'anchored' && (h1 === undefined || (h2 === undefined && isUpperHex(h1)))) {
      out += partialEscapeRegex(h1, context, flavour, limits);
      break;
    }
    // A literal `%`: in the target a `%` not followed by two hex digits.
    const taken = literalPercentRegex(piece, i, context, flavour, limits);
    out += taken.source;
    i += taken.length;
  }
  return out;
}

/** A character of the normalised pattern other than `%`. */
function charRegex(c: string): string {
  const code = c.charCodeAt(0);
  return isUnreserved(code) ? `(?:${literal(c)}|${rawEscape(code)})` : literal(c);
}

/**
 * `%HH` (upper-case, as normalised): the escape in either case unless it names an unreserved
 * character (then the target has the character instead), the raw octet when the target
 * escapes it (`*`, `$`, non-ASCII), or a literal `%` followed by the two digits.
 */
function escapeRegex(octet: number, h1: string, h2: string, flavour: RegexFlavour, limits: Set<string>): string {
  const alternatives: string[] = [];
  if (!isUnreserved(octet)) alternatives.push(rawEscape(octet));
  const raw = rawOctet(octet, flavour, limits);
  if (raw !== undefined) alternatives.push(raw);
  // `%` then the digits, never both as plain digits (that would be the escape itself).
  alternatives.push(`%(?:${rawEscape(h1.charCodeAt(0))}${charRegex(h2)}|${literal(h1)}${rawEscape(h2.charCodeAt(0))})`);
  return `(?:${alternatives.join('|')})`;
}

/** `%` or `%H` at the end of a piece followed by `*` or the end of a prefix match: the start of any escape that normalises to text starting so. */
function partialEscapeRegex(h1: string | undefined, context: PieceEnd, flavour: RegexFlavour, limits: Set<string>): string {
  const alternatives: string[] = [];
  if (h1 === undefined) {
    if (flavour === 'pcre') alternatives.push(`%(?!${pairRegex((o) => isUnreserved(o))})`);
    else if (context === 'prefix') alternatives.push(`%(?:$|${NOT_HEX}|${HEX}$|${HEX}${NOT_HEX}|${pairRegex((o) => !isUnreserved(o))})`);
    else {
      limits.add('a `%` before `*` needs look-ahead');
      alternatives.push('%');
    }
    alternatives.push('\\x2A', '\\x24');
    const bytes = rawOctetRange(0x80, 0xff, flavour, limits);
    if (bytes !== undefined) alternatives.push(bytes);
  } else {
    const high = parseInt(h1, 16);
    const unreservedSecond = secondDigits(high, (o) => isUnreserved(o));
    if (flavour === 'pcre') alternatives.push(`%${hexDigit(high)}${unreservedSecond === '' ? '' : `(?!${unreservedSecond})`}`);
    else if (context === 'prefix') {
      const reserved = secondDigits(high, (o) => !isUnreserved(o));
      alternatives.push(`%${hexDigit(high)}(?:$|${NOT_HEX}${reserved === '' ? '' : `|${reserved}`})`);
    } else {
      limits.add('a `%` before `*` needs look-ahead');
      alternatives.push(`%${hexDigit(high)}`);
    }
    alternatives.push(`%${rawEscape(h1.charCodeAt(0))}`);
    if (high === 2) alternatives.push('\\x2A', '\\x24');
    if (high >= 8) {
      const bytes = rawOctetRange(high * 16, high * 16 + 15, flavour, limits);
      if (bytes !== undefined) alternatives.push(bytes);
    }
  }
  return `(?:${alternatives.join('|')})`;
}

/**
 * A literal `%` of the normalised pattern (not followed there by two upper-case hex digits):
 * in the target, a `%` not followed by two hex digits. PCRE says so with a look-ahead; RE2
 * spells the characters after it out where the pattern gives them.
 */
function literalPercentRegex(piece: string, at: number, context: PieceEnd, flavour: RegexFlavour, limits: Set<string>): { source: string; length: number } {
  if (flavour === 'pcre') return { source: `%(?!${HEX}${HEX})`, length: 1 };
  const n1 = piece[at + 1];
  const n2 = piece[at + 2];
  if (n1 === undefined) {
    // `%` then `$`: nothing follows. `%` then `*`: anything may.
    if (context === 'anchored') return { source: '%', length: 1 };
    limits.add('a `%` before `*` needs look-ahead');
    return { source: '%', length: 1 };
  }
  if (!isHexChar(n1)) return { source: '%', length: 1 };
  if (n2 === undefined) {
    if (context === 'anchored') return { source: `%(?:${literal(n1)}|${rawEscape(n1.charCodeAt(0))})`, length: 2 };
    // The end of a prefix match: what follows may be read, not left for a next piece.
    if (context === 'prefix') return { source: `%(?:${literal(n1)}(?:$|${NOT_HEX})|${rawEscape(n1.charCodeAt(0))})`, length: 2 };
    limits.add('a `%` before `*` needs look-ahead');
    return { source: '%', length: 1 };
  }
  if (!isHexChar(n2)) return { source: '%', length: 1 };
  // Two hex characters the target must not both send plain.
  return { source: `%(?:${rawEscape(n1.charCodeAt(0))}${charRegex(n2)}|${literal(n1)}${rawEscape(n2.charCodeAt(0))})`, length: 3 };
}

/** The raw octet whose escape the normaliser writes: `*`, `$`, and non-ASCII octets. */
function rawOctet(octet: number, flavour: RegexFlavour, limits: Set<string>): string | undefined {
  if (octet === 0x2a || octet === 0x24) return `\\x${hex2(octet)}`;
  if (octet < 0x80) return undefined;
  return rawOctetRange(octet, octet, flavour, limits);
}

function rawOctetRange(from: number, to: number, flavour: RegexFlavour, limits: Set<string>): string | undefined {
  if (flavour === 're2') {
    limits.add('RE2 reads UTF-8, not raw octets');
    return undefined;
  }
  return from === to ? `\\x${hex2(from)}` : `[\\x${hex2(from)}-\\x${hex2(to)}]`;
}

/** `%` and two hex digits in either case naming `octet`. */
function rawEscape(octet: number): string {
  return `%${hexDigit(octet >> 4)}${hexDigit(octet & 15)}`;
}

/** A hex digit in either case: `4`, `[Aa]`. */
function hexDigit(value: number): string {
  const upper = value.toString(16).toUpperCase();
  return value < 10 ? upper : `[${upper}${upper.toLowerCase()}]`;
}

/** Two hex digits (either case) naming an octet `keep` accepts, as one alternation. */
function pairRegex(keep: (octet: number) => boolean): string {
  const byHigh: string[] = [];
  for (let high = 0; high < 16; high++) {
    const second = secondDigits(high, keep);
    if (second !== '') byHigh.push(`${hexDigit(high)}${second}`);
  }
  return `(?:${byHigh.join('|')})`;
}

/** The second hex digits (either case) after `high` naming an octet `keep` accepts, as a class; '' for none. */
function secondDigits(high: number, keep: (octet: number) => boolean): string {
  let chars = '';
  for (let low = 0; low < 16; low++) {
    if (!keep(high * 16 + low)) continue;
    const upper = low.toString(16).toUpperCase();
    chars += low < 10 ? upper : upper + upper.toLowerCase();
  }
  return chars === '' ? '' : `[${chars}]`;
}

/** Could the first raw character of `piece` be a hex digit (a plain `a`, `F`, `7`)? */
function startsWithHexChar(piece: string): boolean {
  return isHexChar(piece[0]!);
}

function isHexChar(c: string): boolean {
  return /^[0-9A-Fa-f]$/.test(c);
}

function isUpperHex(c: string): boolean {
  return /^[0-9A-F]$/.test(c);
}

function hex2(octet: number): string {
  return octet.toString(16).toUpperCase().padStart(2, '0');
}

/**
 * A character as itself when no configuration language or engine reads it specially, else
 * as `\xHH`: the output never carries quotes, backslashes of its own, spaces or braces.
 */
export function literal(c: string): string {
  if (/^[A-Za-z0-9/_~,:@!&=-]$/.test(c)) return c;
  if (c === '.') return '\\.';
  return `\\x${hex2(c.charCodeAt(0))}`;
}
