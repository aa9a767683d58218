/** Malformed lines a log parser must count and skip. */
import { HOST } from '../../bench/fixtures/shop';
import type { Event } from './log-events';

/** `[24/Nov/2026:09:31:07 +0000]` of a combined line → `2026/11/24 09:31:07` (nginx error-log style). */
function errorLogTime(line: string): string {
  const m = /\[(\d{2})\/(\w{3})\/(\d{4}):(\d{2}:\d{2}:\d{2})/.exec(line);
  if (!m) return '2026/11/24 09:31:07';
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(m[2] ?? '') + 1;
  return `${m[3] ?? ''}/${String(month).padStart(2, '0')}/${m[1] ?? ''} ${m[4] ?? ''}`;
}

/** Lines a parser must count and skip, inserted at fixed points of the sorted log. */
export function malformed(sorted: Event[]): string[] {
  const lines = sorted.map((e) => e.line);
  const insert = (fraction: number, make: (neighbour: string) => string): void => {
    const i = Math.floor(lines.length * fraction);
    lines.splice(i, 0, make(lines[i - 1] ?? ''));
  };
  // 1. a line cut short (log rotation while nginx was writing)
  insert(0.21, (prev) => prev.slice(0, Math.floor(prev.length * 0.55)));
  // 2. an nginx error-log line that ended up in the access log
  insert(0.47, (prev) => `${errorLogTime(prev)} [error] 2211#2211: *884213 open() "/var/www/shop/public/apple-touch-icon-precomposed.png" failed (2: No such file or directory), client: 81.2.69.160, server: ${HOST}, request: "GET /apple-touch-icon-precomposed.png HTTP/1.1", host: "${HOST}"`);
  // 3. fields missing after the status
  insert(0.68, (prev) => {
    const m = /^(\S+ - - \[[^\]]+\] "[^"]*" \d{3})/.exec(prev);
    return m?.[1] ?? '198.51.100.23 - - [25/Nov/2026:11:02:45 +0000] "GET /account/orders HTTP/1.1" 200';
  });
  // 4. binary junk (a TLS ClientHello logged raw by a misconfigured proxy)
  insert(0.86, () => '\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xfc\\x03\\x03\\x8e\\x1f\\xd5\\x9c');
  return lines;
}
