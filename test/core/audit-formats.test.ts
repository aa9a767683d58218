import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { decide } from '@robots-lens/kernel/match';
import { createLogParser, detectLogFormat, parseAnyTime, parseClfTime, snapshotTime } from '@robots-lens/replay/logs';
import type { JsonFieldNames, LogFormat, LogRequest } from '@robots-lens/replay/logs';

const LOGS = join(__dirname, '..', 'fixtures', 'replay', 'logs');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const T = (iso: string): number => Date.parse(iso);

interface Parsed {
  requests: LogRequest[];
  failures: { line: number; reason: string }[];
}

/** Parses a fixture line by line, the way the replay does (one parser per file). */
function parseFile(name: string, format: LogFormat, jsonFields?: JsonFieldNames): Parsed {
  const parser = createLogParser(format, jsonFields ? { jsonFields } : {});
  const lines = readFileSync(join(LOGS, name), 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const out: Parsed = { requests: [], failures: [] };
  lines.forEach((line, i) => {
    const r = parser.parse(line, 0, line.length);
    if (r === null) return;
    if (typeof r === 'string') out.failures.push({ line: i + 1, reason: r });
    else out.requests.push({ ...r });
  });
  return out;
}

function detect(name: string): LogFormat {
  return detectLogFormat(readFileSync(join(LOGS, name), 'utf8').split('\n')).format;
}

describe('log formats: detection', () => {
  const cases: [file: string, format: LogFormat][] = [
    ['combined.log', 'combined'],
    ['common.log', 'common'],
    ['nginx-extra.log', 'combined'],
    ['nginx.json.log', 'json'],
    ['custom.json.log', 'json'],
    ['iis-w3c.log', 'w3c'],
    ['alb.log', 'alb'],
    ['cloudfront.log', 'cloudfront'],
    ['cloudflare.jsonl', 'cloudflare'],
  ];
  for (const [file, format] of cases) test(`${file} → ${format}`, () => assert.equal(detect(file), format));

  test('a file nothing reads is reported as unrecognised (0 lines matched)', () => {
    const d = detectLogFormat(['hello', 'world']);
    assert.equal(d.matched, 0);
  });
});

describe('log formats: combined / common / nginx extras', () => {
  test('combined: fields, time zone, ident/user, IPv6, one failure', () => {
    const { requests, failures } = parseFile('combined.log', 'combined');
    assert.equal(requests.length, 5);
    assert.deepEqual(requests[0], { time: T('2026-11-23T00:00:03Z'), ip: '66.249.66.1', method: 'GET', url: '/robots.txt', status: 200, userAgent: GOOGLEBOT, host: null });
    assert.equal(requests[1]!.ip, '2001:4860:4801:10::1');
    assert.equal(requests[3]!.url, '/products/alpine-parka?color=red');
    assert.equal(requests[3]!.userAgent, CHROME);
    // `+0100` is one hour ahead of UTC.
    assert.equal(requests[4]!.time, T('2026-11-23T00:04:45Z'));
    assert.deepEqual(failures, [{ line: 6, reason: 'no [timestamp]' }]);
  });

  test('common: no User-Agent, `-` size, a `"-"` request line is a failure', () => {
    const { requests, failures } = parseFile('common.log', 'common');
    assert.equal(requests.length, 3);
    assert.equal(requests[0]!.userAgent, '');
    assert.equal(requests[2]!.method, 'POST');
    assert.equal(requests[2]!.status, 302);
    assert.deepEqual(failures, [{ line: 4, reason: 'no request line ("-")' }]);
  });

  test('common lines read as combined fail with a hint', () => {
    const { failures } = parseFile('common.log', 'combined');
    assert.match(failures[0]!.reason, /common format\?/);
  });

  test('nginx extra fields after the User-Agent are ignored; escaped quotes are unescaped; vhost prefix', () => {
    const { requests, failures } = parseFile('nginx-extra.log', 'combined');
    assert.equal(failures.length, 0);
    assert.equal(requests[0]!.userAgent, GOOGLEBOT);
    assert.equal(requests[1]!.userAgent, 'Mozilla/5.0 "><svg/onload=alert(1)>');
    assert.equal(requests[2]!.ip, '20.171.207.14');
  });

  test('lines inside a bigger text are read in place (offsets), CRLF and all', () => {
    const parser = createLogParser('combined');
    const line = `1.2.3.4 - - [23/Nov/2026:00:00:03 +0000] "HEAD /a%20b HTTP/1.0" 304 0 "-" "curl/8.5.0"`;
    const text = `xx\n${line}\r\nyy`;
    const r = parser.parse(text, 3, 3 + line.length) as LogRequest;
    assert.equal(r.method, 'HEAD');
    assert.equal(r.url, '/a%20b');
    assert.equal(r.status, 304);
    assert.equal(r.userAgent, 'curl/8.5.0');
  });

  test('a truncated line, an nginx error-log line and raw TLS bytes fail without throwing', () => {
    const parser = createLogParser('combined');
    for (const line of [
      '86.12.118.241 - - [23/Nov/2026:17:22:16 +0000] "GET /media/a.jpg HTTP/2.0" 200 116441 "https://www.example-shop.t',
      '2026/11/24 12:01:18 [error] 2211#2211: *884213 open() "/var/www/x.png" failed (2: No such file or directory)',
      '90.63.90.26 - - [25/Nov/2026:00:30:03 +0000] "GET /static/css/main.css HTTP/2.0" 200',
      '\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xfc\\x03\\x03',
      '1.2.3.4 - - [23/Nov/2026:00:00:03 +0000] "\\x16\\x03\\x01\\x02\\x00" 400 0 "-" "-"',
    ]) {
      assert.equal(typeof parser.parse(line, 0, line.length), 'string', line);
    }
  });
});

describe('log formats: escapes inside the quoted request line and User-Agent', () => {
  /** One combined line with the request target and User-Agent exactly as the server wrote them. */
  const combined = (target: string, userAgent: string): string => `203.0.113.9 - - [23/Nov/2026:00:00:03 +0000] "GET ${target} HTTP/1.1" 200 1 "-" "${userAgent}"`;
  const read = (line: string): LogRequest => {
    const r = createLogParser('combined').parse(line, 0, line.length);
    assert.equal(typeof r, 'object', `not read as a request: ${String(r)}`);
    return r as LogRequest;
  };

  // [what, target as logged, User-Agent as logged, target as sent, User-Agent as sent]
  const cases: [what: string, loggedTarget: string, loggedAgent: string, url: string, userAgent: string][] = [
    ['Apache: \\" is a double quote', '/search?q=\\"boots\\"', 'Bot \\"quoted\\"', '/search?q="boots"', 'Bot "quoted"'],
    ['Apache: \\\\ is one backslash', '/a\\\\b', 'C:\\\\bot', '/a\\b', 'C:\\bot'],
    ['Apache: C escapes for whitespace controls', '/a\\tb\\r\\n', 'bot\\nX-Injected: 1\\b\\v', '/a\tb\r\n', 'bot\nX-Injected: 1\b\v'],
    ['Apache: \\xhh for other controls', '/a\\x01b\\x7f', 'bot\\x00\\x1b[31m', '/a\u0001b\u007f', 'bot\u0000\u001b[31m'],
    ['Apache: \\xhh octets of UTF-8 read as UTF-8', '/caf\\xc3\\xa9', 'Bot/1.0 \\xe3\\x83\\x84', '/café', 'Bot/1.0 ツ'],
    ['nginx: \\x22 and \\x5C for quote and backslash', '/q=\\x22x\\x22&p=a\\x5Cb', 'Bot \\x22a\\x22 \\x5C', '/q="x"&p=a\\b', 'Bot "a" \\'],
    ['nginx: \\xHH for bytes above 0x7E, upper-case hex', '/\\xE3\\x83\\x84', 'Bot \\xC3\\xA9\\x7F', '/ツ', 'Bot é\u007f'],
    ['an escaped quote does not end the field', '/a\\" 404 0 \\"-\\" \\"evil', 'real\\\\', '/a" 404 0 "-" "evil', 'real\\'],
    ['a backslash starting no escape is kept', '/a\\qb\\x4', 'bot\\xZZ \\q', '/a\\qb\\x4', 'bot\\xZZ \\q'],
    ['nothing escaped: read as it stands', '/plain?x=1', 'Bot/1.0', '/plain?x=1', 'Bot/1.0'],
  ];
  for (const [what, loggedTarget, loggedAgent, url, userAgent] of cases) {
    test(what, () => {
      const r = read(combined(loggedTarget, loggedAgent));
      assert.deepEqual({ url: r.url, userAgent: r.userAgent, status: r.status }, { url, userAgent, status: 200 });
    });
  }

  test('an escaped octet that is not UTF-8 stays that octet: Disallow: /caf%E9 decides it', () => {
    const r = read(combined('/caf\\xe9', 'Bot/1.0'));
    const robots = parseRobots('User-agent: *\nDisallow: /caf%E9\n');
    const verdict = decide(robots, r.url, r.userAgent);
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.rule?.pattern, '/caf%E9');
    // UTF-8 é is another octet pair: not the rule's octet.
    assert.equal(decide(robots, read(combined('/caf\\xc3\\xa9', 'Bot/1.0')).url, 'Bot/1.0').allowed, true);
  });
});

describe('log formats: JSON lines', () => {
  test('nginx JSON: common field names are found; an offset time is converted; a cut line fails', () => {
    const { requests, failures } = parseFile('nginx.json.log', 'json');
    assert.equal(requests.length, 3);
    assert.deepEqual(requests[0], { time: T('2026-11-23T00:00:03Z'), ip: '66.249.66.1', method: 'GET', url: '/robots.txt', status: 200, userAgent: GOOGLEBOT, host: null });
    assert.equal(requests[1]!.time, T('2026-11-23T00:02:00Z'));
    assert.deepEqual(failures, [{ line: 4, reason: 'invalid JSON' }]);
  });

  test('configured field names, nested paths, a request line and epoch seconds', () => {
    const { requests } = parseFile('custom.json.log', 'json', { time: 'ts', ip: 'client.ip', request: 'req', status: 'code', userAgent: 'agent' });
    assert.equal(requests.length, 2);
    assert.deepEqual(requests[0], { time: T('2026-11-23T00:00:03.250Z'), ip: '66.249.66.1', method: 'GET', url: '/robots.txt', status: 200, userAgent: GOOGLEBOT, host: null });
  });

  test('Cloudflare Logpush: RFC 3339 and unix-nano timestamps, host kept', () => {
    const { requests } = parseFile('cloudflare.jsonl', 'cloudflare');
    assert.equal(requests.length, 3);
    assert.equal(requests[0]!.host, 'www.example-shop.test');
    assert.equal(requests[1]!.time, T('2026-11-23T00:01:10Z'));
    assert.equal(requests[1]!.url, '/private/report.pdf?v=2');
    assert.equal(requests[2]!.status, 403);
  });
});

describe('log formats: W3C, CloudFront, ALB', () => {
  test('IIS W3C: #Fields drives the columns; + is a space in the User-Agent; query appended', () => {
    const { requests, failures } = parseFile('iis-w3c.log', 'w3c');
    assert.equal(requests.length, 3);
    // IIS writes a space as `+` and keeps a literal `+`, so `; +http` arrives as `;++http`: lossy, but the crawler is still named.
    const iisGooglebot = 'Mozilla/5.0 (compatible; Googlebot/2.1;  http://www.google.com/bot.html)';
    assert.deepEqual(requests[0], { time: T('2026-11-23T00:00:03Z'), ip: '66.249.66.1', method: 'GET', url: '/robots.txt', status: 200, userAgent: iisGooglebot, host: null });
    assert.equal(requests[2]!.url, '/products/alpine-parka?color=red');
    assert.equal(requests[2]!.userAgent, CHROME);
    assert.equal(failures.length, 1);
  });

  test('CloudFront: tab-separated, percent-encoded User-Agent, viewer Host header', () => {
    const { requests } = parseFile('cloudfront.log', 'cloudfront');
    assert.equal(requests.length, 2);
    assert.equal(requests[0]!.userAgent, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    assert.equal(requests[0]!.host, 'www.example-shop.test');
    assert.equal(requests[1]!.url, '/products/alpine-parka?color=red');
    assert.equal(requests[1]!.userAgent, CHROME);
  });

  test('ALB: client:port (IPv4 and IPv6), absolute URL with host, "- - -" is a failure', () => {
    const { requests, failures } = parseFile('alb.log', 'alb');
    assert.equal(requests.length, 2);
    assert.deepEqual(requests[0], {
      time: T('2026-11-23T00:00:03.123Z'), ip: '66.249.66.1', method: 'GET', url: 'https://www.example-shop.test:443/robots.txt', status: 200, userAgent: GOOGLEBOT, host: 'www.example-shop.test:443',
    });
    assert.equal(requests[1]!.ip, '2001:4860:4801:10::1');
    assert.deepEqual(failures, [{ line: 3, reason: 'no request line ("- - -")' }]);
  });
});

describe('timestamps', () => {
  test('common log format with zones and fractions', () => {
    assert.equal(parseClfTime('23/Nov/2026:00:00:03 +0000'), T('2026-11-23T00:00:03Z'));
    assert.equal(parseClfTime('23/Nov/2026:05:30:03 +0530'), T('2026-11-23T00:00:03Z'));
    assert.equal(parseClfTime('22/Nov/2026:19:00:03.500 -0500'), T('2026-11-23T00:00:03.500Z'));
    assert.ok(Number.isNaN(parseClfTime('23/Foo/2026:00:00:03 +0000')));
  });

  test('any time: ISO, space-separated, epoch s/ms/µs/ns; not IPs or paths', () => {
    const at = T('2026-11-23T00:00:03Z');
    for (const v of ['2026-11-23T00:00:03Z', '2026-11-23 00:00:03', '2026-11-23T01:00:03+01:00', 1795392003, 1795392003000, '1795392003000000', 1795392003000000000]) {
      assert.equal(parseAnyTime(v), at, String(v));
    }
    assert.ok(Number.isNaN(parseAnyTime('66.249.66.1')));
    assert.ok(Number.isNaN(parseAnyTime('/robots.txt')));
  });

  test('snapshot names: ISO with - for :, bare dates, zones; other names are not times', () => {
    assert.equal(snapshotTime('2023-02-12T06-44-15Z.txt'), T('2023-02-12T06:44:15Z'));
    assert.equal(snapshotTime('2023-02-12T06:44:15Z'), T('2023-02-12T06:44:15Z'));
    assert.equal(snapshotTime('2023-02-12.txt'), T('2023-02-12T00:00:00Z'));
    assert.equal(snapshotTime('2023-02-12T08-44-15+02-00.txt'), T('2023-02-12T06:44:15Z'));
    assert.equal(snapshotTime('README.txt'), undefined);
    assert.equal(snapshotTime('2023-13-12T06-44-15Z.txt'), undefined);
  });
});
