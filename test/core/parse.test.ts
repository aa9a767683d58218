import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GOOGLE_SIZE_LIMIT_BYTES, parseRobots } from '@robots-lens/kernel/parse';
import { GOOGLE_MAX_LINE_BYTES } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { LineKind } from '@robots-lens/kernel/parse';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Line kinds of a file, one letter per line for compact tables. */
function kinds(file: RobotsFile): LineKind[] {
  return file.lines.map((l) => l.kind);
}

/** Groups as `agents => rules` strings, e.g. `a,b => D/x A/y`. */
function groupsOf(file: RobotsFile): string[] {
  return file.groups.map(
    (g) =>
      g.agents.map((a) => (a.isStar ? '*' : a.token)).join(',') +
      ' =>' +
      g.rules.map((r) => ` ${r.kind === 'allow' ? 'A' : 'D'}${r.pattern}`).join(''),
  );
}

describe('reading lines (docs/spec/robots-semantics.md §1)', () => {
  const cases: Array<[string, string, LineKind[]]> = [
    ['LF line ends', 'User-agent: *\nDisallow: /a\n', ['user-agent', 'disallow']],
    ['CRLF line ends', 'User-agent: *\r\nDisallow: /a\r\n', ['user-agent', 'disallow']],
    ['CR-only line ends', 'User-agent: *\rDisallow: /a\rAllow: /b', ['user-agent', 'disallow', 'allow']],
    ['mixed line ends', 'User-agent: *\r\nDisallow: /a\rAllow: /b\nSitemap: https://x.test/s.xml', ['user-agent', 'disallow', 'allow', 'sitemap']],
    ['CR CR is two line breaks', 'User-agent: *\r\rDisallow: /a', ['user-agent', 'blank', 'disallow']],
    ['no final newline', 'User-agent: *\nDisallow: /a', ['user-agent', 'disallow']],
    ['comment line', '# hello\nUser-agent: *', ['comment', 'user-agent']],
    ['blank lines', '\n\nUser-agent: *', ['blank', 'blank', 'user-agent']],
    ['whitespace-only line is blank', '   \t \nUser-agent: *', ['blank', 'user-agent']],
    ['keys are case-insensitive', 'USER-AGENT: *\nDISALLOW: /a\nallow: /b\nsItEmAp: https://x.test/s', ['user-agent', 'disallow', 'allow', 'sitemap']],
    ['unknown keys are other', 'Crawl-delay: 10\nHost: example.com\nNoindex: /x\nClean-param: a', ['other', 'other', 'other', 'other']],
    ['a lone word is invalid', 'hello\n<html>', ['invalid', 'invalid']],
    ['three tokens without colon are invalid', 'Disallow /a /b', ['invalid']],
    ['missing colon with two tokens is accepted', 'User-agent *\nDisallow /a', ['user-agent', 'disallow']],
    ['empty key is invalid', ': /a', ['invalid']],
    ['prefix keys are read as the key', 'Disallowed: /a\nUser-agents: *\nAllowance: /b', ['disallow', 'user-agent', 'allow']],
    ['Google typos', 'useragent: a\nuser agent: b\ndissallow: /1\ndissalow: /2\ndisalow: /3\ndiasllow: /4\ndisallaw: /5\nsite-map: https://x.test/s', ['user-agent', 'user-agent', 'disallow', 'disallow', 'disallow', 'disallow', 'disallow', 'sitemap']],
    ['other typos are unknown', 'Disalow: /a\nDisallw: /b\nUser_agent: x', ['disallow', 'other', 'other']],
    ['BOM mid-file is an ordinary character', 'User-agent: *\n\uFEFFDisallow: /x', ['user-agent', 'other']],
  ];
  for (const [name, text, expected] of cases) {
    test(name, () => assert.deepEqual(kinds(parseRobots(text)), expected));
  }

  const values: Array<[string, string, string]> = [
    ['trims the value', 'Disallow:    /a b   ', '/a b'],
    ['comment removed from value', 'Disallow: /a # private', '/a'],
    ['# inside a path starts a comment', 'Disallow: /a#b', '/a'],
    ['tab separators', 'Disallow:\t/tabbed\t', '/tabbed'],
    ['value after the first colon keeps later colons', 'Sitemap: https://x.test/a:b', 'https://x.test/a:b'],
    ['missing colon value', 'Disallow /nocolon', '/nocolon'],
    ['empty value', 'Disallow:', ''],
    ['empty value with comment', 'Disallow: # nothing', ''],
  ];
  for (const [name, text, value] of values) {
    test(`value: ${name}`, () => {
      const line = parseRobots(text).lines[0]!;
      assert.equal(line.value, value);
      if (line.valueSpan) assert.equal(text.slice(line.valueSpan.start, line.valueSpan.end), value);
    });
  }

  test('spelling is recorded for lint', () => {
    const file = parseRobots('Dissallow: /a\nDisallow /b\nDisallowed: /c\nDisallow: /d');
    assert.deepEqual(
      file.lines.map((l) => [l.spelling, l.missingColon ?? false]),
      [['misspelling', false], ['exact', true], ['prefix', false], ['exact', false]],
    );
  });

  test('a line as plain data', () => {
    const [ua, rule, blank] = parseRobots('User-agent: Foo\nDisallow /x # why\n\n').lines;
    assert.deepEqual(JSON.parse(JSON.stringify(rule)), {
      index: 1, start: 16, end: 33, byteOffset: 16, kind: 'disallow', value: '/x', beyondLimit: false, truncated: false,
      key: 'Disallow', keySpan: { start: 16, end: 24 }, directive: 'disallow', spelling: 'exact', missingColon: true,
      valueSpan: { start: 25, end: 27 }, comment: { start: 28, end: 33 }, group: 0,
    });
    assert.equal(JSON.parse(JSON.stringify(ua)).group, 0);
    assert.deepEqual(JSON.parse(JSON.stringify(blank)), { index: 2, start: 34, end: 34, byteOffset: 34, kind: 'blank', value: '', beyondLimit: false, truncated: false });
  });

  test('offsets point into the text', () => {
    const text = 'User-agent: Foo # bot\r\nDisallow: /private';
    const file = parseRobots(text);
    const [ua, rule] = file.lines;
    assert.equal(text.slice(ua!.keySpan!.start, ua!.keySpan!.end), 'User-agent');
    assert.equal(text.slice(ua!.comment!.start, ua!.comment!.end), '# bot');
    assert.equal(text.slice(rule!.start, rule!.end), 'Disallow: /private');
    assert.equal(rule!.byteOffset, 23);
  });
});

describe('byte order marks and encodings (docs/spec/robots-semantics.md §1)', () => {
  const boms: Array<[string, number[]]> = [
    ['full BOM', [0xef, 0xbb, 0xbf]],
    ['two-byte partial BOM', [0xef, 0xbb]],
    ['one-byte partial BOM', [0xef]],
  ];
  for (const [name, prefix] of boms) {
    test(`${name} is skipped`, () => {
      const body = new Uint8Array([...prefix, ...utf8('User-agent: *\nDisallow: /x')]);
      const file = parseRobots(body);
      assert.equal(file.hadBom, true);
      assert.deepEqual(groupsOf(file), ['* => D/x']);
      assert.ok(file.problems.some((p) => p.code === 'bom'));
    });
  }
  test('BOM character at the start of editor text is skipped', () => {
    const file = parseRobots('\uFEFFUser-agent: *\nDisallow: /x');
    assert.deepEqual(groupsOf(file), ['* => D/x']);
    assert.equal(file.lines[0]!.start, 1);
  });
  test('a second BOM right after the first is an ordinary character', () => {
    const file = parseRobots(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('\uFEFFUser-agent: *\nDisallow: /x')]));
    assert.equal(file.hadBom, true);
    assert.equal(file.text.charCodeAt(0), 0xfeff);
    assert.deepEqual(kinds(file), ['other', 'disallow']);
    assert.deepEqual(groupsOf(file), []);
  });
  test('no BOM, no problem', () => {
    const file = parseRobots(utf8('User-agent: *'));
    assert.equal(file.hadBom, false);
    assert.equal(file.problems.length, 0);
  });
  test('invalid UTF-8 never stops parsing and keeps the octet', () => {
    const body = new Uint8Array([...utf8('User-agent: *\nDisallow: /caf'), 0xe9, ...utf8('\nDisallow: /next')]);
    const file = parseRobots(body);
    assert.deepEqual(file.groups[0]!.rules.map((r) => r.normalized), ['/caf%E9', '/next']);
    assert.ok(file.problems.some((p) => p.code === 'invalid-utf8'));
  });
  test('valid UTF-8 decodes to characters', () => {
    const file = parseRobots(utf8('User-agent: *\nDisallow: /ツ'));
    assert.equal(file.groups[0]!.rules[0]!.pattern, '/ツ');
    assert.equal(file.groups[0]!.rules[0]!.normalized, '/%E3%83%84');
    assert.equal(file.groups[0]!.rules[0]!.octets, 10);
  });
  test('overlong and surrogate encodings are invalid bytes', () => {
    const body = new Uint8Array([...utf8('User-agent: *\nDisallow: /'), 0xc0, 0xaf, 0xed, 0xa0, 0x80]);
    const rule = parseRobots(body).groups[0]!.rules[0]!;
    assert.equal(rule.normalized, '/%C0%AF%ED%A0%80');
  });
});

describe('groups (docs/spec/robots-semantics.md §2)', () => {
  const cases: Array<[string, string, string[]]> = [
    ['one group', 'User-agent: a\nDisallow: /x', ['a => D/x']],
    ['consecutive agents share a group', 'User-agent: a\nUser-agent: b\nDisallow: /x', ['a,b => D/x']],
    ['blank line between agents does not split', 'User-agent: a\n\nUser-agent: b\nDisallow: /x', ['a,b => D/x']],
    ['blank line between agent and rules does not split', 'User-agent: a\n\nDisallow: /x', ['a => D/x']],
    ['comment between agents', 'User-agent: a\n# c\nUser-agent: b\nDisallow: /x', ['a,b => D/x']],
    ['sitemap between agents', 'User-agent: a\nSitemap: https://x.test/s\nUser-agent: b\nDisallow: /x', ['a,b => D/x']],
    ['crawl-delay between agents', 'User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x', ['a,b => D/x']],
    ['unknown line between agents', 'User-agent: a\nFoo: bar\nUser-agent: b\nDisallow: /x', ['a,b => D/x']],
    ['agent after a rule starts a group', 'User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y', ['a => D/x', 'b => D/y']],
    ['blank lines inside rules do not end the group', 'User-agent: a\nDisallow: /x\n\nDisallow: /y', ['a => D/x D/y']],
    ['rules before any agent belong to no group', 'Disallow: /x\nUser-agent: a\nDisallow: /y', ['a => D/y']],
    ['agent with no rules at the end', 'User-agent: a\nDisallow: /x\nUser-agent: b', ['a => D/x', 'b =>']],
    ['empty disallow is still a rule (separator)', 'User-agent: a\nDisallow:\nUser-agent: b\nAllow: /', ['a => D', 'b => A/']],
    ['sitemap after rules does not start a group', 'User-agent: a\nDisallow: /x\nSitemap: https://x.test/s\nDisallow: /y', ['a => D/x D/y']],
    ['crawl-delay after rules stays in group', 'User-agent: a\nDisallow: /x\nCrawl-delay: 1\nUser-agent: b\nDisallow: /y', ['a => D/x', 'b => D/y']],
    ['missing-colon agent starts a group', 'User-agent a\nDisallow /x', ['a => D/x']],
    ['typo keys form groups', 'useragent: a\ndissallow: /x', ['a => D/x']],
  ];
  for (const [name, text, expected] of cases) {
    test(name, () => assert.deepEqual(groupsOf(parseRobots(text)), expected));
  }

  test('orphan rules are kept and reported', () => {
    const file = parseRobots('Disallow: /x\nAllow: /y\nUser-agent: *');
    assert.deepEqual(file.orphanRules.map((r) => r.pattern), ['/x', '/y']);
    assert.equal(file.problems.filter((p) => p.code === 'rule-outside-group').length, 2);
  });

  test('sitemaps belong to the file', () => {
    const file = parseRobots('Sitemap: https://x.test/a.xml\nUser-agent: *\nDisallow: /\nSitemap: https://x.test/b.xml');
    assert.deepEqual(file.sitemaps.map((s) => s.url), ['https://x.test/a.xml', 'https://x.test/b.xml']);
  });

  const tokens: Array<[string, string, string[]]> = [
    ['same token merges', 'User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: A\nAllow: /z', ['a:0,2', 'b:1']],
    ['star groups merge', 'User-agent: *\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: *\nAllow: /z', ['*:0,2', 'b:1']],
    ['versioned token', 'User-agent: Googlebot/2.1\nDisallow: /x', ['googlebot:0']],
    ['digits end the token', 'User-agent: AB42bot\nDisallow: /x', ['ab:0']],
    ['leading digit gives no token', 'User-agent: 360Spider\nDisallow: /x', []],
    ['space ends the token', 'User-agent: Foo Bar\nDisallow: /x', ['foo:0']],
    ['star with trailing text is still star', 'User-agent: * # all\nDisallow: /x\nUser-agent: *  everyone\nDisallow: /y', ['*:0,1']],
    ['star glued to text is not star', 'User-agent: *bot\nDisallow: /x', []],
    ['underscore and hyphen are token chars', 'User-agent: my_bot-x/1\nDisallow: /x', ['my_bot-x:0']],
    ['one group with two names of the same token counts once', 'User-agent: a\nUser-agent: A/2\nDisallow: /x', ['a:0']],
  ];
  for (const [name, text, expected] of tokens) {
    test(`tokens: ${name}`, () => {
      const file = parseRobots(text);
      assert.deepEqual(
        [...file.groupsByToken].map(([k, v]) => `${k}:${v.join(',')}`).sort(),
        [...expected].sort(),
      );
    });
  }
});

describe('size limits (docs/spec/robots-semantics.md §1)', () => {
  test('lines past 500 KiB are kept but inert', () => {
    const filler = '# ' + 'x'.repeat(998) + '\n';
    let text = 'User-agent: *\nDisallow: /early\n';
    while (text.length < GOOGLE_SIZE_LIMIT_BYTES) text += filler;
    text += 'Disallow: /late\nUser-agent: Late\nDisallow: /\n';
    const file = parseRobots(text);
    assert.deepEqual(file.groups.map((g) => g.rules.map((r) => r.pattern)), [['/early']]);
    const late = file.lines.find((l) => l.value === '/late')!;
    assert.equal(late.beyondLimit, true);
    assert.equal(late.kind, 'disallow');
    assert.equal(file.problems.filter((p) => p.code === 'size-limit').length, 1);
    assert.equal(file.groupsByToken.has('late'), false);
  });
  test('a line crossing the limit is cut at the limit', () => {
    const head = 'User-agent: *\n';
    const pad = '#'.repeat(GOOGLE_SIZE_LIMIT_BYTES - head.length - 12) + '\n';
    const text = head + pad + 'Disallow: /abcdefghij';
    const rule = parseRobots(text).groups[0]!.rules[0]!;
    assert.equal(rule.pattern, '/');
  });
  test('the byte limit counts UTF-8 bytes, not characters', () => {
    const head = 'User-agent: *\n';
    const chars = Math.ceil((GOOGLE_SIZE_LIMIT_BYTES - head.length) / 3);
    const text = head + '#' + 'ツ'.repeat(chars) + '\nDisallow: /x';
    const file = parseRobots(text);
    assert.equal(file.groups[0]!.rules.length, 0);
    assert.ok(file.byteLength > GOOGLE_SIZE_LIMIT_BYTES);
  });
  test('lines longer than 16,663 bytes are truncated', () => {
    const longPath = '/' + 'a'.repeat(GOOGLE_MAX_LINE_BYTES + 100);
    const file = parseRobots(`User-agent: *\nDisallow: ${longPath}`);
    const rule = file.groups[0]!.rules[0]!;
    assert.equal(rule.pattern.length, GOOGLE_MAX_LINE_BYTES - 'Disallow: '.length);
    assert.equal(file.lines[1]!.truncated, true);
    assert.ok(file.problems.some((p) => p.code === 'line-too-long'));
  });
  test('a line of exactly 16,663 bytes is whole', () => {
    const path = '/' + 'a'.repeat(GOOGLE_MAX_LINE_BYTES - 'Disallow: '.length - 1);
    const file = parseRobots(`User-agent: *\nDisallow: ${path}`);
    assert.equal(file.lines[1]!.truncated, false);
    assert.equal(file.groups[0]!.rules[0]!.pattern, path);
  });
});

describe('HTML served as robots.txt', () => {
  test('is detected and valid lines still count', () => {
    const file = parseRobots('<!DOCTYPE html>\n<html><body>\nUser-agent: *\nDisallow: /x\n</body></html>');
    assert.ok(file.problems.some((p) => p.code === 'looks-like-html'));
    assert.deepEqual(groupsOf(file), ['* => D/x']);
  });
  test('a plain robots.txt is not HTML', () => {
    assert.ok(!parseRobots('User-agent: *\nDisallow: /<html>').problems.some((p) => p.code === 'looks-like-html'));
  });
});
