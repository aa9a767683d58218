/** W3C extended (IIS) and CloudFront standard logs. */

import { parseAnyTime } from '../time';
import { ownString } from './interning';
import type { LogLineParser, LogRequest } from './request';

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

export class W3cParser implements LogLineParser {
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
