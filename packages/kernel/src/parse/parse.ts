/**
 * robots.txt text → `RobotsFile`, following RFC 9309 and Google's parser (docs/spec/robots-semantics.md §1–2).
 * Never throws: every input, however broken, yields a model plus problems.
 */

import { escapedByte, normalizePattern } from '../encoding';
import { isStarAgent, productToken, tokenKey } from '../product-token';
import { decodeRobotsPieces, utf8Width } from './decode';
import { exactKeyWithColon, KEY_DIRECTIVES, KEY_LENGTHS, readKeyAt } from './keys';
import { lineFlags } from './line';
import type { ParsedLine } from './line';
import { LineTable } from './line-table';
import type { AgentLine, Group, LineKind, Problem, RobotsFile, Rule, Sitemap } from './model';
import { GOOGLE_MAX_LINE_BYTES, GOOGLE_SIZE_LIMIT_BYTES } from './model';

/** The most lines the table makes room for before it sees them (it grows past this). */
const MAX_EXPECTED_LINES = 1 << 16;

// Module-local copies: the loop reads them for every line.
const SIZE_LIMIT = GOOGLE_SIZE_LIMIT_BYTES;
const MAX_LINE = GOOGLE_MAX_LINE_BYTES;

/** Parses a robots.txt body given as bytes (as fetched) or as text (as in the editor). */
export function parseRobots(input: string | Uint8Array): RobotsFile {
  if (typeof input === 'string') {
    // In an editor buffer a BOM is a character; skip it but keep offsets aligned with the text.
    const bom = input.charCodeAt(0) === 0xfeff ? 1 : 0;
    return build([input], bom, bom > 0);
  }
  return parseRobotsBytes(input);
}

/**
 * `parseRobots` of bytes, decoded in pieces of about `pieceBytes` (see `decodeRobotsPieces`):
 * tests cut small ones, so that short bodies cross the ends of pieces as large files do.
 */
export function parseRobotsBytes(bytes: Uint8Array, pieceBytes?: number): RobotsFile {
  const decoded = decodeRobotsPieces(bytes, pieceBytes);
  return build(decoded.pieces, 0, decoded.hadBom);
}

/**
 * Reads the text given in pieces, each ending with a line break but the last (see
 * `decodeRobotsPieces`): offsets are into their concatenation, `RobotsFile.text`.
 */
function build(pieces: readonly string[], bodyStart: number, hadBom: boolean): RobotsFile {
  const text = concatenated(pieces);
  // Real files have a line per 20 to 40 characters: most tables never grow. Capped, so that a
  // huge file of few long lines does not reserve room for millions of lines it lacks.
  const table = new LineTable(Math.min(text.length >> 4, MAX_EXPECTED_LINES));
  const problems: Problem[] = [];
  const groups: MutableGroup[] = [];
  const sitemaps: Sitemap[] = [];
  const orphanRules: Rule[] = [];
  let current: MutableGroup | undefined;
  let sawRuleInCurrent = false;
  let byteOffset = 0;
  let index = 0;
  let limitReported = false;
  let html: Problem | undefined;

  if (hadBom) {
    problems.push({ code: 'bom', span: { start: 0, end: bodyStart }, message: 'The file starts with a byte order mark; crawlers skip it.' });
  }

  // Offsets within a piece are read as they are; `base`, the piece's offset in the text, is
  // added to those the file keeps.
  let base = 0;
  for (let p = 0; p < pieces.length; base += pieces[p]!.length, p++) {
    const piece = pieces[p]!;
    let lineStart = p === 0 ? bodyStart : 0;
    // The next line feed, carriage return, `#`, `%` and non-ASCII character, each found by a
    // native search and searched again only once a line has passed it: a loop over every
    // character in script cost more than the rest of the line's reading.
    let lf = -1;
    let cr = -1;
    let sharp = -1;
    let percent = -1;
    let wide = -1;
    while (lineStart <= piece.length) {
      if (lf < lineStart) lf = nextOf(piece, '\n', lineStart);
      if (cr < lineStart) cr = nextOf(piece, '\r', lineStart);
      if (sharp < lineStart) sharp = nextOf(piece, '#', lineStart);
      if (wide < lineStart) wide = nextNonAscii(piece, lineStart);
      const lineEnd = Math.min(lf, cr);
      const ascii = wide >= lineEnd;
      if (percent < lineStart) percent = nextOf(piece, '%', lineStart);
      const hash = sharp < lineEnd ? sharp : -1;
      const atEnd = lineEnd >= piece.length;
      // A final empty line after the last line break is not a line; nor is the end of a piece
      // but the last, which ends with a line break.
      if (atEnd && lineEnd === lineStart && index > 0) break;

      // Google reads at most 500 KiB, and at most 16,663 bytes of each line.
      const budget = Math.min(MAX_LINE, Math.max(0, SIZE_LIMIT - byteOffset));
      let lineBytes = lineEnd - lineStart;
      let cut = lineBytes > budget ? lineStart + budget : lineEnd;
      if (!ascii) {
        lineBytes = 0;
        cut = lineEnd;
        for (let i = lineStart; i < lineEnd; i++) {
          const w = utf8Width(piece, i);
          if (cut === lineEnd && lineBytes + w > budget) cut = i;
          lineBytes += w;
        }
        addEncodingProblems(piece, base, lineStart, lineEnd, problems);
      }
      const beyondLimit = byteOffset >= SIZE_LIMIT;
      const truncated = !beyondLimit && lineBytes > MAX_LINE;
      const contentEnd = beyondLimit ? lineEnd : cut;
      const kind = readLine(table, piece, base, lineStart, lineEnd, contentEnd, hash < contentEnd ? hash : -1, byteOffset, beyondLimit, truncated);
      // A 200 response that is an HTML page shows it in its first lines.
      if (index <= HTML_LINES && !html && kind !== 'blank') html = htmlProblem(piece, base, lineStart, lineEnd);

      if (beyondLimit) {
        if (!limitReported && kind !== 'blank') {
          limitReported = true;
          problems.push({
            code: 'size-limit',
            span: { start: base + lineStart, end: base + lineEnd },
            message: `Google reads only the first 500 KiB (${GOOGLE_SIZE_LIMIT_BYTES.toLocaleString('en-US')} bytes); this line and everything after it are ignored.`,
          });
        }
      } else {
        if (truncated) {
          problems.push({
            code: 'line-too-long',
            span: { start: base + cut, end: base + lineEnd },
            message: `The line is ${lineBytes.toLocaleString('en-US')} bytes long; Google reads only the first ${GOOGLE_MAX_LINE_BYTES.toLocaleString('en-US')}.`,
          });
        }
        switch (kind) {
          case 'user-agent': {
            if (!current || sawRuleInCurrent) {
              current = newGroup(groups.length, index);
              groups.push(current);
              sawRuleInCurrent = false;
            }
            const value = table.value(piece, base, index);
            const agent: AgentLine = { line: index, value, token: productToken(value), isStar: isStarAgent(value) };
            current.agents.push(agent);
            current.lastLine = index;
            table.setGroup(index, current.index);
            break;
          }
          case 'allow':
          case 'disallow': {
            // A pattern of plain ASCII without `%` is its own normal form (see encoding/normalize.ts).
            const plain = ascii && percent >= lineEnd;
            const rule = makeRule(kind, index, table.value(piece, base, index), plain, current ? current.index : -1);
            if (current) {
              current.rules.push(rule);
              current.lastLine = index;
              table.setGroup(index, current.index);
              sawRuleInCurrent = true;
            } else {
              orphanRules.push(rule);
              problems.push({
                code: 'rule-outside-group',
                span: { start: base + lineStart, end: base + lineEnd },
                message: 'This rule comes before any User-agent line; no crawler obeys it.',
              });
            }
            break;
          }
          case 'sitemap':
            sitemaps.push({ line: index, url: table.value(piece, base, index) });
            break;
          case 'other':
            // Crawl-delay and friends neither start nor end a group, but belong to the group they sit in.
            if (current) {
              current.otherLines.push(index);
              current.lastLine = index;
              table.setGroup(index, current.index);
            }
            break;
          default:
            break;
        }
      }

      byteOffset += lineBytes;
      if (atEnd) break;
      // CRLF is one line break; a lone CR or LF is one too.
      const breakLength = piece.charCodeAt(lineEnd) === 0x0d && piece.charCodeAt(lineEnd + 1) === 0x0a ? 2 : 1;
      byteOffset += breakLength;
      lineStart = lineEnd + breakLength;
      index++;
    }
  }

  if (html) problems.push(html);

  let lines: readonly ParsedLine[] | undefined;
  return {
    text,
    // Made on first reading (see line-table.ts); an own enumerable property, so that copies,
    // JSON and structured clones carry the lines as they did when they were plain data.
    get lines(): readonly ParsedLine[] {
      return (lines ??= table.lines(text));
    },
    groups,
    groupsByToken: indexGroups(groups),
    sitemaps,
    orphanRules,
    problems,
    hadBom,
    byteLength: byteOffset,
  };
}

interface MutableGroup extends Group {
  readonly agents: AgentLine[];
  readonly rules: Rule[];
  readonly otherLines: number[];
  lastLine: number;
}

function newGroup(index: number, firstLine: number): MutableGroup {
  return { index, agents: [], rules: [], otherLines: [], firstLine, lastLine: firstLine };
}

function makeRule(kind: 'allow' | 'disallow', line: number, pattern: string, plain: boolean, group: number): Rule {
  const normalized = plain ? pattern : normalizePattern(pattern);
  return { kind, line, pattern, normalized, octets: normalized.length, group };
}

function indexGroups(groups: readonly Group[]): Map<string, number[]> {
  const byToken = new Map<string, number[]>();
  for (const group of groups) {
    const seen = new Set<string>();
    for (const agent of group.agents) {
      const key = agent.isStar ? '*' : tokenKey(agent.token);
      // An agent line without a product token (`360Spider`) governs nobody.
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const list = byToken.get(key);
      if (list) list.push(group.index);
      else byToken.set(key, [group.index]);
    }
  }
  return byToken;
}

/**
 * One line, read as Google's `GetKeyAndValueFrom` does: strip the comment, trim, split at
 * the first colon — or, when there is none, at whitespace if the line is exactly two
 * tokens — then read the key leniently. Only `[start, contentEnd)` counts (Google's
 * limits may cut a line short); `end` is where the line really ends; `hash` is the first
 * `#` before `contentEnd`, or -1.
 * Everything is found by scanning character codes and recorded as offsets in the table;
 * returns the line's kind.
 */
function readLine(
  table: LineTable,
  text: string,
  base: number,
  start: number,
  end: number,
  contentEnd: number,
  hash: number,
  byteOffset: number,
  beyondLimit: boolean,
  truncated: boolean,
): LineKind {
  const stop = hash >= 0 ? hash : contentEnd;
  const s = skipSpace(text, start, stop);
  const e = dropSpace(text, s, stop);
  if (s === e) return keyless(table, base, start, end, byteOffset, hash >= 0 ? 'comment' : 'blank', hash, beyondLimit, truncated);

  // `Disallow: /x`: the colon right after a known key spelled exactly, as nearly every line
  // is. The general reading below gives such a line the very same key, value and flags.
  const known = exactKeyWithColon(text, s, e);
  if (known >= 0) {
    const colon = s + KEY_LENGTHS[known]!;
    const vs = skipSpace(text, colon + 1, e);
    const ve = dropSpace(text, vs, e);
    table.add(base + start, base + end, byteOffset, EXACT_FLAGS[known * 4 + (beyondLimit ? 2 : 0) + (truncated ? 1 : 0)]!, hash < 0 ? -1 : base + hash, base + s, base + colon, base + vs, base + ve);
    return KEY_DIRECTIVES[known]!;
  }

  let keyEnd = -1;
  let valueStart = -1;
  let missingColon = false;
  const colon = indexOfWithin(text, 0x3a, s, e);
  if (colon >= 0) {
    keyEnd = colon;
    valueStart = colon + 1;
  } else {
    let ws = s;
    while (ws < e && !isSpace(text.charCodeAt(ws))) ws++;
    if (ws < e) {
      const v = skipSpace(text, ws, e);
      let more = v;
      while (more < e && !isSpace(text.charCodeAt(more))) more++;
      if (more === e) {
        keyEnd = ws;
        valueStart = v;
        missingColon = true;
      }
    }
  }
  if (keyEnd < 0) return keyless(table, base, start, end, byteOffset, 'invalid', hash, beyondLimit, truncated);
  const ke = dropSpace(text, s, keyEnd);
  if (ke === s) return keyless(table, base, start, end, byteOffset, 'invalid', hash, beyondLimit, truncated);
  const vs = skipSpace(text, valueStart, e);
  const ve = dropSpace(text, vs, e);
  const reading = readKeyAt(text, s, ke);
  const kind = reading ? reading.directive : 'other';
  table.add(base + start, base + end, byteOffset, lineFlags(kind, reading ? reading.spelling : 'exact', missingColon, beyondLimit, truncated), hash < 0 ? -1 : base + hash, base + s, base + ke, base + vs, base + ve);
  return kind;
}

/** `lineFlags` of a known key spelled exactly, by its index in KEY_DIRECTIVES × 4 + (beyond the limit: 2) + (truncated: 1). */
const EXACT_FLAGS: readonly number[] = KEY_DIRECTIVES.flatMap((kind) =>
  [[false, false], [false, true], [true, false], [true, true]].map(([beyond, truncated]) => lineFlags(kind, 'exact', false, beyond!, truncated!)),
);

/** Records a line without a key: blank, a comment alone, or text that is no `key: value`. */
function keyless(table: LineTable, base: number, start: number, end: number, byteOffset: number, kind: LineKind, hash: number, beyondLimit: boolean, truncated: boolean): LineKind {
  table.add(base + start, base + end, byteOffset, lineFlags(kind, undefined, false, beyondLimit, truncated), hash < 0 ? -1 : base + hash, -1, -1, -1, -1);
  return kind;
}

/** `indexOf` bounded to one line: an unbounded search would make parsing quadratic. */
function indexOfWithin(text: string, code: number, start: number, end: number): number {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

function skipSpace(text: string, start: number, end: number): number {
  let s = start;
  while (s < end && isSpace(text.charCodeAt(s))) s++;
  return s;
}

function dropSpace(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--;
  return e;
}

/** ASCII whitespace as Google's `ascii_isspace` sees it (line breaks never reach here). */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c;
}

const MAX_ENCODING_PROBLEMS = 100;

function addEncodingProblems(text: string, base: number, from: number, to: number, problems: Problem[]): void {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc80 || c > 0xdcff) continue;
    const prev = text.charCodeAt(i - 1);
    if (prev >= 0xd800 && prev <= 0xdbff) continue;
    if (problems.length >= MAX_ENCODING_PROBLEMS && problems.filter((p) => p.code === 'invalid-utf8').length >= MAX_ENCODING_PROBLEMS) return;
    const hex = escapedByte(c).toString(16).toUpperCase();
    problems.push({
      code: 'invalid-utf8',
      span: { start: base + i, end: base + i + 1 },
      message: `Invalid UTF-8 byte 0x${hex}; crawlers compare it as the octet %${hex}.`,
    });
  }
}

/** The lines (0-based, up to this one) that may show a 200 response to be an HTML page. */
const HTML_LINES = 21;

/** The line `text[start, end)`, not blank, read as the start of an HTML page, or undefined. */
function htmlProblem(text: string, base: number, start: number, end: number): Problem | undefined {
  const head = text.slice(start, Math.min(end, start + 64)).trimStart().toLowerCase();
  if (head.startsWith('<!doctype') || head.startsWith('<html') || head.startsWith('<?xml') || head.startsWith('<head')) {
    return {
      code: 'looks-like-html',
      span: { start: base + start, end: base + end },
      message: 'This looks like an HTML page, not a robots.txt: crawlers take the valid lines and ignore the rest.',
    };
  }
  return undefined;
}

/**
 * The pieces as one string. Joined by `+`, which links them rather than copying: the engine
 * makes the flat copy only when something reads the text, which the matcher and a replay
 * rarely do.
 */
function concatenated(pieces: readonly string[]): string {
  let text = pieces[0]!;
  for (let p = 1; p < pieces.length; p++) text += pieces[p]!;
  return text;
}

/** The index of `ch` at or after `from`, or the text's length when there is none. */
function nextOf(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at < 0 ? text.length : at;
}

// A sticky run of ASCII, not a search for the first non-ASCII character: the engine steps
// through a run of one class faster than it tries a match at each position (about 2.5×).
const ASCII_RUN = /[\0-\x7f]*/y;

/** The index of the first non-ASCII character at or after `from`, or the text's length. */
function nextNonAscii(text: string, from: number): number {
  ASCII_RUN.lastIndex = from;
  ASCII_RUN.test(text);
  return ASCII_RUN.lastIndex;
}
