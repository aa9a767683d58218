import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { effectivePreferences, parseDictionary, preferencesJson, preferenceStatements } from '@robots-lens/kernel/preferences';
import type { PreferencesJson } from '@robots-lens/kernel/preferences';

/** The "preferences" JSON for (path, agent) on `text`, as `robots-lens test --json` prints it. */
function preferencesOf(text: string, path: string, agent = 'ExampleBot'): PreferencesJson {
  const file = parseRobots(text);
  return preferencesJson(effectivePreferences(file, matcherFor(file).decide(path, agent)));
}

/** Shorthand for the Content-Usage part: [line, train-ai, search]. */
function usageOf(text: string, path: string, agent?: string): [number, string, string] | null | 'n/a' {
  const json = preferencesOf(text, path, agent);
  if (!json.applicable) return 'n/a';
  return json.contentUsage ? [json.contentUsage.line, json.contentUsage['train-ai'], json.contentUsage.search] : null;
}

describe('Content-Usage: the draft\'s own example', () => {
  const robots = 'User-agent: *\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n';
  const table: Array<[string, ReturnType<typeof usageOf>]> = [
    ['/test', [3, 'disallowed', 'unknown']],
    ['/never/test', 'n/a'],
    ['/ai-ok/test', [4, 'allowed', 'unknown']],
  ];
  for (const [path, expected] of table) {
    test(path, () => assert.deepEqual(usageOf(robots, path), expected));
  }
  test('a disallowed URL has no preferences at all, Content-Signal included', () => {
    const text = 'User-agent: *\nDisallow: /never/\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\n';
    assert.deepEqual(preferencesOf(text, '/never/x'), { applicable: false, contentUsage: null, contentSignal: null });
  });
});

describe('Content-Usage: path and preference', () => {
  const table: Array<[name: string, robots: string, path: string, expected: ReturnType<typeof usageOf>, agent?: string]> = [
    ['no path: the whole group', 'User-agent: *\nContent-Usage: train-ai=n, search=y', '/a/b', [2, 'disallowed', 'allowed']],
    ['the key is case-insensitive, spaces around it ignored', 'User-agent: *\n  content-USAGE  :  train-ai=n', '/a', [2, 'disallowed', 'unknown']],
    ['the value ends at #', 'User-agent: *\nContent-Usage: train-ai=n # not for training', '/a', [2, 'disallowed', 'unknown']],
    ['a path shorter than the URL still matches', 'User-agent: *\nContent-Usage: /a train-ai=n', '/abc', [2, 'disallowed', 'unknown']],
    ['a path that does not match leaves no preference', 'User-agent: *\nContent-Usage: /a train-ai=n', '/b', null],
    ['`*` and a final `$` like Allow/Disallow', 'User-agent: *\nContent-Usage: /*.pdf$ train-ai=n', '/docs/x.pdf', [2, 'disallowed', 'unknown']],
    ['a final `$` anchors', 'User-agent: *\nContent-Usage: /*.pdf$ train-ai=n', '/docs/x.pdf?x=1', null],
    ['percent-normalised alike', 'User-agent: *\nContent-Usage: /caf%c3%a9 train-ai=n', '/café', [2, 'disallowed', 'unknown']],
    ['the longest match in octets decides', 'User-agent: *\nContent-Usage: /a/ train-ai=y\nContent-Usage: /a/b/ train-ai=n', '/a/b/c', [3, 'disallowed', 'unknown']],
    ['longest match, whichever comes first', 'User-agent: *\nContent-Usage: /a/b/ train-ai=n\nContent-Usage: /a/ train-ai=y', '/a/b/c', [2, 'disallowed', 'unknown']],
    ['octets, not characters: %C3%A9 is six', 'User-agent: *\nContent-Usage: /caf* train-ai=y\nContent-Usage: /café search=n', '/café', [3, 'unknown', 'disallowed']],
    ['a path `/` is longer than no path', 'User-agent: *\nContent-Usage: / train-ai=y\nContent-Usage: train-ai=n', '/x', [2, 'allowed', 'unknown']],
    ['identical paths combine: any n wins', 'User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /a train-ai=n, search=y', '/a', [2, 'disallowed', 'allowed']],
    ['identical paths combine: y beats unknown', 'User-agent: *\nContent-Usage: /a train-ai=?1\nContent-Usage: /a train-ai=y', '/a', [2, 'allowed', 'unknown']],
    ['no path twice combines too', 'User-agent: *\nContent-Usage: search=n\nContent-Usage: train-ai=y, search=y', '/a', [2, 'allowed', 'disallowed']],
    ['only the group the crawler obeys', 'User-agent: GPTBot\nAllow: /\nContent-Usage: train-ai=n\n\nUser-agent: *\nContent-Usage: train-ai=y', '/a', [6, 'allowed', 'unknown']],
    ['the named group, not `*`', 'User-agent: GPTBot\nAllow: /\nContent-Usage: train-ai=n\n\nUser-agent: *\nContent-Usage: train-ai=y', '/a', [3, 'disallowed', 'unknown'], 'GPTBot'],
    ['merged groups pool their rules', 'User-agent: a\nAllow: /\nContent-Usage: /x/y train-ai=n\n\nUser-agent: b\nAllow: /\n\nUser-agent: a\nContent-Usage: /x/y/ train-ai=y', '/x/y/z', [9, 'allowed', 'unknown'], 'a'],
    ['no group for the crawler: nothing stated', 'User-agent: GPTBot\nContent-Usage: train-ai=n', '/a', null],
    ['an Allow that wins over a Disallow keeps preferences', 'User-agent: *\nDisallow: /p\nAllow: /p/open\nContent-Usage: train-ai=n', '/p/open', [4, 'disallowed', 'unknown']],
  ];
  for (const [name, robots, path, expected, agent] of table) {
    test(name, () => assert.deepEqual(usageOf(robots, path, agent), expected));
  }
});

describe('Content-Usage: the dictionary, parsed as bytes', () => {
  /** The preferences of a single no-path rule: [train-ai, search, parsed, unknown labels, repeated labels]. */
  function read(value: string): [string, string, boolean, string[], string[]] {
    const rule = preferenceStatements(parseRobots(`User-agent: *\nContent-Usage: ${value}`)).contentUsage[0]!;
    return [rule.preferences['train-ai'], rule.preferences.search, rule.parsed, [...rule.unknownLabels], [...rule.repeatedLabels]];
  }
  const table: Array<[string, string, ReturnType<typeof read>]> = [
    ['y and n', 'train-ai=n, search=y', ['disallowed', 'allowed', true, [], []]],
    ['no spaces needed', 'train-ai=n,search=y', ['disallowed', 'allowed', true, [], []]],
    ['unknown labels are ignored', 'train-ai=n, ai-use=n, bots=y', ['disallowed', 'unknown', true, ['ai-use', 'bots'], []]],
    ['parameters are ignored', 'train-ai=n;reason="x", search=y;q=1', ['disallowed', 'allowed', true, [], []]],
    ['another value is unknown: a string', 'train-ai="n"', ['unknown', 'unknown', true, [], []]],
    ['another value is unknown: a bare label is a boolean', 'train-ai, search=n', ['unknown', 'disallowed', true, [], []]],
    ['another value is unknown: a longer token', 'train-ai=no', ['unknown', 'unknown', true, [], []]],
    ['another value is unknown: an inner list', 'train-ai=(y n)', ['unknown', 'unknown', true, [], []]],
    ['tokens are case-sensitive', 'train-ai=N', ['unknown', 'unknown', true, [], []]],
    ['the same label twice, same value', 'train-ai=n, train-ai=n', ['disallowed', 'unknown', true, [], ['train-ai']]],
    ['the same label twice, conflicting: unknown', 'train-ai=n, train-ai=y, search=y', ['unknown', 'allowed', true, [], ['train-ai']]],
    ['upper-case keys do not parse: all unknown', 'Train-AI=n, search=y', ['unknown', 'unknown', false, [], []]],
    ['a trailing comma does not parse', 'train-ai=n,', ['unknown', 'unknown', false, [], []]],
    ['a semicolon list does not parse', 'train-ai=n; search=y x', ['unknown', 'unknown', false, [], []]],
    ['non-ASCII bytes do not parse', 'train-ai=n, search=ÿ', ['unknown', 'unknown', false, [], []]],
    ['an empty preference is an empty dictionary', '', ['unknown', 'unknown', true, [], []]],
  ];
  for (const [name, value, expected] of table) {
    test(name, () => assert.deepEqual(read(value), expected));
  }

  test('a path runs to the first space or tab, the rest is the preference', () => {
    const [a, b] = preferenceStatements(parseRobots('User-agent: *\nContent-Usage: /a/b\ttrain-ai=n\nContent-Usage: /only-path')).contentUsage;
    assert.deepEqual([a!.path, a!.preferenceText, a!.preferences['train-ai']], ['/a/b', 'train-ai=n', 'disallowed']);
    assert.deepEqual([b!.path, b!.preferenceText, b!.parsed], ['/only-path', '', true]);
  });

  const items: Array<[string, boolean]> = [
    ['a=1, b=-2, c=3.141, d=?0, e=:cHJldGVuZA==:, f=@1659578233, g=%"f%c3%bc", h="a \\" b", i=*tok/en:x', true],
    ['a=(1 "x" tok);p, b', true],
    ['a=1.2345', false],
    ['a=1234567890123456', false],
    ['a=%"%ff"', false],
    ['a=%"%C3%BC"', false],
    ['a="unterminated', false],
    ['a=?2', false],
    ['a=(1 2', false],
    ['1a=y', false],
  ];
  for (const [text, ok] of items) {
    test(`RFC 9651: ${ok ? 'parses' : 'rejects'} ${text}`, () => assert.equal(parseDictionary(text) !== undefined, ok));
  }
});

describe('Content-Signal: group-scoped, three keys, yes/no', () => {
  const table: Array<[name: string, robots: string, path: string, expected: PreferencesJson['contentSignal']]> = [
    ["Cloudflare's managed file", '# As a condition of accessing this website…\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /', '/a', { line: 3, search: 'yes', 'ai-input': null, 'ai-train': 'no', use: null }],
    ['all three', 'User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no', '/a', { line: 2, search: 'yes', 'ai-input': 'no', 'ai-train': 'no', use: null }],
    ['a key left out states nothing', 'User-agent: *\nContent-Signal: ai-train=no', '/a', { line: 2, search: null, 'ai-input': null, 'ai-train': 'no', use: null }],
    ['unknown keys and values state nothing', 'User-agent: *\nContent-Signal: search-ai=no, ai-train=conditional, search=yes', '/a', { line: 2, search: 'yes', 'ai-input': null, 'ai-train': null, use: null }],
    ['no path: it applies to every crawlable path', 'User-agent: *\nDisallow: /p\nContent-Signal: ai-train=no', '/q/r', { line: 3, search: null, 'ai-input': null, 'ai-train': 'no', use: null }],
    ['only the group the crawler obeys', 'User-agent: ExampleBot\nAllow: /\n\nUser-agent: *\nContent-Signal: ai-train=no', '/a', null],
    // Cloudflare's managed robots.txt: a use level beside the signals, not a yes/no.
    ["Cloudflare's use level", 'User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /', '/a', { line: 2, search: 'yes', 'ai-input': null, 'ai-train': 'no', use: 'reference' }],
    ['a use that is no level states none', 'User-agent: *\nContent-Signal: ai-train=no, use=yes', '/a', { line: 2, search: null, 'ai-input': null, 'ai-train': 'no', use: null }],
    ['merged groups: the least permissive use', 'User-agent: ExampleBot\nAllow: /\nContent-Signal: use=full\n\nUser-agent: x\nAllow: /\n\nUser-agent: ExampleBot\nContent-Signal: use=immediate, use=reference', '/a', { line: 3, search: null, 'ai-input': null, 'ai-train': null, use: 'immediate' }],
    ['merged groups: the most restrictive', 'User-agent: ExampleBot\nAllow: /\nContent-Signal: ai-train=yes, search=yes\n\nUser-agent: x\nAllow: /\n\nUser-agent: ExampleBot\nContent-Signal: ai-train=no', '/a', { line: 3, search: 'yes', 'ai-input': null, 'ai-train': 'no', use: null }],
  ];
  for (const [name, robots, path, expected] of table) {
    test(name, () => assert.deepEqual(preferencesOf(robots, path).contentSignal, expected));
  }
});

describe('License: global, repeatable', () => {
  test('every License line, wherever it is', () => {
    const file = parseRobots('License: https://example.com/license.xml\nUser-agent: *\nDisallow: /x\nLicense: https://rsl.example.org/feed.xml');
    assert.deepEqual(preferenceStatements(file).licenses, [
      { line: 0, url: 'https://example.com/license.xml' },
      { line: 3, url: 'https://rsl.example.org/feed.xml' },
    ]);
  });
  test('License does not join or end a group, and does not change verdicts', () => {
    const file = parseRobots('User-agent: *\nLicense: https://example.com/l.xml\nDisallow: /x');
    assert.equal(matcherFor(file).decide('/x', 'ExampleBot').outcome, 'disallowed');
  });
});
