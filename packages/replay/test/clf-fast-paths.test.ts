import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ClfParser } from '../src/log-formats/combined';
import { parseClfTime } from '../src/time';

/**
 * The combined/common parser's shortcuts (`GET `, a `"-"` field, a ` HTTP/x.y` protocol told
 * in place, timestamp digits read in place) against its general path, which takes none of
 * them: the same request or the same reason for every line, odd ones above all. Lines are
 * read in place inside one chunk, by one parser each, as a replay reads them, so that what a
 * parser remembers from line to line (the day of the last timestamp, searches that ran past a
 * line) is exercised too.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

/** `dd/Mon/yyyy:hh:mm:ss ±hhmm` for `ms` as a server in that zone writes it. */
function stamp(ms: number, zoneMinutes: number): string {
  const d = new Date(ms + zoneMinutes * 60_000);
  const sign = zoneMinutes < 0 ? '-' : '+';
  const z = Math.abs(zoneMinutes);
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${sign}${two(Math.floor(z / 60))}${two(z % 60)}`;
}

/** Times near the boundaries a parser's caches key on: seconds, minutes, days, months, years (leap days too). */
const BOUNDARIES = ['2026-11-23T00:00:00Z', '2026-12-31T23:59:59Z', '2027-01-01T00:00:00Z', '2028-02-28T23:59:59Z', '2028-02-29T12:00:00Z', '2028-03-01T00:00:00Z', '1999-12-31T23:59:59Z', '2000-01-01T00:00:00Z'].map(Date.parse);

const timeArb = fc.oneof(
  fc.tuple(fc.constantFrom(...BOUNDARIES), fc.integer({ min: -90_000, max: 90_000 })).map(([t, s]) => t + s * 1000),
  fc.integer({ min: Date.parse('1970-01-01T00:00:00Z') / 1000, max: Date.parse('2099-12-31T23:59:59Z') / 1000 }).map((s) => s * 1000),
);
const zoneArb = fc.oneof(fc.constant(0), fc.constant(0), fc.constantFrom(-720, -300, 60, 330, 840));
/** A timestamp as written, now and then damaged (a digit, a separator, the zone, the width). */
const stampArb = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(timeArb, zoneArb).map(([t, z]) => stamp(t, z)) },
  {
    weight: 2,
    arbitrary: fc.tuple(timeArb, fc.nat(25), fc.constantFrom('x', '0', '9', ' ', '/', ':', '+', '-', '\\', ']')).map(([t, at, c]) => {
      const s = stamp(t, 0);
      return s.slice(0, at) + c + s.slice(at + 1);
    }),
  },
  { weight: 1, arbitrary: fc.tuple(timeArb, fc.constantFrom('.123 +0000', ' +00:00', '', ' -0000', ' +0000 ')).map(([t, tail]) => stamp(t, 0).slice(0, 20) + tail) },
);

const methodArb = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'GETS', 'GE', 'get', 'GET\\"', 'PROPFIND', '', '-', 'G"ET');
const targetArb = fc.oneof(
  fc.constantFrom('/', '/robots.txt', '/a b', '/q?x=\\"1\\"', '/p\\\\', '/%E9', 'https://example.test/x', '', '-'),
  fc.stringMatching(/^\/[a-z0-9/?=&.\-" \\]{0,12}$/),
);
const protocolArb = fc.constantFrom(' HTTP/1.1', ' HTTP/2.0', ' HTTP/1.0', ' HTTP/1', ' HTTP/1.1 ', ' HTTP/ 1.1', ' HTTP/1 1', ' HTTP/ 11', ' HTTP/11 ', 'HTTP/1.1', ' HTTPS/1.1', ' HTTP/1."', ' http/1.1', '', ' H', ' HTTP/1.1\\');
const quotedArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('"-"', '"-"', '"https://www.google.com/"') },
  { weight: 1, arbitrary: fc.constantFrom('"-\\""', '"\\"-"', '"-', '"- "', '"--"', '"\\\\"', '""', '"-"x', '-', '"Mozilla/5.0 \\"quoted\\" \\\\x"') },
  { weight: 1, arbitrary: fc.stringMatching(/^"[a-zA-Z0-9 ;/().\-\\"]{0,16}"?$/) },
);
const agentArb = fc.oneof(
  fc.constantFrom(
    '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"',
    '"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"',
    '"-"',
  ),
  quotedArb,
);

/** A combined line built from parts that are usually right and now and then odd, sometimes cut short or with a stray character. */
const lineArb = fc
  .record({
    ip: fc.constantFrom('203.0.113.9', '2001:db8::1', 'www.example.test:443 198.51.100.7', '', '-'),
    ident: fc.constantFrom(' - - ', ' - frank ', '  - - ', ' -  - ', ' '),
    stamp: stampArb,
    method: methodArb,
    target: targetArb,
    protocol: protocolArb,
    status: fc.constantFrom(' 200', ' 404', ' -', ' ', ' 2x0', ' 1234567'),
    size: fc.constantFrom(' 512', ' -', ' ', '  512', ' 0'),
    referer: quotedArb,
    agent: agentArb,
    extra: fc.constantFrom('', '', ' "extra" 123', ' 0.004', '"'),
    // A cut anywhere, or of the last character only (a line ending in `"-`, the quote after it).
    cut: fc.option(fc.oneof(fc.nat(220), fc.constant(-1)), { nil: undefined }),
    stray: fc.option(fc.tuple(fc.nat(220), fc.constantFrom('"', '\\', ' ', ']', '[', '\r', 'é', '-')), { nil: undefined }),
  })
  .map((p) => {
    let line = `${p.ip}${p.ident}[${p.stamp}] "${p.method} ${p.target}${p.protocol}"${p.status}${p.size} ${p.referer} ${p.agent}${p.extra}`;
    if (p.stray !== undefined) line = line.slice(0, p.stray[0]) + p.stray[1] + line.slice(p.stray[0] + 1);
    if (p.cut !== undefined) line = line.slice(0, p.cut);
    return line;
  });

/**
 * Every line of `lines`, read in place from one chunk by `parser`. Lines end in LF, or in
 * `after` (a character the parser must not take for part of the line: it reads up to `end`).
 */
function readAll(parser: ClfParser, lines: readonly string[], after = '\n'): unknown[] {
  const text = lines.map((l) => l + after).join('');
  const out: unknown[] = [];
  let pos = 0;
  for (const line of lines) {
    const r = parser.parse(text, pos, pos + line.length);
    out.push(r !== null && typeof r === 'object' ? { ...r } : r);
    pos += line.length + 1;
  }
  return out;
}

describe('combined/common parser: shortcuts read every line as the general path does', () => {
  for (const format of ['combined', 'common'] as const) {
    test(`${format}: random and odd lines, in place in one chunk`, () => {
      fc.assert(
        fc.property(fc.array(lineArb, { minLength: 1, maxLength: 40 }), fc.constantFrom('\n', '\n', '"', ' ', '\\', ']'), (lines, after) => {
          assert.deepEqual(readAll(new ClfParser(format), lines, after), readAll(new ClfParser(format, false), lines, after));
        }),
        { numRuns: 400, seed: 3939 },
      );
    });
  }

  // Lines that end where a shortcut would read on: the chunk's next character must not count.
  const P = '203.0.113.9 - - [23/Nov/2026:00:00:03 +0000] ';
  const edges = [
    `${P}"GET / HTTP/1.1" 200 1 "-" "-`,
    `${P}"GET / HTTP/1.1" 200 1 "-`,
    `${P}"GET / HTTP/1.1" 200 1 "-" "-"`,
    `${P}"GET`,
    `${P}"GET `,
    `${P}"GET / HTTP/1.1`,
    `${P}"GET HTTP/1.1" 200 1 "-" "-"`,
    `${P}"GET  HTTP/1.1" 200 1 "-" "-"`,
    `${P}"GET /x HTTP/1 1" 200 1 "-" "-"`,
  ];
  for (const line of edges) {
    test(`the same for ${JSON.stringify(line.slice(P.length))}, whatever follows it in the chunk`, () => {
      for (const format of ['combined', 'common'] as const) {
        for (const after of ['\n', '"', ' ', '\\']) assert.deepEqual(readAll(new ClfParser(format), [line], after), readAll(new ClfParser(format, false), [line], after), `${format}, then ${JSON.stringify(after)}`);
      }
    });
  }

  test('the shortcuts are taken for the usual line and agree with it, field by field', () => {
    const line = '203.0.113.9 - - [23/Nov/2026:00:00:03 +0000] "GET /a?b=1 HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"';
    const r = new ClfParser('combined').parse(line, 0, line.length);
    assert.deepEqual(r, {
      time: Date.parse('2026-11-23T00:00:03Z'), ip: '203.0.113.9', method: 'GET', url: '/a?b=1', status: 200,
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', host: null,
    });
  });
});

describe('combined/common parser: timestamps read in place', () => {
  test('equal parseClfTime and the time written, across second, minute, day, month and year boundaries and time zones', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(timeArb, zoneArb), { minLength: 1, maxLength: 30 }), (times) => {
        const stamps = times.map(([t, z]) => stamp(t, z));
        const lines = stamps.map((s) => `203.0.113.9 - - [${s}] "GET / HTTP/1.1" 200 1 "-" "-"`);
        const read = readAll(new ClfParser('combined'), lines) as { time: number }[];
        read.forEach((r, i) => {
          assert.equal(r.time, times[i]![0], stamps[i]);
          assert.equal(r.time, parseClfTime(stamps[i]!), stamps[i]);
        });
      }),
      { numRuns: 300, seed: 4040 },
    );
  });

  // Each damaged where only one digit of a pair is wrong: all are unreadable, as parseClfTime says.
  const unreadable = ['23/Nov/20x6:00:00:03 +0000', '23/Nov/2x26:00:00:03 +0000', '2x/Nov/2026:00:00:03 +0000', '23/Nov/2026:0x:00:03 +0000', '23/Nov/2026:00:00:0x +0000', '23/Nov/2026:00:00:/3 +0000', '23/Foo/2026:00:00:03 +0000'];
  for (const s of unreadable) {
    test(`[${s}] is an unreadable timestamp`, () => {
      const line = `203.0.113.9 - - [${s}] "GET / HTTP/1.1" 200 1 "-" "-"`;
      assert.ok(Number.isNaN(parseClfTime(s)));
      assert.equal(new ClfParser('combined').parse(line, 0, line.length), 'unreadable timestamp');
    });
  }
});
