import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matcherFor, parseTarget } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { normalizePattern, normalizeTarget } from '@robots-lens/kernel/encoding';
import { decide } from '@robots-lens/kernel/match';

type Expected = 'allowed' | 'disallowed' | 'not-applicable';

/**
 * One verdict case: robots.txt lines, agent, URL, expected outcome and the 1-based line of
 * the deciding rule (0 when no rule decides).
 */
type Case = [name: string, robots: string, agent: string, url: string, expected: Expected, line: number];

function assertVerdict([name, robots, agent, url, expected, line]: Case): void {
  test(name, () => {
    const verdict = decide(parseRobots(robots), url, agent);
    assert.equal(verdict.outcome, expected, `${verdict.explanation}`);
    assert.equal(verdict.rule ? verdict.rule.line + 1 : 0, line, `deciding line; ${verdict.explanation}`);
  });
}

describe('explanations', () => {
  // "(1 octets)" read wrong in Test URL's "Why:" and in `test --json`.
  test('count the winning pattern in octets, one octet in the singular', () => {
    assert.match(decide(parseRobots('User-agent: *\nDisallow: /'), '/x', 'FooBot').explanation, /is the longest match \(1 octet\), so it is disallowed\.$/);
    assert.match(decide(parseRobots('User-agent: *\nDisallow: /x'), '/x', 'FooBot').explanation, /is the longest match \(2 octets\), so it is disallowed\.$/);
  });
});

const SEED_EXAMPLE = 'User-agent: ExampleBot\nDisallow: /private/\nDisallow:\nUser-agent: ExampleBot\nAllow: /private/help.html$';

describe('group selection (docs/spec/robots-semantics.md §3)', () => {
  const cases: Case[] = [
    ['named group wins over *', 'User-agent: *\nDisallow: /\nUser-agent: FooBot\nDisallow: /x', 'FooBot', '/y', 'allowed', 0],
    ['* rules never mix into a named group', 'User-agent: *\nDisallow: /y\nUser-agent: FooBot\nDisallow: /x', 'FooBot', '/y', 'allowed', 0],
    ['unknown crawler falls back to *', 'User-agent: *\nDisallow: /y\nUser-agent: FooBot\nDisallow: /x', 'BarBot', '/y', 'disallowed', 2],
    ['no group at all: allowed', 'User-agent: FooBot\nDisallow: /', 'BarBot', '/x', 'allowed', 0],
    ['empty file: allowed', '', 'Googlebot', '/x', 'allowed', 0],
    ['token comparison is case-insensitive', 'User-agent: foobot\nDisallow: /', 'FOOBOT', '/x', 'disallowed', 2],
    ['not a substring match', 'User-agent: Foo\nDisallow: /', 'FooBot', '/x', 'allowed', 0],
    ['not a prefix match the other way', 'User-agent: FooBotX\nDisallow: /', 'FooBot', '/x', 'allowed', 0],
    ['versioned agent line matches its token', 'User-agent: FooBot/2.1\nDisallow: /', 'FooBot', '/x', 'disallowed', 2],
    ['AB42bot in the file is read as AB', 'User-agent: AB42bot\nDisallow: /', 'AB42bot', '/x', 'allowed', 0],
    ['AB42bot in the file governs AB', 'User-agent: AB42bot\nDisallow: /', 'AB', '/x', 'disallowed', 2],
    ['MJ12bot in the file governs MJ12bot, whose operator documents that token', 'User-agent: MJ12bot\nDisallow: /', 'MJ12bot', '/x', 'disallowed', 2],
    ['a documented token is matched case-insensitively, before any /version', 'User-agent: mj12BOT/1.4\nDisallow: /', 'MJ12bot', '/x', 'disallowed', 2],
    ['a documented token is matched whole, not as a prefix', 'User-agent: MJ12botX\nDisallow: /\nUser-agent: *\nAllow: /', 'MJ12bot', '/x', 'allowed', 4],
    ['a documented token in a full header is matched too', 'User-agent: MJ12bot\nDisallow: /', 'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)', '/x', 'disallowed', 2],
    ['MJ12bot in the file still governs MJ, as the grammar reads it', 'User-agent: MJ12bot\nDisallow: /', 'MJ', '/x', 'disallowed', 2],
    ['a line reading MJ does not govern MJ12bot', 'User-agent: MJ\nDisallow: /\nUser-agent: *\nAllow: /', 'MJ12bot', '/x', 'allowed', 4],
    ['360Spider line governs 360Spider, whose operator documents that token', 'User-agent: 360Spider\nDisallow: /\nUser-agent: *\nAllow: /', '360Spider', '/x', 'disallowed', 2],
    ['an undocumented 123Spider line governs nobody', 'User-agent: 123Spider\nDisallow: /\nUser-agent: *\nAllow: /', '123Spider', '/x', 'allowed', 4],
    ['AI2Bot and Ai2Bot-Dolma each obey their own line', 'User-agent: AI2Bot\nDisallow: /a\n\nUser-agent: Ai2Bot-Dolma\nDisallow: /d', 'Ai2Bot-Dolma', '/d', 'disallowed', 5],
    ['merged repeated groups (seed example): exception', SEED_EXAMPLE, 'ExampleBot', '/private/help.html', 'allowed', 5],
    ['merged repeated groups (seed example): rest disallowed', SEED_EXAMPLE, 'ExampleBot', '/private/report.html', 'disallowed', 2],
    ['merged groups: $ anchors the exception', SEED_EXAMPLE, 'ExampleBot', '/private/help.html?x', 'disallowed', 2],
    ['merged * groups', 'User-agent: *\nDisallow: /a\nUser-agent: X\nDisallow: /\nUser-agent: *\nDisallow: /b', 'Y', '/b', 'disallowed', 6],
    ['blank line does not detach agents', 'User-agent: FooBot\n\nUser-agent: BarBot\nDisallow: /x', 'FooBot', '/x', 'disallowed', 4],
    ['comment does not detach rules', 'User-agent: FooBot\n# rules follow\nDisallow: /x', 'FooBot', '/x', 'disallowed', 3],
    ['named group with no rules selects and allows', 'User-agent: *\nDisallow: /\nUser-agent: FooBot', 'FooBot', '/x', 'allowed', 0],
    ['named group with only empty Disallow allows all', 'User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow:', 'FooBot', '/x', 'allowed', 0],
    ['Googlebot-Image falls back to Googlebot', 'User-agent: *\nDisallow: /\nUser-agent: Googlebot\nDisallow: /private', 'Googlebot-Image', '/public.png', 'allowed', 0],
    ['Googlebot-Image uses Googlebot rules', 'User-agent: *\nDisallow: /\nUser-agent: Googlebot\nDisallow: /private', 'Googlebot-Image', '/private/a.png', 'disallowed', 4],
    ['Googlebot-Image own group wins', 'User-agent: Googlebot\nDisallow: /\nUser-agent: Googlebot-Image\nAllow: /', 'Googlebot-Image', '/a.png', 'allowed', 4],
    ['Googlebot-Image falls back to * last', 'User-agent: *\nDisallow: /img', 'Googlebot-Image', '/img/a.png', 'disallowed', 2],
    ['Googlebot does not use a Googlebot-Image group', 'User-agent: Googlebot-Image\nDisallow: /\nUser-agent: *\nAllow: /', 'Googlebot', '/x', 'allowed', 4],
    ['Applebot follows Googlebot', 'User-agent: *\nAllow: /\nUser-agent: Googlebot\nDisallow: /g', 'Applebot', '/g', 'disallowed', 4],
    ['Applebot own group first', 'User-agent: Googlebot\nDisallow: /\nUser-agent: Applebot\nDisallow: /a', 'Applebot', '/g', 'allowed', 0],
    ['AdsBot-Google ignores *', 'User-agent: *\nDisallow: /', 'AdsBot-Google', '/x', 'allowed', 0],
    ['AdsBot-Google obeys its own group', 'User-agent: *\nDisallow: /\nUser-agent: AdsBot-Google\nDisallow: /x', 'AdsBot-Google', '/x', 'disallowed', 4],
    ['Mediapartners-Google ignores *', 'User-agent: *\nDisallow: /', 'Mediapartners-Google', '/x', 'allowed', 0],
    ['full UA header reduced to its crawler', 'User-agent: Googlebot\nDisallow: /g', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '/g', 'disallowed', 2],
    ['full UA of an unknown bot uses its token', 'User-agent: FooBot\nDisallow: /f', 'Mozilla/5.0 (compatible; FooBot/1.0; +https://foo.test)', '/f', 'disallowed', 2],
    ['bare versioned agent reduced to token', 'User-agent: FooBot\nDisallow: /f', 'FooBot/1.0', '/f', 'disallowed', 2],
    ['GPTBot blocked, * open', 'User-agent: GPTBot\nDisallow: /\nUser-agent: *\nAllow: /', 'GPTBot', '/article', 'disallowed', 2],
    ['GPTBot rule does not touch Googlebot', 'User-agent: GPTBot\nDisallow: /\nUser-agent: *\nAllow: /', 'Googlebot', '/article', 'allowed', 4],
  ];
  cases.forEach(assertVerdict);

  test('tokens of one group share its compiled rules, and each verdict still names its own token', () => {
    const matcher = matcherFor(parseRobots('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n'));
    // Enough queries for the automaton to take over from the search.
    for (let round = 0; round < 100; round++) {
      for (const [agent, path, allowed, token] of [
        ['GPTBot', '/x1', false, 'GPTBot'],
        ['CCBot', '/x2', false, 'CCBot'],
        ['CCBot', '/y', true, 'CCBot'],
        ['OtherBot', '/y', false, '*'],
        ['OtherBot', '/x', true, '*'],
      ] as const) {
        const verdict = matcher.decide(path, agent);
        assert.equal(verdict.allowed, allowed, `${agent} ${path}`);
        assert.equal(verdict.group?.token, token, `${agent} ${path}`);
      }
    }
  });
});

describe('rule precedence (docs/spec/robots-semantics.md §4)', () => {
  const cases: Case[] = [
    ['no rule matches: allowed', 'User-agent: *\nDisallow: /a', 'x', '/b', 'allowed', 0],
    ['prefix match', 'User-agent: *\nDisallow: /a', 'x', '/abc', 'disallowed', 2],
    ['longest match wins (allow longer)', 'User-agent: *\nDisallow: /a\nAllow: /a/b', 'x', '/a/b/c', 'allowed', 3],
    ['longest match wins (disallow longer)', 'User-agent: *\nAllow: /a\nDisallow: /a/b', 'x', '/a/b/c', 'disallowed', 3],
    ['order in the file does not matter', 'User-agent: *\nAllow: /a/b\nDisallow: /a', 'x', '/a/b', 'allowed', 2],
    ['tie: Allow wins', 'User-agent: *\nDisallow: /a\nAllow: /a', 'x', '/a', 'allowed', 3],
    ['tie: Allow wins whatever the order', 'User-agent: *\nAllow: /a\nDisallow: /a', 'x', '/a', 'allowed', 2],
    ['tie of different patterns of equal length', 'User-agent: *\nDisallow: /a*\nAllow: /ab', 'x', '/abc', 'allowed', 3],
    ['wildcard counts as an octet', 'User-agent: *\nAllow: /a\nDisallow: /*a', 'x', '/a', 'disallowed', 3],
    ['$ counts as an octet', 'User-agent: *\nDisallow: /a\nAllow: /a$', 'x', '/a', 'allowed', 3],
    ['$ anchored rule does not match longer', 'User-agent: *\nDisallow: /a\nAllow: /a$', 'x', '/ab', 'disallowed', 2],
    ['empty Disallow is ignored', 'User-agent: *\nDisallow: /a\nDisallow:', 'x', '/a', 'disallowed', 2],
    ['empty Disallow alone allows all', 'User-agent: *\nDisallow:', 'x', '/a', 'allowed', 0],
    ['empty Allow is ignored', 'User-agent: *\nDisallow: /\nAllow:', 'x', '/a', 'disallowed', 2],
    ['Disallow: / blocks the root', 'User-agent: *\nDisallow: /', 'x', '/', 'disallowed', 2],
    ['Allow: / and Disallow: / tie: allowed', 'User-agent: *\nDisallow: /\nAllow: /', 'x', '/page', 'allowed', 3],
    ['matching is case-sensitive', 'User-agent: *\nDisallow: /Private', 'x', '/private', 'allowed', 0],
    ['case-sensitive positive', 'User-agent: *\nDisallow: /Private', 'x', '/Private/x', 'disallowed', 2],
    ['query is part of the target', 'User-agent: *\nDisallow: /search?q=', 'x', '/search?q=robots', 'disallowed', 2],
    ['query mismatch', 'User-agent: *\nDisallow: /search?q=', 'x', '/search?page=2', 'allowed', 0],
    ['params are part of the target', 'User-agent: *\nDisallow: /a;jsessionid', 'x', '/a;jsessionid=1', 'disallowed', 2],
    ['fragment is not part of the target', 'User-agent: *\nDisallow: /a$', 'x', '/a#frag', 'disallowed', 2],
    ['pattern without leading slash never matches', 'User-agent: *\nDisallow: private/', 'x', '/private/x', 'allowed', 0],
    ['full URL as pattern never matches', 'User-agent: *\nDisallow: https://x.test/a', 'x', '/a', 'allowed', 0],
    ['/robots.txt always allowed', 'User-agent: *\nDisallow: /', 'x', '/robots.txt', 'allowed', 0],
    ['/robots.txt with query is an ordinary URL', 'User-agent: *\nDisallow: /', 'x', '/robots.txt?x=1', 'disallowed', 2],
    ['/robots.txt allowed even with a rule naming it', 'User-agent: *\nDisallow: /robots.txt', 'x', 'https://x.test/robots.txt', 'allowed', 0],
    ['dot segments are not resolved', 'User-agent: *\nDisallow: /b', 'x', '/a/../b', 'allowed', 0],
    ['dot segments match literally', 'User-agent: *\nDisallow: /a/../b', 'x', '/a/../b', 'disallowed', 2],
    ['full URL target', 'User-agent: *\nDisallow: /a', 'x', 'https://example.test/a?b', 'disallowed', 2],
    ['URL without path is /', 'User-agent: *\nDisallow: /$', 'x', 'https://example.test', 'disallowed', 2],
    ['URL with only a query', 'User-agent: *\nDisallow: /?', 'x', 'https://example.test?x', 'disallowed', 2],
    ['bare query target', 'User-agent: *\nDisallow: /?a', 'x', '?a=1', 'disallowed', 2],
    ['rules of an orphan block do nothing', 'Disallow: /\nUser-agent: *\nAllow: /x', 'x', '/y', 'allowed', 0],
    ['Google spelling counts', 'User-agent: *\nDissallow: /x', 'x', '/x', 'disallowed', 2],
    ['missing colon counts', 'User-agent *\nDisallow /x', 'x', '/x', 'disallowed', 2],
    ['prefix key counts', 'User-agents: *\nDisallowed: /x', 'x', '/x', 'disallowed', 2],
    ['trailing comment ignored', 'User-agent: *\nDisallow: /x # secret stuff', 'x', '/x', 'disallowed', 2],
  ];
  cases.forEach(assertVerdict);
});

describe('wildcards and end anchors (docs/spec/robots-semantics.md §4)', () => {
  const cases: Case[] = [
    ['* matches any sequence', 'User-agent: *\nDisallow: /*.pdf', 'x', '/docs/a.pdf', 'disallowed', 2],
    ['* matches empty', 'User-agent: *\nDisallow: /a*b', 'x', '/ab', 'disallowed', 2],
    ['* then $', 'User-agent: *\nDisallow: /*.pdf$', 'x', '/a.pdf', 'disallowed', 2],
    ['* then $ no match with suffix', 'User-agent: *\nDisallow: /*.pdf$', 'x', '/a.pdf?download', 'allowed', 0],
    ['leading *', 'User-agent: *\nDisallow: *private', 'x', '/a/private', 'disallowed', 2],
    ['lone *', 'User-agent: *\nDisallow: *', 'x', '/anything', 'disallowed', 2],
    ['trailing * is the same as none', 'User-agent: *\nDisallow: /a*', 'x', '/a', 'disallowed', 2],
    ['multiple stars', 'User-agent: *\nDisallow: /*a*b*c', 'x', '/xaybzc', 'disallowed', 2],
    ['multiple stars out of order', 'User-agent: *\nDisallow: /*a*b*c', 'x', '/xcybza', 'allowed', 0],
    ['$ alone after slash', 'User-agent: *\nDisallow: /$', 'x', '/', 'disallowed', 2],
    ['$ alone after slash, deeper path', 'User-agent: *\nDisallow: /$', 'x', '/a', 'allowed', 0],
    ['$ in the middle is literal', 'User-agent: *\nDisallow: /a$b', 'x', '/a$b', 'disallowed', 2],
    ['$ in the middle is not an anchor', 'User-agent: *\nDisallow: /a$b', 'x', '/a', 'allowed', 0],
    ['$ in the middle matches %24', 'User-agent: *\nDisallow: /a$b', 'x', '/a%24b', 'disallowed', 2],
    ['$$ ends with a literal $', 'User-agent: *\nDisallow: /a$$', 'x', '/a$', 'disallowed', 2],
    ['$$ is anchored', 'User-agent: *\nDisallow: /a$$', 'x', '/a$x', 'allowed', 0],
    ['*$ matches everything after', 'User-agent: *\nDisallow: /a*$', 'x', '/a/b/c', 'disallowed', 2],
    ['query wildcard', 'User-agent: *\nDisallow: /*?sessionid=', 'x', '/p/1?sessionid=2', 'disallowed', 2],
    ['?sessionid= does not match a later &sessionid=', 'User-agent: *\nDisallow: /*?sessionid=', 'x', '/p/1?x=1&sessionid=2', 'allowed', 0],
    ['*sessionid= matches it anywhere', 'User-agent: *\nDisallow: /*sessionid=', 'x', '/p/1?x=1&sessionid=2', 'disallowed', 2],
    ['%2A in pattern matches a literal *', 'User-agent: *\nDisallow: /a%2Ab', 'x', '/a*b', 'disallowed', 2],
    ['%2A in pattern is not a wildcard', 'User-agent: *\nDisallow: /a%2Ab', 'x', '/axxb', 'allowed', 0],
    ['lower-case %2a in URL matches a %2A pattern', 'User-agent: *\nDisallow: /a%2A', 'x', '/a%2a', 'disallowed', 2],
    ['hostile pattern against long path', 'User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*b', 'x', '/' + 'a'.repeat(10_000), 'allowed', 0],
    ['hostile pattern positive', 'User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*b', 'x', '/' + 'a'.repeat(10_000) + 'b', 'disallowed', 2],
  ];
  cases.forEach(assertVerdict);
});

describe("Google's index.html rule (docs/spec/robots-semantics.md §4)", () => {
  const cases: Case[] = [
    ['Allow index.html allows the directory', 'User-agent: *\nDisallow: /dir/\nAllow: /dir/index.html', 'x', '/dir/', 'allowed', 3],
    ['index.htm too', 'User-agent: *\nDisallow: /dir/\nAllow: /dir/index.htm', 'x', '/dir/', 'allowed', 3],
    ['only the directory exactly', 'User-agent: *\nDisallow: /dir/\nAllow: /dir/index.html', 'x', '/dir/other', 'disallowed', 2],
    ['and the page itself', 'User-agent: *\nDisallow: /dir/\nAllow: /dir/index.html', 'x', '/dir/index.html', 'allowed', 3],
    ['root index', 'User-agent: *\nDisallow: /\nAllow: /index.html', 'x', '/', 'allowed', 3],
    ['not for Disallow', 'User-agent: *\nDisallow: /dir/index.html', 'x', '/dir/', 'allowed', 0],
    ['implicit rule ties go to Allow', 'User-agent: *\nDisallow: /dir/$\nAllow: /dir/index.html', 'x', '/dir/', 'allowed', 3],
    ['a longer Disallow still wins', 'User-agent: *\nDisallow: /*dir/$\nAllow: /dir/index.html', 'x', '/dir/', 'disallowed', 2],
  ];
  cases.forEach(assertVerdict);
});

describe('percent-encoding normalisation (docs/spec/robots-semantics.md §4)', () => {
  const cases: Case[] = [
    ['%62 in pattern equals b', 'User-agent: *\nDisallow: /%62', 'x', '/b', 'disallowed', 2],
    ['%62 in URL equals b', 'User-agent: *\nDisallow: /b', 'x', '/%62', 'disallowed', 2],
    ['lower-case hex equals upper-case', 'User-agent: *\nDisallow: /a%2fb', 'x', '/a%2Fb', 'disallowed', 2],
    ['upper-case pattern vs lower-case URL', 'User-agent: *\nDisallow: /a%2Fb', 'x', '/a%2fb', 'disallowed', 2],
    ['%2F stays encoded: not a slash', 'User-agent: *\nDisallow: /a/b', 'x', '/a%2Fb', 'allowed', 0],
    ['%2F pattern does not match a slash', 'User-agent: *\nDisallow: /a%2Fb', 'x', '/a/b', 'allowed', 0],
    ['UTF-8 pattern matches encoded URL', 'User-agent: *\nDisallow: /ツ', 'x', '/%E3%83%84', 'disallowed', 2],
    ['encoded pattern matches UTF-8 URL', 'User-agent: *\nDisallow: /%E3%83%84', 'x', '/ツ', 'disallowed', 2],
    ['lower-case encoded pattern matches UTF-8 URL', 'User-agent: *\nDisallow: /%e3%83%84', 'x', '/ツ', 'disallowed', 2],
    ['non-ASCII counts as octets for specificity', 'User-agent: *\nAllow: /ツ\nDisallow: /%E3%83%84x', 'x', '/ツx', 'disallowed', 3],
    ['non-ASCII octets beat a shorter ASCII rule', 'User-agent: *\nDisallow: /abcdefgh\nAllow: /ツ', 'x', '/ツ', 'allowed', 3],
    ['decoded unreserved counts as one octet', 'User-agent: *\nDisallow: /%61bc\nAllow: /abc', 'x', '/abc', 'allowed', 3],
    ['tilde decoded', 'User-agent: *\nDisallow: /~user', 'x', '/%7Euser', 'disallowed', 2],
    ['encoded hyphen, dot, underscore', 'User-agent: *\nDisallow: /a-b.c_d', 'x', '/a%2Db%2Ec%5Fd', 'disallowed', 2],
    ['space stays encoded', 'User-agent: *\nDisallow: /a%20b', 'x', '/a%20b', 'disallowed', 2],
    ['encoded reserved stays distinct: ?', 'User-agent: *\nDisallow: /a?b', 'x', '/a%3Fb', 'allowed', 0],
    ['stray % is literal', 'User-agent: *\nDisallow: /100%', 'x', '/100%', 'disallowed', 2],
    ['stray % then hex-looking', 'User-agent: *\nDisallow: /a%zz', 'x', '/a%zz', 'disallowed', 2],
    ['Latin-1 octet in URL', 'User-agent: *\nDisallow: /caf%E9', 'x', '/caf%e9', 'disallowed', 2],
    ['URL with literal $ matches %24 pattern', 'User-agent: *\nDisallow: /a%24', 'x', '/a$', 'disallowed', 2],
  ];
  cases.forEach(assertVerdict);

  const forms: Array<[string, string, string]> = [
    ['/%62', '/b', '/b'],
    ['/%7e', '/~', '/~'],
    ['/%2f', '/%2F', '/%2F'],
    ['/a*b$', '/a*b$', '/a%2Ab%24'],
    ['/ツ', '/%E3%83%84', '/%E3%83%84'],
    ['/😀', '/%F0%9F%98%80', '/%F0%9F%98%80'],
    ['/%', '/%', '/%'],
    ['/%4', '/%4', '/%4'],
    ['/%41%42', '/AB', '/AB'],
    ['/plain', '/plain', '/plain'],
  ];
  for (const [raw, pattern, target] of forms) {
    test(`normal form of ${raw}`, () => {
      assert.equal(normalizePattern(raw), pattern);
      assert.equal(normalizeTarget(raw), target);
    });
  }
});

describe('RFC vs Google literal comparison', () => {
  test('%62 pattern: RFC matches /b, Google would not', () => {
    const verdict = decide(parseRobots('User-agent: *\nDisallow: /%62'), '/b', 'Googlebot');
    assert.equal(verdict.outcome, 'disallowed');
    assert.ok(verdict.googleLiteral);
    assert.equal(verdict.googleLiteral.allowed, true);
    assert.match(verdict.googleLiteral.explanation, /literally/);
  });
  test('plain pattern, encoded URL: Google would not match', () => {
    const verdict = decide(parseRobots('User-agent: *\nDisallow: /b'), '/%62', 'Googlebot');
    assert.equal(verdict.outcome, 'disallowed');
    assert.equal(verdict.googleLiteral?.allowed, true);
  });
  test('no flag when both agree', () => {
    const verdict = decide(parseRobots('User-agent: *\nDisallow: /a%2Fb'), '/a%2Fb', 'Googlebot');
    assert.equal(verdict.outcome, 'disallowed');
    assert.equal(verdict.googleLiteral, undefined);
  });
  test('no flag without escapes', () => {
    assert.equal(decide(parseRobots('User-agent: *\nDisallow: /b'), '/b', 'x').googleLiteral, undefined);
  });
});

describe('origins (docs/spec/robots-semantics.md §4)', () => {
  const robots = parseRobots('User-agent: *\nDisallow: /');
  const cases: Array<[string, string, Expected]> = [
    ['https://example.test/a', 'https://example.test', 'disallowed'],
    ['https://EXAMPLE.test:443/a', 'https://example.test', 'disallowed'],
    ['https://example.test./a', 'https://example.test', 'disallowed'],
    ['https://user:pw@example.test/a', 'https://example.test', 'disallowed'],
    ['http://example.test/a', 'https://example.test', 'not-applicable'],
    ['https://example.test:8443/a', 'https://example.test', 'not-applicable'],
    ['https://www.example.test/a', 'https://example.test', 'not-applicable'],
    ['https://other.test/a', 'https://example.test', 'not-applicable'],
    ['/a', 'https://example.test', 'disallowed'],
    ['http://[::1]:8080/a', 'http://[::1]:8080', 'disallowed'],
    // One host in its Unicode and punycode forms is one origin (IDNA, UTS #46).
    ['https://bücher.test/a', 'https://xn--bcher-kva.test', 'disallowed'],
    ['https://xn--bcher-kva.test/a', 'https://bücher.test', 'disallowed'],
    ['https://BÜCHER.test/a', 'https://xn--bcher-kva.test', 'disallowed'],
    ['https://bücher.test/a', 'https://bucher.test', 'not-applicable'],
  ];
  for (const [url, origin, expected] of cases) {
    test(`${url} under ${origin}`, () => {
      const verdict = decide(robots, url, 'x', { origin });
      assert.equal(verdict.outcome, expected);
      if (expected === 'not-applicable') assert.equal(verdict.allowed, null);
    });
  }
  test('a busy matcher (paths read in place) tells the origin from look-alikes', () => {
    // The in-place reading starts once the group's automaton is built, after many queries.
    const busy = matcherFor(parseRobots('User-agent: *\nDisallow: /'));
    const lookAlikes: Array<[string, string, Expected]> = [
      ['https://exampleXtest/a', 'https://example.test', 'not-applicable'],
      ['https://example.test.evil/a', 'https://example.test', 'not-applicable'],
      ['https://example.test/a', 'https://example.test', 'disallowed'],
      ['http://[::1]:8080/a', 'http://[::1]:8080', 'disallowed'],
      ['http://[::1]:80800/a', 'http://[::1]:8080', 'not-applicable'],
      ['https://bücher.test/a', 'https://xn--bcher-kva.test', 'disallowed'],
      ['https://xn--bcher-kva.test/a', 'https://bücher.test', 'disallowed'],
    ];
    for (let round = 0; round < 100; round++) {
      for (const [url, origin, expected] of lookAlikes) assert.equal(busy.decide(url, 'x', { origin }).outcome, expected, `${url} under ${origin}`);
    }
  });
  const bad: string[] = ['', 'example.test/a', 'mailto:a@b', 'https:///a'];
  for (const url of bad) {
    test(`bad URL ${JSON.stringify(url)} is reported, not judged`, () => {
      assert.equal(parseTarget(url).ok, false);
      assert.equal(decide(robots, url, 'x').outcome, 'not-applicable');
    });
  }
});

describe('explanations say what matters to the verdict', () => {
  // Each case: the file, the crawler and URL asked about, and what the explanation must say.
  const cases: Array<[name: string, robots: string, agent: string, url: string, says: RegExp]> = [
    ['a tie the Allow wins names the tied Disallow', 'User-agent: *\nDisallow: /x\nAllow: /x', 'FooBot', '/x/y', /line 3 "Allow: \/x" is the longest match \(2 octets\) — line 2 "Disallow: \/x" matches too and is as long, and on a tie Allow wins, so it is allowed\./],
    ['no tie, no word of one', 'User-agent: *\nDisallow: /x\nAllow: /x/', 'FooBot', '/x/y', /^Group User-agent: \* \(line 1\) \(no group names this crawler, so it falls back to \*\); line 3 "Allow: \/x\/" is the longest match \(3 octets\), so it is allowed\.$/],
    ['a User-agent line close to the crawler, falling back to *', 'User-agent: AB42bot\nDisallow: /\n\nUser-agent: *\nDisallow: /private', 'Mozilla/5.0 (compatible; AB42bot/1.0; http://ab.test/)', '/a', /falls back to \*\); no rule matches, so it is allowed\. Line 1 "User-agent: AB42bot" is read as the token "AB", not as AB42bot/],
    ['a User-agent line close to the crawler, no group at all', 'User-agent: AB42bot\nDisallow: /', 'AB42bot', '/a', /^No group names AB42bot, \*: everything is allowed\. Line 1 "User-agent: AB42bot" is read as the token "AB", not as AB42bot/],
    ['a documented token outside the grammar says how others read it', 'User-agent: MJ12bot\nDisallow: /', 'MJ12bot', '/a', /^Group User-agent: MJ12bot \(line 1\), the token Majestic documents for MJ12bot: RFC 9309's grammar and Google's parser would read this line as "MJ" instead; line 2 "Disallow: \/" is the longest match/],
    ['a full header naming the crawler', 'User-agent: Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\nDisallow: /', 'bingbot', '/a', /Line 1 "User-agent: Mozilla\/5\.0 \(compatible; bingbot\/2\.0; \+http:\/\/www\.bing\.com\/bingbot\.htm\)" is read as the token "Mozilla", not as bingbot/],
    ['a usage-control token fetches nothing', 'User-agent: Google-Extended\nDisallow: /', 'Google-Extended', '/a', /Google-Extended is a usage-control token: it fetches nothing, and the verdict says whether Google may use the content, not whether it is crawled\./],
    ['a blank line between the crawler and the deciding rule', 'User-agent: Googlebot\n\nUser-agent: bingbot\nDisallow: /search', 'Googlebot', '/search?q=x', /A blank line \(line 2\) separates line 1 from line 4: RFC 9309 keeps them in one group, but parsers that end a record at a blank line would not apply line 4 to this crawler\./],
    ['a rule before any User-agent line that would decide otherwise', 'Disallow: /staging/\nUser-agent: *\nDisallow: /x', 'FooBot', '/staging/a', /no rule matches, so it is allowed\. Line 1 "Disallow: \/staging\/" would match this URL, but it comes before any User-agent line, so no crawler applies it\./],
  ];
  for (const [name, robots, agent, url, says] of cases) {
    test(name, () => assert.match(decide(parseRobots(robots), url, agent).explanation, says));
  }

  test('what does not matter is not said', () => {
    // The orphan rule agrees with the verdict; the blank line is not between the crawler and its rule.
    const explanation = decide(parseRobots('Allow: /a\nUser-agent: Googlebot\nDisallow: /x\n\nUser-agent: bingbot\nDisallow: /y'), '/a', 'Googlebot').explanation;
    assert.equal(explanation, 'Group User-agent: Googlebot (line 2); no rule matches, so it is allowed.');
  });
});
