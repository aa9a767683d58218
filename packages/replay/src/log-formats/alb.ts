/** AWS Application (and Classic) Load Balancer logs. */

import { parseAnyTime } from '../time';
import { ownString } from './interning';
import type { LogLineParser, LogRequest } from './request';

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

export class AlbParser implements LogLineParser {
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
