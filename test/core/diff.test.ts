import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diffRobots, summarizeDiff, summarizeFlips } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import { countFlips } from '@robots-lens/diff';
import type { FlipCount } from '@robots-lens/diff';
import type { RobotsDiff, VerdictChange } from '@robots-lens/diff';

/** Lines joined with `\n`, so fixtures read like files with numbered lines. */
function file(...lines: string[]): string {
  return lines.join('\n') + '\n';
}

function diff(oldText: string, newText: string, crawlers?: string[]): RobotsDiff {
  return diffRobots(parseRobots(oldText), parseRobots(newText), crawlers ? { crawlers } : {});
}

/** A change as one comparable tuple: kind, exact, pattern, except, old lines, new lines. */
type Compact = [VerdictChange['kind'], boolean, string | undefined, readonly string[], readonly number[], readonly number[]];

function compact(change: VerdictChange): Compact {
  return [change.kind, change.exact, change.pattern, change.except ?? [], change.oldLines, change.newLines];
}

function assertChanges(oldText: string, newText: string, agent: string, expected: Compact[]): RobotsDiff {
  const result = diff(oldText, newText, [agent]);
  const crawler = result.crawlers.find((c) => c.token.toLowerCase() === agent.toLowerCase() || (agent === '*' && c.token === '*'));
  assert.deepEqual((crawler?.changes ?? []).map(compact), expected);
  return result;
}

const STAR = file(
  'User-agent: *', //     1
  'Disallow: /cart/', //  2
  'Disallow: /private/', // 3
  'Allow: /private/help', // 4
);

describe('verdict changes (table)', () => {
  const cases: Array<{ name: string; old: string; new: string; agent: string; expected: Compact[] }> = [
    {
      name: 'a new Disallow with an Allow under it',
      old: STAR,
      new: file('User-agent: *', 'Disallow: /cart/', 'Disallow: /private/', 'Allow: /private/help', 'Disallow: /blog/', 'Allow: /blog/public/'),
      agent: 'GPTBot',
      expected: [['newly-disallowed', true, '/blog/', ['/blog/public/'], [], [5]]],
    },
    {
      name: 'a removed Disallow: its Allow exception no longer matters',
      old: STAR,
      new: file('User-agent: *', 'Disallow: /cart/', 'Allow: /private/help'),
      agent: '*',
      expected: [['newly-allowed', true, '/private/', ['/private/help'], [3], []]],
    },
    {
      name: 'a Disallow made shorter reaches its siblings',
      old: file('User-agent: *', 'Disallow: /shop/cart/', 'Allow: /shop/cart/share'),
      new: file('User-agent: *', 'Disallow: /shop/', 'Allow: /shop/cart/share'),
      agent: 'CCBot',
      expected: [['newly-disallowed', true, '/shop/', ['/shop/cart/'], [], [2]]],
    },
    {
      name: 'a new wildcard rule under its own prefix is exact',
      old: STAR,
      new: file('User-agent: *', 'Disallow: /cart/', 'Disallow: /private/', 'Allow: /private/help', 'Disallow: /*.pdf$'),
      agent: 'GPTBot',
      expected: [['newly-disallowed', true, '/*.pdf$', ['/cart/', '/private/'], [], [5]]],
    },
    {
      name: 'a wildcard Allow reaching into a disallowed folder is stated as "paths matching"',
      old: file('User-agent: *', 'Disallow: /assets/'),
      new: file('User-agent: *', 'Disallow: /assets/', 'Allow: /*/site.css$'),
      agent: 'GPTBot',
      expected: [['newly-allowed', false, '/*/site.css$', [], [2], [3]]],
    },
    {
      name: 'a new Disallow cut by an existing wildcard Allow',
      old: file('User-agent: *', 'Allow: /*.css$'),
      new: file('User-agent: *', 'Allow: /*.css$', 'Disallow: /a/'),
      agent: 'GPTBot',
      expected: [['newly-disallowed', true, '/a/', ['/*.css$'], [], [3]]],
    },
    {
      name: 'an anchored rule changes exactly one path',
      old: file('User-agent: *', 'Disallow: /a/'),
      new: file('User-agent: *', 'Disallow: /a/', 'Allow: /a/$'),
      agent: '*',
      expected: [['newly-allowed', true, '/a/$', [], [2], [3]]],
    },
    {
      name: 'Google reads Allow: /d/index.html as also allowing /d/',
      old: file('User-agent: *', 'Disallow: /d/'),
      new: file('User-agent: *', 'Disallow: /d/', 'Allow: /d/index.html'),
      agent: 'Googlebot',
      expected: [
        ['newly-allowed', true, '/d/$', [], [2], [3]],
        ['newly-allowed', true, '/d/index.html', [], [2], [3]],
      ],
    },
    {
      name: 'Disallow: / to an empty file: everything allowed',
      old: file('User-agent: *', 'Disallow: /'),
      new: '',
      agent: 'Bytespider',
      expected: [['newly-allowed', true, '/', [], [2], []]],
    },
    {
      name: 'a crawler that ignores * is untouched by * edits',
      old: STAR,
      new: file('User-agent: *', 'Disallow: /'),
      agent: 'AdsBot-Google',
      expected: [],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assertChanges(c.old, c.new, c.agent, c.expected);
    });
  }

  test('descriptions name the region, the exceptions and the deciding lines', () => {
    const result = diff(STAR, file('User-agent: *', 'Disallow: /cart/', 'Disallow: /private/', 'Allow: /private/help', 'Disallow: /blog/', 'Allow: /blog/public/'), ['GPTBot']);
    const change = result.crawlers[0]!.changes[0]!;
    assert.equal(
      change.description,
      '`/blog/` and everything under it, except `/blog/public/`, is now disallowed (new line 5 `Disallow: /blog/`; old: no rule matched).',
    );
    assert.deepEqual(change.examples.slice(0, 1), ['/blog/']);
  });

  test('inexact claims come with verified examples', () => {
    const result = diff(file('User-agent: *', 'Disallow: /assets/'), file('User-agent: *', 'Disallow: /assets/', 'Allow: /*/site.css$'), ['GPTBot']);
    const change = result.crawlers[0]!.changes[0]!;
    assert.deepEqual(change.examples, ['/assets/site.css']);
    assert.equal(
      change.description,
      'Some paths matching `/*/site.css$` (new line 3) are now allowed, e.g. `/assets/site.css` (new line 3 `Allow: /*/site.css$`; old line 2 `Disallow: /assets/`).',
    );
  });

  test('the crawlers that change together are all listed, each with the same changes', () => {
    const result = diff(STAR, file('User-agent: *', 'Disallow: /'));
    const tokens = result.crawlers.map((c) => c.token);
    assert.ok(tokens.includes('GPTBot') && tokens.includes('Googlebot') && tokens.includes('*'));
    assert.ok(!tokens.includes('AdsBot-Google') && !tokens.includes('Google-Extended'));
    assert.deepEqual(result.crawlers.find((c) => c.token === 'GPTBot')!.changes, result.crawlers.find((c) => c.token === '*')!.changes);
  });
});

describe('group changes', () => {
  test('a new named group: the crawler stops obeying *, and says which rules it loses', () => {
    const result = diff(STAR, file('User-agent: *', 'Disallow: /cart/', 'Disallow: /private/', 'Allow: /private/help', '', 'User-agent: Googlebot', 'Disallow: /cart/'), ['Googlebot']);
    const googlebot = result.crawlers[0]!;
    assert.equal(googlebot.groupChange?.kind, 'moved');
    assert.deepEqual(googlebot.groupChange?.from, { token: '*', agentLines: [1], groups: 1 });
    assert.deepEqual(googlebot.groupChange?.to, { token: 'Googlebot', agentLines: [6], groups: 1 });
    assert.deepEqual(googlebot.groupChange?.lostRules, [
      { line: 3, text: 'Disallow: /private/' },
      { line: 4, text: 'Allow: /private/help' },
    ]);
    assert.match(googlebot.groupChange!.description, /^Now uses the User-agent: Googlebot group \(new line 6\) instead of the User-agent: \* group \(old line 1\)\. It no longer gets the \* rules `Disallow: \/private\/` \(old line 3\), `Allow: \/private\/help` \(old line 4\)\.$/);
    assert.deepEqual(googlebot.changes.map(compact), [['newly-allowed', true, '/private/', ['/private/help'], [3], []]]);
    // Googlebot-Image falls back to the Googlebot group too.
    const image = diff(STAR, file('User-agent: *', 'Disallow: /cart/', '', 'User-agent: Googlebot', 'Disallow: /cart/'), ['Googlebot-Image']).crawlers[0]!;
    assert.equal(image.groupChange?.to?.token, 'Googlebot');
  });

  test('a removed named group: the crawler falls back to *', () => {
    const old = file('User-agent: *', 'Disallow: /cart/', '', 'User-agent: GPTBot', 'Disallow: /');
    const result = diff(old, file('User-agent: *', 'Disallow: /cart/'), ['GPTBot']);
    const gptbot = result.crawlers[0]!;
    assert.deepEqual(gptbot.groupChange?.from, { token: 'GPTBot', agentLines: [4], groups: 1 });
    assert.deepEqual(gptbot.groupChange?.to, { token: '*', agentLines: [1], groups: 1 });
    assert.deepEqual(gptbot.groupChange?.gainedRules, [{ line: 2, text: 'Disallow: /cart/' }]);
    assert.deepEqual(gptbot.changes.map(compact), [['newly-allowed', true, '/', ['/cart/'], [5], []]]);
  });

  test('the same rules under a new name: a group change without verdict changes', () => {
    const result = diff(STAR, file(STAR, 'User-agent: GPTBot', 'Disallow: /cart/', 'Disallow: /private/', 'Allow: /private/help'), ['GPTBot']);
    const gptbot = result.crawlers[0]!;
    assert.equal(gptbot.groupChange?.kind, 'moved');
    assert.deepEqual(gptbot.changes, []);
    assert.match(gptbot.groupChange!.description, /No verdict changes for now/);
  });

  test('a second group for the same token pools its rules, and the diff says so', () => {
    const old = file('User-agent: Googlebot', 'Disallow: /a/', '', 'User-agent: *', 'Disallow: /');
    const result = diff(old, file(old, 'User-agent: Googlebot', 'Disallow: /b/'), ['Googlebot']);
    const googlebot = result.crawlers[0]!;
    assert.equal(googlebot.groupChange?.kind, 'pooled');
    assert.equal(googlebot.groupChange?.description, 'User-agent: Googlebot now names 2 groups (new lines 1, 7), whose rules are pooled; before, one group (old line 1).');
    assert.deepEqual(googlebot.changes.map(compact), [['newly-disallowed', true, '/b/', [], [], [8]]]);
  });

  test('a token only the files name gets the chain token, *', () => {
    const result = diff(file('User-agent: FooBot', 'Disallow: /x/'), file('User-agent: FooBot', 'Disallow: /y/'));
    const foo = result.crawlers.find((c) => c.token === 'FooBot');
    assert.deepEqual(foo?.chain, ['FooBot', '*']);
    assert.deepEqual(foo?.changes.map((c) => [c.kind, c.pattern]), [
      ['newly-allowed', '/x/'],
      ['newly-disallowed', '/y/'],
    ]);
  });
});

describe('rules that became dead', () => {
  test('a rule shadowed by a new one, and a new rule dead on arrival', () => {
    const old = file('User-agent: *', 'Disallow: /a/b', 'Disallow: /c/');
    const neu = file('User-agent: *', 'Disallow: /a/b', 'Allow: /a/b', 'Disallow: /c/', 'Disallow: /c/d');
    const result = diff(old, neu);
    assert.deepEqual(
      result.shadowing.map((s) => [s.status, s.rule.line, s.by?.line ?? null, s.tokens, s.before]),
      [
        ['shadowed', 2, 3, ['*'], 'live'],
        ['redundant', 5, 4, ['*'], 'absent'],
      ],
    );
    assert.equal(result.shadowing[0]!.description, 'Line 2 `Disallow: /a/b` (User-agent: *) is now shadowed: line 3 `Allow: /a/b` always matches too and wins.');
    assert.equal(
      result.shadowing[1]!.description,
      'New line 5 `Disallow: /c/d` (User-agent: *) is redundant from the start: wherever it decides, line 4 `Disallow: /c/` gives the same verdict.',
    );
  });
});

describe('identical semantics report no change', () => {
  const base = file(
    '# shop',
    'User-agent: *',
    'Disallow: /cart/',
    'Disallow: /search?',
    'Allow: /*.css$',
    '',
    'User-agent: Googlebot',
    'User-agent: bingbot',
    'Disallow: /nogoogle/',
    'Disallow: /%62log/',
  );
  const rewrites: Array<[string, string]> = [
    ['reformatted: key case, spacing, comments, blank lines', file('user-AGENT:*', 'DISALLOW :   /cart/   # basket', '', '# search pages', 'disallow: /search?', 'allow:/*.css$', 'User-agent: Googlebot', '', 'User-agent: bingbot', 'Disallow: /nogoogle/', 'Disallow: /%62log/')],
    ['groups and rules reordered', file('User-agent: bingbot', 'User-agent: Googlebot', 'Disallow: /%62log/', 'Disallow: /nogoogle/', '', 'User-agent: *', 'Allow: /*.css$', 'Disallow: /search?', 'Disallow: /cart/')],
    ['one group per token, split', file('User-agent: *', 'Disallow: /cart/', 'Disallow: /search?', 'Allow: /*.css$', 'User-agent: Googlebot', 'Disallow: /nogoogle/', 'Disallow: /%62log/', 'User-agent: bingbot', 'Disallow: /nogoogle/', 'Disallow: /%62log/')],
    ['a token spread over two groups, merged back', file('User-agent: *', 'Disallow: /cart/', 'User-agent: Googlebot', 'User-agent: bingbot', 'Disallow: /nogoogle/', 'User-agent: *', 'Disallow: /search?', 'Allow: /*.css$', 'User-agent: Googlebot', 'User-agent: bingbot', 'Disallow: /%62log/')],
    ['Googlebot/2.1 for Googlebot, escapes written out, a duplicate rule', file('User-agent: *', 'Disallow: /cart/', 'Disallow: /cart/', 'Disallow: /search?', 'Allow: /*.css$', 'User-agent: Googlebot/2.1', 'User-agent: bingbot', 'Disallow: /nogoogle/', 'Disallow: /blog/')],
    ['the same set written with a trailing *', file('User-agent: *', 'Disallow: /cart/*', 'Disallow: /search?', 'Allow: /*.css$', 'User-agent: Googlebot', 'User-agent: bingbot', 'Disallow: /nogoogle/', 'Disallow: /%62log/')],
  ];
  for (const [name, rewrite] of rewrites) {
    test(name, () => {
      for (const [a, b] of [[base, rewrite], [rewrite, base]] as const) {
        const result = diff(a, b);
        assert.deepEqual(result.crawlers, [], JSON.stringify(result.crawlers, null, 1));
        assert.deepEqual(result.shadowing, []);
        assert.equal(result.unchanged, true);
        assert.equal(summarizeDiff(result), "No crawler's verdicts change.");
      }
    });
  }
});

describe('requests whose verdict flips', () => {
  test('per crawler token, with examples (time, deciding lines); browsers and other origins are skipped', () => {
    const old = parseRobots(file('User-agent: *', 'Disallow: /private/'));
    const neu = parseRobots(file('User-agent: *', 'Disallow: /blog/', '', 'User-agent: Googlebot', 'Disallow: /private/'));
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    const counts = countFlips(
      old,
      neu,
      [
        { agent: gptbot, url: '/blog/a', time: Date.UTC(2026, 10, 23, 0, 0, 3) },
        { agent: gptbot, url: '/blog/a', time: Date.UTC(2026, 10, 23, 0, 0, 4) },
        { agent: gptbot, url: '/private/x' },
        { agent: gptbot, url: '/shop' },
        { agent: googlebot, url: '/blog/a' },
        { agent: googlebot, url: '/private/x' },
        { agent: browser, url: '/blog/a' },
        { agent: gptbot, url: 'https://elsewhere.test/blog/a' },
      ],
      { origin: 'https://shop.test' },
    );
    assert.deepEqual(counts, [
      {
        token: 'GPTBot',
        crawler: 'gptbot',
        requests: 4,
        newlyDisallowed: 2,
        newlyAllowed: 1,
        // One example per URL, the first logged; lines are 1-based, null where no rule decides.
        examples: {
          newlyDisallowed: [{ url: '/blog/a', time: '2026-11-23T00:00:03Z', oldLine: null, newLine: 2 }],
          newlyAllowed: [{ url: '/private/x', oldLine: 2, newLine: null }],
        },
      },
      { token: 'Googlebot', crawler: 'googlebot', requests: 2, newlyDisallowed: 0, newlyAllowed: 0, examples: { newlyDisallowed: [], newlyAllowed: [] } },
    ]);
  });

  const flip = (token: string, requests: number, newlyDisallowed: number, newlyAllowed = 0): FlipCount => ({
    token,
    requests,
    newlyDisallowed,
    newlyAllowed,
    examples: { newlyDisallowed: [], newlyAllowed: [] },
  });
  const sentences: [string, FlipCount[], string[], string][] = [
    [
      'the crawlers with flips in the order counted (most first), counts as people read them',
      [flip('GPTBot', 2000, 1240), flip('CCBot', 29, 18), flip('Googlebot', 400, 0)],
      ['access.log'],
      '1,258 requests in access.log are decided differently: GPTBot 1,240 requests newly disallowed; CCBot 18 requests newly disallowed.',
    ],
    ['one request, both kinds, and * in words', [flip('*', 3, 0, 1), flip('GPTBot', 2, 1, 1)], ['a.log', 'b.log'], '3 requests in a.log and b.log are decided differently: any other crawler (*) 1 request newly allowed; GPTBot 1 request newly disallowed, 1 request newly allowed.'],
    ['a single request', [flip('GPTBot', 5, 1)], ['access.log'], '1 request in access.log is decided differently: GPTBot 1 request newly disallowed.'],
    ['past three crawlers, the rest counted', [flip('A', 4, 4), flip('B', 3, 3), flip('C', 2, 2), flip('D', 1, 1), flip('E', 1, 1)], ['x.log'], '11 requests in x.log are decided differently: A 4 requests newly disallowed; B 3 requests newly disallowed; C 2 requests newly disallowed; and 2 more crawlers.'],
    ['requests, none flipped', [flip('Googlebot', 1208, 0)], ['access.log'], 'None of the 1,208 non-browser requests in access.log is decided differently.'],
    ['nothing to count', [], ['a.log', 'b.log', 'c.log'], 'a.log, b.log and c.log have no non-browser requests to count.'],
  ];
  for (const [name, flips, logs, expected] of sentences) {
    test(`the sentence about logged requests: ${name}`, () => assert.equal(summarizeFlips(flips, logs), expected));
  }
});
