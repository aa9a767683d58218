/**
 * The parser's fast paths read exactly as its general ones (issue #39, item 5):
 * - bytes are decoded and read in pieces cut after line breaks; a body read in pieces of any
 *   size is read as in one piece, and as its decoded text is;
 * - a line whose known key is followed at once by its colon skips the general key reading;
 *   the same line with a space before the colon takes the general one and means the same.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { decodeRobotsBytes, readKey } from '../src/parse';
import type { RobotsFile } from '../src/parse';
import { decodeRobotsPieces } from '../src/parse/decode';
import { parseRobots, parseRobotsBytes } from '../src/parse/parse';

const utf8 = (text: string): number[] => [...new TextEncoder().encode(text)];

/** Everything a parse gives, as plain data (the lines as `Line.toJSON` writes them). */
function plain(file: RobotsFile): unknown {
  return JSON.parse(JSON.stringify({ ...file, groupsByToken: [...file.groupsByToken], lines: file.lines }));
}

/** Bytes of robots.txt pieces: keys in any case, breaks of every kind, non-ASCII and invalid UTF-8. */
const bodies = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'User-agent:', 'user-AGENT: ', 'useragent ', 'Disallow:', 'DISALLOW:/', 'Allow:', 'allow :', 'Sitemap:', 'Disallowed:', 'Crawl-delay: 5',
        ': ', ':', ' ', '\t', '\n', '\r', '\r\n', '#', '# x:y', '*', '$', '/', '%', '%2', '%7e', '%2F', 'é', 'ツ', '😀', '\uFEFF',
        '<html>', 'Googlebot/2.1', '360Spider', 'Disallow /a', 'u', 'd', 's', 'a',
      ).map(utf8),
      // Invalid UTF-8: stray bytes, a cut sequence, an overlong form, an encoded surrogate, a BOM.
      fc.constantFrom([0xff], [0x80], [0xc3], [0xe6, 0x97], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xef, 0xbb, 0xbf], [0xef, 0xbb]),
    ),
    { maxLength: 80 },
  )
  .map((parts) => new Uint8Array(parts.flat()));

describe('bytes read in pieces (fast-check)', () => {
  test('any piece size reads as one piece', () => {
    fc.assert(
      fc.property(bodies, fc.integer({ min: 1, max: 40 }), (bytes, size) => {
        assert.deepEqual(plain(parseRobotsBytes(bytes, size)), plain(parseRobotsBytes(bytes, Infinity)));
      }),
      { numRuns: 3_000 },
    );
  });

  test('bytes read as their decoded text is', () => {
    fc.assert(
      fc.property(bodies, fc.integer({ min: 1, max: 40 }), (bytes, size) => {
        const decoded = decodeRobotsBytes(bytes);
        // A BOM is skipped from bytes but kept (and skipped) in text: compare from after it.
        fc.pre(!decoded.hadBom);
        assert.deepEqual(plain(parseRobotsBytes(bytes, size)), plain(parseRobots(decoded.text)));
      }),
      { numRuns: 3_000 },
    );
  });

  test('the pieces end after a line break and join into the decoded text', () => {
    fc.assert(
      fc.property(bodies, fc.integer({ min: 1, max: 40 }), (bytes, size) => {
        const { pieces, hadBom } = decodeRobotsPieces(bytes, size);
        const whole = decodeRobotsBytes(bytes);
        assert.equal(pieces.join(''), whole.text);
        assert.equal(hadBom, whole.hadBom);
        for (let p = 0; p + 1 < pieces.length; p++) {
          assert.match(pieces[p]!, /[\n\r]$/);
          // A CRLF is never cut in two.
          assert.ok(!(pieces[p]!.endsWith('\r') && pieces[p + 1]!.startsWith('\n')));
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('bytes read in pieces (cases)', () => {
  const cases: Array<[string, number[]]> = [
    ['non-ASCII lines', utf8('User-agent: *\nDisallow: /café/\nDisallow: /日本/\nAllow: /😀\n')],
    ['a BOM', [0xef, 0xbb, 0xbf, ...utf8('User-agent: *\nDisallow: /a\n')]],
    ['a partial BOM', [0xef, 0xbb, ...utf8('User-agent: *\nDisallow: /a\n')]],
    ['invalid UTF-8', [...utf8('User-agent: *\nDisallow: /caf'), 0xe9, ...utf8('/\nDisallow: /'), 0xc3, ...utf8('\nAllow: /x'), 0xff]],
    ['CR-only line ends', utf8('User-agent: a\rDisallow: /a\rUser-agent: b\rAllow: /b\r')],
    ['CRLF line ends', utf8('User-agent: a\r\nDisallow: /a\r\n\r\nUser-agent: b\r\nAllow: /b\r\n')],
    ['mixed line ends and no final one', utf8('User-agent: a\r\nDisallow: /a\rAllow: /b\nSitemap: https://example.com/s.xml')],
    ['an HTML page', utf8('\n\n<!DOCTYPE html>\n<html>\n<body>User-agent: *\nDisallow: /\n</body></html>')],
    ['an empty body', []],
  ];
  for (const [name, body] of cases) {
    test(name, () => {
      const bytes = new Uint8Array(body);
      const whole = plain(parseRobotsBytes(bytes, Infinity));
      for (let size = 1; size <= body.length + 1; size++) assert.deepEqual(plain(parseRobotsBytes(bytes, size)), whole, `pieces of ${size} bytes`);
    });
  }

  test('a file of more than 65,536 lines reads as its text does', () => {
    const lines: string[] = [];
    for (let i = 0; i < 70_000; i++) {
      if (i % 500 === 0) lines.push(`User-agent: bot-${i}`);
      else if (i % 97 === 0) lines.push(`Disallow: /книги/${i}/ # non-ASCII`);
      else if (i % 89 === 0) lines.push(`Allow: /caf%C3%A9/${i}`);
      else lines.push(`${i % 2 ? 'Disallow' : 'allow'}: /shop/${i}/`);
    }
    const text = lines.map((line, i) => line + ['\n', '\r\n', '\r'][i % 3]).join('');
    const bytes = new TextEncoder().encode(text);
    assert.ok(decodeRobotsPieces(bytes).pieces.length > 10);
    const fromBytes = parseRobots(bytes);
    assert.equal(fromBytes.lines.length, 70_000);
    assert.deepEqual(plain(fromBytes), plain(parseRobots(text)));
  });
});

describe('lines with a known key and its colon (fast-check)', () => {
  const lines = fc.array(
    fc.tuple(
      fc.constantFrom('', ' ', '\t'),
      fc.constantFrom('User-agent', 'USER-AGENT', 'user-agenT', 'Allow', 'aLLow', 'Disallow', 'disallow', 'Sitemap', 'SITEMAP', 'Disallowed', 'Crawl-delay', 'Useragent', 'Dissallow', 'Allowx', 'Userxagent'),
      fc.constantFrom('', ' ', '  ', '\t'),
      fc.constantFrom('', '/', '/a b', '*', 'Googlebot/2.1', '/x:y', 'ツ', '/%7e', '  /p  '),
      fc.constantFrom('', ' # c', '#c:d'),
    ),
    { maxLength: 30 },
  );

  test('the general reading gives the same meaning', () => {
    fc.assert(
      fc.property(lines, (parts) => {
        const direct = parts.map(([lead, key, gap, value, comment]) => `${lead}${key}:${gap}${value}${comment}`).join('\n');
        // A space before the colon: the same key after trimming, read the general way.
        const spaced = parts.map(([lead, key, gap, value, comment]) => `${lead}${key} :${gap}${value}${comment}`).join('\n');
        const a = parseRobots(direct);
        const b = parseRobots(spaced);
        const meaning = (file: RobotsFile): unknown => ({
          lines: file.lines.map((l) => [l.kind, l.key, l.directive, l.spelling, l.missingColon, l.value, l.group, l.comment !== undefined]),
          groups: file.groups.map((g) => [g.agents, g.rules.map((r) => [r.kind, r.line, r.pattern, r.normalized, r.octets, r.group]), g.otherLines, g.firstLine, g.lastLine]),
          groupsByToken: [...file.groupsByToken],
          sitemaps: file.sitemaps,
          orphanRules: file.orphanRules.map((r) => [r.kind, r.pattern, r.normalized]),
          problems: file.problems.map((p) => p.code),
        });
        assert.deepEqual(meaning(a), meaning(b));
        // And every key reads as the general key reader reads it alone.
        for (const line of a.lines) {
          if (line.key === undefined) continue;
          const reading = readKey(line.key);
          assert.equal(line.kind, reading ? reading.directive : 'other');
          assert.equal(line.spelling, reading ? reading.spelling : 'exact');
        }
      }),
      { numRuns: 3_000 },
    );
  });
});
