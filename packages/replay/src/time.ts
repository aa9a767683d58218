/**
 * Timestamps as logs write them, to epoch milliseconds (UTC). Hand-written for the common
 * log format, because a replay reads millions of them; everything else goes through
 * `Date.parse` after light normalisation.
 */

const MONTHS: Readonly<Record<string, number>> = {
  Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11,
};

function digits(s: string, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 0x30;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return v;
}

/** `23/Nov/2026:00:00:03 +0000` (Apache/nginx `%t` without brackets); NaN when malformed. */
export function parseClfTime(s: string): number {
  if (s.length < 20 || s.charCodeAt(2) !== 0x2f || s.charCodeAt(6) !== 0x2f || s.charCodeAt(11) !== 0x3a) return NaN;
  const day = digits(s, 0, 2);
  const month = MONTHS[s.slice(3, 6)];
  const year = digits(s, 7, 4);
  const hour = digits(s, 12, 2);
  const minute = digits(s, 15, 2);
  const second = digits(s, 18, 2);
  if (month === undefined) return NaN;
  let ms = Date.UTC(year, month, day, hour, minute, second);
  // Optional fraction (`:03.123`) and zone (`+0100`).
  let i = 20;
  if (s.charCodeAt(i) === 0x2e) {
    let j = i + 1;
    while (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x39) j++;
    ms += Math.floor(Number('0.' + s.slice(i + 1, j)) * 1000);
    i = j;
  }
  while (s.charCodeAt(i) === 0x20) i++;
  if (i < s.length) {
    const sign = s.charCodeAt(i) === 0x2d ? -1 : s.charCodeAt(i) === 0x2b ? 1 : 0;
    if (sign === 0) return NaN;
    const zone = s.slice(i + 1).replace(':', '');
    const h = digits(zone, 0, 2);
    const m = digits(zone, 2, 2);
    if (Number.isNaN(h) || Number.isNaN(m)) return NaN;
    ms -= sign * (h * 60 + m) * 60_000;
  }
  return ms;
}

/**
 * Any timestamp a structured log may hold: ISO 8601 / RFC 3339 (a missing zone is UTC),
 * `2026-11-23 00:00:03`, the common log format, or a number of seconds, milliseconds,
 * microseconds or nanoseconds since the epoch (told apart by magnitude). NaN when unreadable.
 */
export function parseAnyTime(value: unknown): number {
  if (typeof value === 'number') return fromEpochNumber(value);
  if (typeof value !== 'string') return NaN;
  const s = value.trim();
  if (s === '') return NaN;
  if (/^\d+(\.\d+)?$/.test(s)) return fromEpochNumber(Number(s));
  if (/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:/.test(s)) return parseClfTime(s.startsWith('[') ? s.slice(1, -1) : s);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?$/i.exec(s);
  if (m) {
    const fraction = m[7] ? Math.floor(Number('0.' + m[7]) * 1000) : 0;
    let ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)) + fraction;
    const zone = m[8];
    if (zone && /^[+-]/.test(zone)) {
      const z = zone.replace(':', '');
      const sign = z.startsWith('-') ? -1 : 1;
      ms -= sign * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5))) * 60_000;
    }
    return ms;
  }
  // RFC 2822 dates (`Mon, 23 Nov 2026 00:00:03 GMT`) only: V8's lenient parser would
  // otherwise read an IP address or a path as a date.
  if (!/^(?:[A-Za-z]{3},?\s+)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{2}:\d{2}/.test(s)) return NaN;
  const parsed = Date.parse(s);
  return Number.isNaN(parsed) ? NaN : parsed;
}

function fromEpochNumber(n: number): number {
  if (!Number.isFinite(n) || n < 0) return NaN;
  if (n >= 1e17) return Math.floor(n / 1e6); // nanoseconds
  if (n >= 1e14) return Math.floor(n / 1e3); // microseconds
  if (n >= 1e11) return Math.floor(n); // milliseconds
  return Math.floor(n * 1000); // seconds
}

/**
 * The effective time written in a snapshot's file name: ISO 8601 UTC with `:` optionally
 * written `-` (`2023-02-12T06-44-15Z.txt`), or a bare date (midnight UTC). Undefined when
 * the name holds no time.
 */
export function snapshotTime(name: string): number | undefined {
  const stem = name.replace(/\.[A-Za-z]+$/, '');
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T_ ](\d{2})[-:]?(\d{2})(?:[-:]?(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?:[-:]?\d{2})?)?$/i.exec(stem);
  if (!m) return undefined;
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4] ?? 0);
  const minute = Number(m[5] ?? 0);
  const second = Number(m[6] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return undefined;
  let ms = Date.UTC(Number(m[1]), month - 1, day, hour, minute, second) + (m[7] ? Math.floor(Number('0.' + m[7]) * 1000) : 0);
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const z = zone.replace(/[-:]/g, (c, offset: number) => (offset === 0 ? c : ''));
    const sign = z.startsWith('-') ? -1 : 1;
    ms -= sign * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5) || 0)) * 60_000;
  }
  return Number.isNaN(ms) ? undefined : ms;
}

/** `2026-11-23T00:00:03Z` (milliseconds only when present). */
export function isoTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return ms % 1000 === 0 ? iso.slice(0, 19) + 'Z' : iso;
}

/**
 * `isoTime` for a stream of mostly increasing times: the date part is reused while the day
 * stays the same, so a replay formats a timestamp with a few integer operations.
 */
export class IsoClock {
  private lastMs = NaN;
  private lastIso = '';
  private dayStart = NaN;
  private dayPrefix = '';

  iso(ms: number): string {
    if (ms === this.lastMs) return this.lastIso;
    this.lastMs = ms;
    const inDay = ms - this.dayStart;
    if (!(inDay >= 0 && inDay < 86_400_000) || ms % 1000 !== 0) {
      this.lastIso = isoTime(ms);
      if (ms % 1000 === 0) {
        this.dayStart = ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);
        this.dayPrefix = this.lastIso.slice(0, 11);
      }
      return this.lastIso;
    }
    const seconds = inDay / 1000;
    const h = Math.floor(seconds / 3600);
    const m = Math.floor(seconds / 60) % 60;
    const s = seconds % 60;
    this.lastIso = `${this.dayPrefix}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}Z`;
    return this.lastIso;
  }
}

/** Reads a duration such as `24h`, `90m`, `3600s`, `1d` or a bare number of hours; undefined when unreadable. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  const unit = (m[2] ?? 'h').toLowerCase();
  const factor = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : unit === 'h' ? 3_600_000 : 86_400_000;
  return value * factor;
}
