/**
 * Apache / nginx: common and combined (and combined with extra fields after the User-Agent).
 *
 * The combined/common parser is the hot path of a replay and reads a line in place inside
 * a larger chunk (no substring per line, one scan, timestamps parsed once per distinct
 * second); the other formats favour clarity.
 */

import { parseClfTime } from '../time';
import { Interner, ownString } from './interning';
import type { ClfFields, LogLineParser, LogRequest } from './request';
import { unescapeLogField } from './unescape';

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

export class ClfParser implements LogLineParser {
  readonly scanned: ClfFields = { ipStart: 0, ipEnd: 0, method: '', urlStart: 0, urlEnd: 0, time: 0, status: null, userAgent: '', userAgentSlot: -1, userAgentStart: -1, userAgentEnd: -1 };
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

  /**
   * `fastPaths` false: the shortcuts that tell the usual shapes in place (`GET `, a `"-"`
   * field, a ` HTTP/x.y` protocol) are not taken, so tests can check that they read every line
   * as the general path does.
   */
  constructor(
    readonly format: 'combined' | 'common',
    private readonly fastPaths = true,
  ) {}

  parse(text: string, start: number, end: number): LogRequest | string | null {
    const result = this.scan(text, start, end);
    return result === true ? clfRequest(text, this.scanned) : result;
  }

  /**
   * `keepUserAgent` false: the line is read and checked the same, but its User-Agent is not
   * cut (`scanned.userAgent` is left as it was, its place is set): for a sieve's first look.
   */
  scan(text: string, start: number, end: number, keepUserAgent = true): true | string | null {
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
    // `GET ` (most requests) is told by its four characters: no search for the space.
    let sp1: number;
    let method: string | undefined;
    if (this.fastPaths && text.charCodeAt(reqStart) === 0x47 && text.charCodeAt(reqStart + 1) === 0x45 && text.charCodeAt(reqStart + 2) === 0x54 && text.charCodeAt(reqStart + 3) === 0x20) {
      sp1 = reqStart + 3;
      method = 'GET';
    } else {
      sp1 = text.indexOf(' ', reqStart);
      if (sp1 < 0 || sp1 >= reqEnd) return reqEnd === reqStart || (reqEnd === reqStart + 1 && text.charCodeAt(reqStart) === 0x2d) ? 'no request line ("-")' : 'request line is not METHOD TARGET PROTOCOL';
      method = methodAt(text, reqStart, sp1);
      if (method === undefined) return 'request line is not METHOD TARGET PROTOCOL';
    }
    // The protocol is the last word. ` HTTP/x.y` (8 characters, no space) is told in place;
    // anything else by a short backward scan (lastIndexOf and startsWith at an offset are
    // runtime calls in V8, far slower than these character tests).
    let urlEnd = reqEnd - 9;
    if (
      !(this.fastPaths && urlEnd > sp1 && text.charCodeAt(urlEnd) === 0x20 && text.charCodeAt(urlEnd + 1) === 0x48 && text.charCodeAt(urlEnd + 2) === 0x54 && text.charCodeAt(urlEnd + 3) === 0x54 &&
        text.charCodeAt(urlEnd + 4) === 0x50 && text.charCodeAt(urlEnd + 5) === 0x2f && text.charCodeAt(urlEnd + 6) !== 0x20 && text.charCodeAt(urlEnd + 7) !== 0x20 && text.charCodeAt(urlEnd + 8) !== 0x20)
    ) {
      let sp2 = reqEnd - 1;
      while (sp2 > sp1 && text.charCodeAt(sp2) !== 0x20) sp2--;
      urlEnd = sp2 > sp1 && text.charCodeAt(sp2 + 1) === 0x48 && text.charCodeAt(sp2 + 4) === 0x50 && text.charCodeAt(sp2 + 5) === 0x2f ? sp2 : reqEnd;
    }
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

    const ua = this.secondQuoted(text, i, end, keepUserAgent);
    // A common line has neither; a combined one read as common still yields its User-Agent.
    if (ua === undefined && this.format !== 'common') return 'no "referer" "user-agent" fields (common format?)';
    fields.method = method;
    // Not interned: most lines are browsers whose URL is never looked up.
    fields.urlStart = sp1 + 1;
    fields.urlEnd = urlEnd;
    fields.time = time;
    fields.status = statusValue;
    if (!keepUserAgent) return true;
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
      // Every digit read in place and checked on its own (a non-digit is out of 0..9 once 0x30
      // is taken off), with no call per pair: read pairwise, `20x6` was the year 1999.
      const d0 = text.charCodeAt(start) - 0x30;
      const d1 = text.charCodeAt(start + 1) - 0x30;
      const y0 = text.charCodeAt(start + 7) - 0x30;
      const y1 = text.charCodeAt(start + 8) - 0x30;
      const y2 = text.charCodeAt(start + 9) - 0x30;
      const y3 = text.charCodeAt(start + 10) - 0x30;
      const h0 = text.charCodeAt(start + 12) - 0x30;
      const h1 = text.charCodeAt(start + 13) - 0x30;
      const m0 = text.charCodeAt(start + 15) - 0x30;
      const m1 = text.charCodeAt(start + 16) - 0x30;
      const s0 = text.charCodeAt(start + 18) - 0x30;
      const s1 = text.charCodeAt(start + 19) - 0x30;
      if ((d0 | d1 | y0 | y1 | y2 | y3 | h0 | h1 | m0 | m1 | s0 | s1) >= 0 && d0 <= 9 && d1 <= 9 && y0 <= 9 && y1 <= 9 && y2 <= 9 && y3 <= 9 && h0 <= 9 && h1 <= 9 && m0 <= 9 && m1 <= 9 && s0 <= 9 && s1 <= 9) {
        const day = d0 * 10 + d1;
        const year = ((y0 * 10 + y1) * 10 + y2) * 10 + y3;
        const monthKey = (text.charCodeAt(start + 3) << 16) | (text.charCodeAt(start + 4) << 8) | text.charCodeAt(start + 5);
        // Small-integer keys: comparing them costs nothing, unlike a float key.
        if (monthKey !== this.monthKey || day !== this.day || year !== this.year) {
          const month = MONTH_KEYS.get(monthKey);
          if (month === undefined) return NaN;
          this.monthKey = monthKey;
          this.day = day;
          this.year = year;
          this.dayMs = Date.UTC(year, month, day);
        }
        return this.dayMs + (((h0 * 10 + h1) * 60 + m0 * 10 + m1) * 60 + s0 * 10 + s1) * 1000;
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

  /**
   * The second quoted field after `i` (the User-Agent after the referer), unescaped; undefined
   * when absent ('' when present and not `keep`). Its place is left in `scanned`.
   */
  private secondQuoted(text: string, i: number, end: number, keep: boolean): string | undefined {
    let open = -1;
    let close = -1;
    this.scanned.userAgentStart = -1;
    this.scanned.userAgentEnd = -1;
    for (let k = 0; k < 2; k++) {
      while (i < end && text.charCodeAt(i) === 0x20) i++;
      if (i >= end || text.charCodeAt(i) !== 0x22) return undefined;
      open = i + 1;
      // `"-"` (no referer, as crawlers send): its closing quote is the next character.
      close = this.fastPaths && text.charCodeAt(open) === 0x2d && text.charCodeAt(open + 1) === 0x22 && open + 1 < end ? open + 1 : this.closingQuote(text, open, end);
      if (close < 0) return undefined;
      i = close + 1;
    }
    this.scanned.userAgentStart = open;
    this.scanned.userAgentEnd = close;
    return keep ? this.userAgents.get(text, open, close) : '';
  }
}

const MONTH_KEYS = new Map(
  ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m, i) => [(m.charCodeAt(0) << 16) | (m.charCodeAt(1) << 8) | m.charCodeAt(2), i]),
);

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
