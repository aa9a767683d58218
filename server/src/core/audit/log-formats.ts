/**
 * Access-log formats → `LogRequest`. Each format has one parser; `detectLogFormat` picks a
 * file's format from its first lines. Parsers never throw: a line is a request, a reason it
 * is not one (counted and sampled by the replay), or `null` for lines that carry no request
 * by design (blank lines, W3C `#` directives).
 *
 * The combined/common parser is the hot path of a replay and reads a line in place inside
 * a larger chunk (no substring per line, one scan, timestamps parsed once per distinct
 * second); the others favour clarity.
 */

import { decodeUtf8Lossless } from '../parse';
import { parseAnyTime, parseClfTime } from './time';

export type LogFormat = 'combined' | 'common' | 'json' | 'w3c' | 'alb' | 'cloudfront' | 'cloudflare';

export const LOG_FORMATS: readonly LogFormat[] = ['combined', 'common', 'json', 'w3c', 'alb', 'cloudfront', 'cloudflare'];

/** What a log line says about one HTTP request. */
export interface LogRequest {
  /** Epoch milliseconds, UTC. */
  readonly time: number;
  /** The client address; like `url`, it may be a view into a larger chunk of text. */
  readonly ip: string;
  readonly method: string;
  /**
   * The request target as logged: a path (`/a?b`) or an absolute URL (ALB, some JSON logs).
   * It may be a view into a larger chunk of text: copy it (`ownString`) before keeping it long.
   */
  readonly url: string;
  /** Response status; null when the log has none. */
  readonly status: number | null;
  /** User-Agent header; '' when absent. */
  readonly userAgent: string;
  /** Host header when the log records it. */
  readonly host: string | null;
  /** The response's X-Robots-Tag header, when the log has a column for it (JSON logs). */
  readonly xRobotsTag?: string;
}

/** Field names (dotted paths allowed) of a JSON-lines log; unset ones are guessed from common names. */
export interface JsonFieldNames {
  readonly time?: string;
  readonly ip?: string;
  readonly method?: string;
  readonly url?: string;
  /** A whole request line (`GET /x HTTP/1.1`), used when there is no separate method/url. */
  readonly request?: string;
  readonly status?: string;
  readonly userAgent?: string;
  readonly host?: string;
  /** The response's X-Robots-Tag header (page-level directives, reported per request). */
  readonly xRobotsTag?: string;
}

export interface LogLineParser {
  readonly format: LogFormat;
  /** Reads `text[start, end)`: a request, the reason the line is not one, or null for non-request lines. */
  parse(text: string, start: number, end: number): LogRequest | string | null;
  /**
   * Combined and common only: reads the line as `parse` does, but a request is left in
   * `scanned` (where its strings lie in `text`; `clfRequest` cuts them) and `true` returned.
   */
  scan?(text: string, start: number, end: number): true | string | null;
  readonly scanned?: Readonly<ClfFields>;
}

/** A combined/common request as positions in its line's text, filled by `scan`. */
export interface ClfFields {
  ipStart: number;
  ipEnd: number;
  /** A shared constant for the usual methods. */
  method: string;
  urlStart: number;
  urlEnd: number;
  time: number;
  status: number | null;
  /** Shared by every line with the same User-Agent, unescaped. */
  userAgent: string;
  /** Where the parser keeps that shared string (stable while the value stays), or -1. */
  userAgentSlot: number;
}

/** The request `fields` describe in `text` (what `parse` returns for that line). */
export function clfRequest(text: string, fields: Readonly<ClfFields>): LogRequest {
  return {
    time: fields.time,
    // Views: most requests are only counted, and the replay copies what it keeps.
    ip: text.slice(fields.ipStart, fields.ipEnd),
    method: fields.method,
    url: clfTarget(text, fields),
    status: fields.status,
    userAgent: fields.userAgent,
    host: null,
  };
}

/**
 * The request target of a combined/common line. Escaped like the User-Agent (a `"` in the
 * target is logged as `\"`), so unescaped the same way; most targets have no backslash.
 */
export function clfTarget(text: string, fields: Readonly<ClfFields>): string {
  const target = text.slice(fields.urlStart, fields.urlEnd);
  return target.includes('\\') ? unescapeLogField(target) : target;
}

export interface LogParserOptions {
  readonly jsonFields?: JsonFieldNames;
}

/** A parser for one file (parsers of header-driven formats keep the header they last saw). */
export function createLogParser(format: LogFormat, options: LogParserOptions = {}): LogLineParser {
  switch (format) {
    case 'combined':
      return new ClfParser('combined');
    case 'common':
      return new ClfParser('common');
    case 'json':
      return new JsonParser('json', options.jsonFields ?? {});
    case 'cloudflare':
      return new JsonParser('cloudflare', { ...CLOUDFLARE_FIELDS, ...options.jsonFields });
    case 'w3c':
      return new W3cParser('w3c');
    case 'cloudfront':
      return new W3cParser('cloudfront');
    case 'alb':
      return new AlbParser();
  }
}

// ─────────────────────────────────────────────────────────────────────────────────────────
// Apache / nginx: common and combined (and combined with extra fields after the User-Agent)
// ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * `indexOf` that remembers a search that ran past its line, so that a run of lines lacking
 * the character never rescans the rest of the chunk: a hostile file stays linear.
 */
class MemoSearch {
  private text = '';
  private from = 0;
  /** No needle in [from, until); `until` is the next occurrence, or Infinity. */
  private until = -1;

  constructor(private readonly needle: string) {}

  find(text: string, from: number, end: number): number {
    if (from < this.until && from >= this.from && text === this.text) return this.until === Infinity ? -1 : this.until;
    const at = text.indexOf(this.needle, from);
    if (at < 0 || at >= end) {
      this.text = text;
      this.from = from;
      this.until = at < 0 ? Infinity : at;
    }
    return at;
  }
}

/**
 * Returns repeated field values (User-Agents, URLs, addresses) as one shared string per
 * value: a hit costs a few character reads, a throwaway slice and one comparison, and hands
 * later hash lookups a string whose hash is already known (hashing fresh slices of a big
 * chunk is what made the replay slow). Stored strings are copies: they never pin a chunk.
 */
class Interner {
  private readonly raw: (string | undefined)[];
  private readonly values: string[];
  private readonly mask: number;
  /** The slot the last `get` used (-1 for an empty value). */
  lastSlot = -1;

  /** `transform` maps a new raw value (e.g. unescapes it); hits return the transformed value. */
  constructor(bits: number, private readonly transform?: (raw: string) => string) {
    this.raw = new Array<string | undefined>(1 << bits).fill(undefined);
    this.values = new Array<string>(1 << bits).fill('');
    this.mask = (1 << bits) - 1;
  }

  get(text: string, start: number, end: number): string {
    const len = end - start;
    if (len <= 0) {
      this.lastSlot = -1;
      return '';
    }
    let h = Math.imul(len, 0x9e3779b1);
    h = Math.imul(h ^ text.charCodeAt(end - 1), 0x85ebca6b);
    h = Math.imul(h ^ text.charCodeAt(start + (len >> 1)), 0xc2b2ae35);
    h = Math.imul(h ^ text.charCodeAt(start + (len >> 2)), 0x27d4eb2f);
    h = Math.imul(h ^ text.charCodeAt(end - 1 - (len >> 3)), 0x165667b1);
    const i = (h ^ (h >>> 15)) & this.mask;
    this.lastSlot = i;
    const cached = this.raw[i];
    // slice + === beats startsWith(cached, start) several times over in V8 (a slice is a
    // small view object; equality is a flat memory compare).
    const slice = text.slice(start, end);
    if (cached !== undefined && cached.length === len && slice === cached) return this.values[i]!;
    const copy = ownString(slice);
    const value = this.transform ? this.transform(copy) : copy;
    this.raw[i] = copy;
    this.values[i] = value;
    return value;
  }
}

/**
 * `Interner` for strings already cut out: the same fingerprint, compared with `===`. Used for
 * values that need hash lookups only some of the time (URLs of crawler requests).
 */
export class StringInterner {
  private readonly table: (string | undefined)[];
  private readonly mask: number;

  constructor(bits: number) {
    this.table = new Array<string | undefined>(1 << bits).fill(undefined);
    this.mask = (1 << bits) - 1;
  }

  get(s: string): string {
    const len = s.length;
    if (len === 0) return s;
    let h = Math.imul(len, 0x9e3779b1);
    h = Math.imul(h ^ s.charCodeAt(len - 1), 0x85ebca6b);
    h = Math.imul(h ^ s.charCodeAt(len >> 1), 0xc2b2ae35);
    h = Math.imul(h ^ s.charCodeAt(len >> 2), 0x27d4eb2f);
    h = Math.imul(h ^ s.charCodeAt(len - 1 - (len >> 3)), 0x165667b1);
    const i = (h ^ (h >>> 15)) & this.mask;
    const cached = this.table[i];
    if (cached !== undefined && cached.length === len && cached === s) return cached;
    const copy = ownString(s);
    this.table[i] = copy;
    return copy;
  }
}

/**
 * A copy of a substring that does not keep its (possibly megabyte) parent string alive:
 * slicing a concatenation makes V8 flatten it into a fresh string first.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (s + ' ').slice(0, -1);
}

class ClfParser implements LogLineParser {
  readonly scanned: ClfFields = { ipStart: 0, ipEnd: 0, method: '', urlStart: 0, urlEnd: 0, time: 0, status: null, userAgent: '', userAgentSlot: -1 };
  private readonly quote = new MemoSearch('"');
  private readonly open = new MemoSearch(' [');
  private readonly close = new MemoSearch(']');
  private readonly userAgents = new Interner(12, (raw) => (raw.includes('\\') ? unescapeLogField(raw) : raw));
  private lastTimeText = '';
  private lastTime = NaN;
  private monthKey = -1;
  private day = -1;
  private year = -1;
  private dayMs = 0;

  constructor(readonly format: 'combined' | 'common') {}

  parse(text: string, start: number, end: number): LogRequest | string | null {
    const result = this.scan(text, start, end);
    return result === true ? clfRequest(text, this.scanned) : result;
  }

  scan(text: string, start: number, end: number): true | string | null {
    if (end <= start) return null;
    const fields = this.scanned;
    // Fast path `ip - - [`: one search for the first space, then fixed positions.
    let lb: number;
    const sp = text.indexOf(' ', start);
    if (
      sp > start && sp + 5 < end && text.charCodeAt(sp + 1) === 0x2d && text.charCodeAt(sp + 2) === 0x20 &&
      text.charCodeAt(sp + 3) === 0x2d && text.charCodeAt(sp + 4) === 0x20 && text.charCodeAt(sp + 5) === 0x5b
    ) {
      lb = sp + 4;
      fields.ipStart = start;
      fields.ipEnd = sp;
    } else {
      lb = this.open.find(text, start, end);
      if (lb < 0 || lb >= end) return 'no [timestamp]';
      if (!clientSpan(text, start, lb, fields)) return 'no client address before the timestamp';
    }
    // `[23/Nov/2026:00:00:03 +0000]` is 26 characters; other widths are searched for.
    const rb = text.charCodeAt(lb + 28) === 0x5d ? lb + 28 : this.close.find(text, lb + 2, end);
    if (rb < 0 || rb >= end) return 'unterminated [timestamp]';
    const time = this.time(text, lb + 2, rb);
    if (Number.isNaN(time)) return 'unreadable timestamp';

    // "METHOD TARGET PROTOCOL"
    if (text.charCodeAt(rb + 1) !== 0x20 || text.charCodeAt(rb + 2) !== 0x22) return 'no quoted request line';
    const reqStart = rb + 3;
    const reqEnd = this.closingQuote(text, reqStart, end);
    if (reqEnd < 0) return 'unterminated request line';
    const sp1 = text.indexOf(' ', reqStart);
    if (sp1 < 0 || sp1 >= reqEnd) return reqEnd === reqStart || (reqEnd === reqStart + 1 && text.charCodeAt(reqStart) === 0x2d) ? 'no request line ("-")' : 'request line is not METHOD TARGET PROTOCOL';
    const method = methodAt(text, reqStart, sp1);
    if (method === undefined) return 'request line is not METHOD TARGET PROTOCOL';
    // The protocol is the last word; a short backward scan (lastIndexOf and startsWith at an
    // offset are runtime calls in V8, far slower than these character tests).
    let sp2 = reqEnd - 1;
    while (sp2 > sp1 && text.charCodeAt(sp2) !== 0x20) sp2--;
    const urlEnd = sp2 > sp1 && text.charCodeAt(sp2 + 1) === 0x48 && text.charCodeAt(sp2 + 4) === 0x50 && text.charCodeAt(sp2 + 5) === 0x2f ? sp2 : reqEnd;
    if (urlEnd === sp1 + 1) return 'empty request target';

    // status and size
    let i = reqEnd + 1;
    if (text.charCodeAt(i) !== 0x20) return 'no status after the request line';
    i++;
    const statusStart = i;
    let status = 0;
    while (i < end) {
      const c = text.charCodeAt(i) - 0x30;
      if (c < 0 || c > 9) break;
      status = status * 10 + c;
      i++;
    }
    let statusValue: number | null = status;
    if (i === statusStart) {
      if (text.charCodeAt(i) !== 0x2d) return 'no status after the request line';
      statusValue = null;
      i++;
    }
    if (i >= end || text.charCodeAt(i) !== 0x20) return 'line ends after the status (no size)';
    i++;
    const sizeStart = i;
    while (i < end && text.charCodeAt(i) !== 0x20) i++;
    if (i === sizeStart) return 'no response size';

    const ua = this.secondQuoted(text, i, end);
    // A common line has neither; a combined one read as common still yields its User-Agent.
    if (ua === undefined && this.format !== 'common') return 'no "referer" "user-agent" fields (common format?)';
    fields.method = method;
    // Not interned: most lines are browsers whose URL is never looked up.
    fields.urlStart = sp1 + 1;
    fields.urlEnd = urlEnd;
    fields.time = time;
    fields.status = statusValue;
    fields.userAgent = ua ?? '';
    fields.userAgentSlot = ua === undefined ? -1 : this.userAgents.lastSlot;
    return true;
  }

  /**
   * Time of `[…]`. The usual `dd/Mon/yyyy:hh:mm:ss +0000` is read in place from fixed
   * positions (no substring), with `Date.UTC` only when the day changes; anything else goes
   * through `parseClfTime`.
   */
  private time(text: string, start: number, end: number): number {
    if (end - start === 26 && text.charCodeAt(start + 2) === 0x2f && text.charCodeAt(start + 11) === 0x3a && text.charCodeAt(start + 21) === 0x2b &&
        text.charCodeAt(start + 22) === 0x30 && text.charCodeAt(start + 23) === 0x30 && text.charCodeAt(start + 24) === 0x30 && text.charCodeAt(start + 25) === 0x30) {
      const day = digit2(text, start);
      const monthKey = (text.charCodeAt(start + 3) << 16) | (text.charCodeAt(start + 4) << 8) | text.charCodeAt(start + 5);
      const year = digit2(text, start + 7) * 100 + digit2(text, start + 9);
      const h = digit2(text, start + 12);
      const m = digit2(text, start + 15);
      const sec = digit2(text, start + 18);
      if (day >= 0 && year >= 0 && h >= 0 && m >= 0 && sec >= 0) {
        // Small-integer keys: comparing them costs nothing, unlike a float key.
        if (monthKey !== this.monthKey || day !== this.day || year !== this.year) {
          const month = MONTH_KEYS.get(monthKey);
          if (month === undefined) return NaN;
          this.monthKey = monthKey;
          this.day = day;
          this.year = year;
          this.dayMs = Date.UTC(year, month, day);
        }
        return this.dayMs + ((h * 60 + m) * 60 + sec) * 1000;
      }
    }
    const slice = text.slice(start, end);
    if (slice === this.lastTimeText) return this.lastTime;
    this.lastTimeText = ownString(slice);
    this.lastTime = parseClfTime(this.lastTimeText);
    return this.lastTime;
  }

  /** Index of the `"` closing a field that opened before `from`; `\"` and `\\` are escapes. */
  private closingQuote(text: string, from: number, end: number): number {
    let i = from;
    for (;;) {
      const q = this.quote.find(text, i, end);
      if (q < 0 || q >= end) return -1;
      if (text.charCodeAt(q - 1) !== 0x5c) return q;
      let b = q - 1;
      while (b >= from && text.charCodeAt(b) === 0x5c) b--;
      if (((q - 1 - b) & 1) === 0) return q;
      i = q + 1;
    }
  }

  /** The second quoted field after `i` (the User-Agent after the referer), unescaped; undefined when absent. */
  private secondQuoted(text: string, i: number, end: number): string | undefined {
    let open = -1;
    let close = -1;
    for (let k = 0; k < 2; k++) {
      while (i < end && text.charCodeAt(i) === 0x20) i++;
      if (i >= end || text.charCodeAt(i) !== 0x22) return undefined;
      open = i + 1;
      close = this.closingQuote(text, open, end);
      if (close < 0) return undefined;
      i = close + 1;
    }
    return this.userAgents.get(text, open, close);
  }
}

const MONTH_KEYS = new Map(
  ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m, i) => [(m.charCodeAt(0) << 16) | (m.charCodeAt(1) << 8) | m.charCodeAt(2), i]),
);

/** Two decimal digits at `i`, or -1. */
function digit2(text: string, i: number): number {
  const a = text.charCodeAt(i) - 0x30;
  const b = text.charCodeAt(i + 1) - 0x30;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * `ip user auth [`, or `vhost:port ip user auth [` (Apache vhost_combined): the address is
 * third from the bracket. Words are runs of anything but spaces; false when there are none.
 */
function clientSpan(text: string, start: number, bracket: number, fields: ClfFields): boolean {
  const words: number[] = [];
  let i = start;
  for (;;) {
    while (i < bracket && text.charCodeAt(i) === 0x20) i++;
    if (i >= bracket) break;
    const wordStart = i;
    while (i < bracket && text.charCodeAt(i) !== 0x20) i++;
    words.push(wordStart, i);
  }
  const count = words.length / 2;
  if (count === 0) return false;
  const k = count >= 3 ? count - 3 : 0;
  fields.ipStart = words[2 * k]!;
  fields.ipEnd = words[2 * k + 1]!;
  return true;
}

/** The request method at [start, end): a shared constant for the usual ones. */
function methodAt(text: string, start: number, end: number): string | undefined {
  const len = end - start;
  const c = text.charCodeAt(start);
  if (len === 3 && c === 0x47 && text.charCodeAt(start + 1) === 0x45 && text.charCodeAt(start + 2) === 0x54) return 'GET';
  if (len === 4 && c === 0x48 && text.charCodeAt(start + 1) === 0x45 && text.charCodeAt(start + 3) === 0x44) return 'HEAD';
  if (len === 4 && c === 0x50 && text.charCodeAt(start + 1) === 0x4f && text.charCodeAt(start + 3) === 0x54) return 'POST';
  const s = text.slice(start, end);
  return isMethod(s) ? s : undefined;
}

function isMethod(s: string): boolean {
  if (s.length === 0 || s.length > 24) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f)) return false;
  }
  return true;
}

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

// ─────────────────────────────────────────────────────────────────────────────────────────
// JSON lines (nginx/Caddy/Traefik/ECS JSON, Cloudflare Logpush)
// ─────────────────────────────────────────────────────────────────────────────────────────

const CLOUDFLARE_FIELDS: JsonFieldNames = {
  time: 'EdgeStartTimestamp',
  ip: 'ClientIP',
  method: 'ClientRequestMethod',
  url: 'ClientRequestURI',
  status: 'EdgeResponseStatus',
  userAgent: 'ClientRequestUserAgent',
  host: 'ClientRequestHost',
};

const JSON_CANDIDATES: Readonly<Record<keyof JsonFieldNames, readonly string[]>> = {
  time: ['time', 'timestamp', '@timestamp', 'time_iso8601', 'time_local', 'datetime', 'date', 'ts', 'msec', 'start_time', 'EdgeStartTimestamp', 'request_time_iso'],
  ip: ['remote_addr', 'client_ip', 'clientip', 'clientIp', 'ClientIP', 'remote_ip', 'remoteIp', 'ip', 'client', 'c-ip', 'source.ip', 'client.ip', 'client.address', 'request.remote_ip'],
  method: ['request_method', 'method', 'verb', 'http_method', 'ClientRequestMethod', 'http.request.method', 'request.method'],
  url: ['request_uri', 'requestUri', 'ClientRequestURI', 'url.original', 'uri', 'url', 'path', 'request.uri', 'request_url'],
  request: ['request', 'request_line', 'requestLine'],
  status: ['status', 'status_code', 'statusCode', 'response_code', 'EdgeResponseStatus', 'http.response.status_code', 'response', 'sc-status'],
  userAgent: ['http_user_agent', 'user_agent', 'userAgent', 'ClientRequestUserAgent', 'user_agent.original', 'http.user_agent', 'agent', 'ua', 'useragent', 'request.headers.User-Agent'],
  host: ['host', 'http_host', 'server_name', 'ClientRequestHost', 'vhost', 'request.host', 'url.domain'],
  xRobotsTag: ['x_robots_tag', 'xRobotsTag', 'sent_http_x_robots_tag', 'http_x_robots_tag', 'X-Robots-Tag', 'response.headers.X-Robots-Tag'],
};

type FieldKey = keyof JsonFieldNames;
const FIELD_KEYS: readonly FieldKey[] = ['time', 'ip', 'method', 'url', 'request', 'status', 'userAgent', 'host', 'xRobotsTag'];

function getPath(record: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path];
  if (!path.includes('.')) return undefined;
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const obj = value as Record<string, unknown>;
    if (!Object.hasOwn(obj, part)) return undefined;
    value = obj[part];
  }
  return value;
}

class JsonParser implements LogLineParser {
  /** Field paths chosen for this file: configured ones, else the first common name present. */
  private resolved: Partial<Record<FieldKey, string>> | undefined;

  constructor(
    readonly format: 'json' | 'cloudflare',
    private readonly fields: JsonFieldNames,
  ) {}

  parse(text: string, start: number, end: number): LogRequest | string | null {
    const line = text.slice(start, end).trim();
    if (line === '') return null;
    if (line.charCodeAt(0) !== 0x7b) return 'not a JSON object';
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      return 'invalid JSON';
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not a JSON object';
    const obj = record as Record<string, unknown>;
    const paths = this.resolved ?? this.resolve(obj);
    const get = (key: FieldKey): unknown => {
      const path = paths[key];
      return path === undefined ? undefined : getPath(obj, path);
    };
    const time = parseAnyTime(get('time'));
    if (Number.isNaN(time)) return `no readable time field${paths.time ? ` (${paths.time})` : ''}`;
    const ip = asText(get('ip'));
    if (ip === '') return `no client address field${paths.ip ? ` (${paths.ip})` : ''}`;
    let method = asText(get('method'));
    let url = asText(get('url'));
    if (url === '' || method === '') {
      const request = asText(get('request'));
      const parts = request.split(' ');
      if (parts.length >= 2) {
        if (method === '') method = parts[0]!;
        if (url === '') url = parts.length >= 3 ? parts.slice(1, -1).join(' ') : parts[1]!;
      }
    }
    if (url === '') return 'no request target field';
    if (method === '') method = 'GET';
    const query = typeof obj.args === 'string' && obj.args !== '' && !url.includes('?') && paths.url === 'uri' ? `?${obj.args}` : '';
    const statusValue = get('status');
    const status = typeof statusValue === 'number' ? statusValue : /^\d+$/.test(asText(statusValue)) ? Number(asText(statusValue)) : null;
    const hostText = asText(get('host'));
    const request: LogRequest = { time, ip, method, url: url + query, status, userAgent: asText(get('userAgent')), host: hostText === '' ? null : hostText };
    const xRobotsTag = asText(get('xRobotsTag'));
    return xRobotsTag === '' ? request : { ...request, xRobotsTag };
  }

  private resolve(obj: Record<string, unknown>): Partial<Record<FieldKey, string>> {
    const paths: Partial<Record<FieldKey, string>> = {};
    for (const key of FIELD_KEYS) {
      const configured = this.fields[key];
      if (configured !== undefined) {
        paths[key] = configured;
        continue;
      }
      const found = JSON_CANDIDATES[key].find((candidate) => getPath(obj, candidate) !== undefined);
      if (found !== undefined) paths[key] = found;
    }
    // Keep guessing on later lines until the essentials are found, then fix the choice.
    if (paths.time !== undefined && paths.ip !== undefined && (paths.url !== undefined || paths.request !== undefined)) this.resolved = paths;
    return paths;
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

// ─────────────────────────────────────────────────────────────────────────────────────────
// W3C extended (IIS) and CloudFront standard logs
// ─────────────────────────────────────────────────────────────────────────────────────────

const IIS_DEFAULT_FIELDS =
  'date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken'.split(' ');
const CLOUDFRONT_DEFAULT_FIELDS =
  'date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end'.split(
    ' ',
  );

interface W3cIndex {
  readonly date: number;
  readonly time: number;
  readonly ip: number;
  readonly method: number;
  readonly stem: number;
  readonly query: number;
  readonly status: number;
  readonly ua: number;
  readonly host: number;
  readonly count: number;
}

function w3cIndex(fields: readonly string[]): W3cIndex {
  const lower = fields.map((f) => f.toLowerCase());
  const at = (...names: string[]): number => {
    for (const n of names) {
      const i = lower.indexOf(n);
      if (i >= 0) return i;
    }
    return -1;
  };
  return {
    date: at('date'),
    time: at('time'),
    ip: at('c-ip'),
    method: at('cs-method'),
    stem: at('cs-uri-stem', 'cs-uri'),
    query: at('cs-uri-query'),
    status: at('sc-status'),
    ua: at('cs(user-agent)'),
    host: at('x-host-header', 'cs-host', 'cs(host)'),
    count: fields.length,
  };
}

class W3cParser implements LogLineParser {
  private index: W3cIndex;

  constructor(readonly format: 'w3c' | 'cloudfront') {
    this.index = w3cIndex(format === 'cloudfront' ? CLOUDFRONT_DEFAULT_FIELDS : IIS_DEFAULT_FIELDS);
  }

  parse(text: string, start: number, end: number): LogRequest | string | null {
    const line = text.slice(start, end);
    if (line.trim() === '') return null;
    if (line.charCodeAt(0) === 0x23) {
      if (/^#Fields:/i.test(line)) this.index = w3cIndex(line.slice(8).trim().split(/\s+/));
      return null;
    }
    const values = line.includes('\t') ? line.split('\t') : line.split(' ');
    const ix = this.index;
    const field = (i: number): string => {
      if (i < 0) return '';
      const v = values[i];
      return v === undefined || v === '-' ? '' : v;
    };
    if (values.length < Math.min(ix.count, Math.max(ix.date, ix.time, ix.ip, ix.stem) + 1)) return `only ${values.length} of ${ix.count} W3C fields`;
    const date = field(ix.date);
    const clock = field(ix.time);
    const time = parseAnyTime(`${date} ${clock}`);
    if (Number.isNaN(time)) return 'unreadable date/time fields';
    const ip = field(ix.ip);
    if (ip === '') return 'no c-ip field';
    const stem = field(ix.stem);
    if (stem === '') return 'no cs-uri-stem field';
    const query = field(ix.query);
    const statusText = field(ix.status);
    const rawUa = field(ix.ua);
    // IIS writes spaces in the User-Agent as `+`; CloudFront percent-encodes the field.
    const userAgent = this.format === 'cloudfront' ? percentDecode(rawUa) : rawUa.replace(/\+/g, ' ');
    const host = field(ix.host);
    // Values cut from the line would keep the whole chunk alive: copy them.
    return {
      time,
      ip: ownString(ip),
      method: ownString(field(ix.method) || 'GET'),
      url: ownString(query === '' ? stem : `${stem}?${query}`),
      status: /^\d+$/.test(statusText) ? Number(statusText) : null,
      userAgent: ownString(userAgent),
      host: host === '' ? null : ownString(host),
    };
  }
}

function percentDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    const once = decodeURIComponent(s);
    // CloudFront double-encodes some characters (`%2520`).
    return /%[0-9A-Fa-f]{2}/.test(once) && s.includes('%25') ? percentDecode(once) : once;
  } catch {
    return s;
  }
}

// ─────────────────────────────────────────────────────────────────────────────────────────
// AWS Application (and Classic) Load Balancer
// ─────────────────────────────────────────────────────────────────────────────────────────

const ALB_TYPES = new Set(['http', 'https', 'h2', 'grpcs', 'ws', 'wss']);

/** Space-separated fields, `"…"` quoting (with `\"` escapes), at most `limit` fields. */
function splitQuoted(line: string, limit: number): string[] {
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  while (i < n && out.length < limit) {
    while (i < n && line.charCodeAt(i) === 0x20) i++;
    if (i >= n) break;
    if (line.charCodeAt(i) === 0x22) {
      let j = i + 1;
      let value = '';
      while (j < n && line.charCodeAt(j) !== 0x22) {
        if (line.charCodeAt(j) === 0x5c && j + 1 < n) {
          value += line[j + 1];
          j += 2;
        } else {
          value += line[j];
          j++;
        }
      }
      out.push(value);
      i = j + 1;
    } else {
      let j = i;
      while (j < n && line.charCodeAt(j) !== 0x20) j++;
      out.push(line.slice(i, j));
      i = j;
    }
  }
  return out;
}

class AlbParser implements LogLineParser {
  readonly format = 'alb' as const;

  parse(text: string, start: number, end: number): LogRequest | string | null {
    const line = text.slice(start, end);
    if (line.trim() === '') return null;
    const f = splitQuoted(line, 16);
    // ALB lines start with the request type; Classic ELB lines start with the time.
    const offset = ALB_TYPES.has(f[0] ?? '') ? 1 : 0;
    const timeText = f[offset] ?? '';
    const time = /^\d{4}-\d{2}-\d{2}T/.test(timeText) ? parseAnyTime(timeText) : NaN;
    if (Number.isNaN(time)) return 'no ISO time in the second field (ALB) or first (ELB)';
    const client = f[offset + 2] ?? '';
    const ip = client.startsWith('[') ? client.slice(1, client.indexOf(']')) : client.slice(0, Math.max(0, client.lastIndexOf(':'))) || client;
    if (ip === '' || ip === '-') return 'no client:port field';
    const statusText = f[offset + 7] ?? '';
    const request = f[offset + 11];
    if (request === undefined) return 'no quoted request field';
    const parts = request.split(' ');
    if (parts.length < 2 || parts[0] === '-') return 'no request line ("- - -")';
    const url = parts.length >= 3 ? parts.slice(1, -1).join(' ') : parts[1]!;
    const ua = f[offset + 12] ?? '';
    return {
      time,
      ip: ownString(ip),
      method: ownString(parts[0]!),
      url: ownString(url),
      status: /^\d+$/.test(statusText) ? Number(statusText) : null,
      userAgent: ua === '-' ? '' : ownString(ua),
      host: hostOf(url),
    };
  }
}

function hostOf(url: string): string | null {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]+)/.exec(url);
  return m ? m[1]! : null;
}

// ─────────────────────────────────────────────────────────────────────────────────────────
// detection
// ─────────────────────────────────────────────────────────────────────────────────────────

export interface FormatDetection {
  readonly format: LogFormat;
  /** Sample lines that parsed as requests in that format. */
  readonly matched: number;
  /** Sample lines looked at (blank lines and directives excluded). */
  readonly sampled: number;
}

/**
 * Picks the format that reads the most of a file's first lines: W3C/CloudFront by their
 * `#Fields` directive, JSON by its braces (Cloudflare by its field names), and otherwise
 * whichever of combined, common or ALB parses most lines (combined wins ties).
 */
export function detectLogFormat(lines: readonly string[], options: LogParserOptions = {}): FormatDetection {
  const content = lines.filter((l) => l.trim() !== '');
  const directives = content.filter((l) => l.startsWith('#'));
  const data = content.filter((l) => !l.startsWith('#'));
  const fieldsLine = directives.find((l) => /^#Fields:/i.test(l));
  const candidates: LogFormat[] = [];
  if (fieldsLine !== undefined || directives.some((l) => /^#(Version|Software):/i.test(l))) {
    candidates.push(fieldsLine !== undefined && /x-edge-location/i.test(fieldsLine) ? 'cloudfront' : 'w3c');
  } else if (data.length > 0 && data.filter((l) => l.trimStart().startsWith('{')).length * 2 >= data.length) {
    candidates.push(data.some((l) => /"(ClientRequestURI|ClientIP|EdgeStartTimestamp)"/.test(l)) ? 'cloudflare' : 'json');
  } else {
    candidates.push('combined', 'common', 'alb', 'cloudfront');
  }
  let best: FormatDetection = { format: candidates[0]!, matched: 0, sampled: data.length };
  for (const format of candidates) {
    const parser = createLogParser(format, options);
    let matched = 0;
    for (const line of content) {
      const result = parser.parse(line, 0, line.length);
      if (result !== null && typeof result !== 'string') matched++;
    }
    // A combined line also reads as common; common wins only with strictly more lines.
    if (matched > best.matched) best = { format, matched, sampled: data.length };
  }
  return best;
}
