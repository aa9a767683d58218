import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRobots } from '@robots-lens/kernel/parse';
import { decide } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { explainPattern, groupAudience, patternExamples, readAgentValue, samplePaths } from '@robots-lens/editor/explain';
import { cursorIn } from '../support/cursor';

/** What the line under the `|` cursor explains to; only the fields given are checked. */
interface Expected {
  /** Rule lines: the sentence, matched exactly or by pattern. */
  summary?: string | RegExp;
  matching?: string[];
  notMatching?: string[];
  /** Some note matches each of these. */
  notes?: RegExp[];
  /** Exactly the catalogue crawlers using the group: `Token`, `Token (fallback)`, `Token (*)`. */
  usedBy?: string[];
  /** A subset of `usedBy`, for the long lists of the `*` group. */
  usedByIncludes?: string[];
  /** Crawlers that must not use the group. */
  notUsedBy?: string[];
  everyOtherCrawler?: boolean;
  otherTokens?: string[];
  /** User-agent lines: the token read, the crawler named, the crawler missed. */
  token?: string;
  crawler?: string;
  missed?: string;
  reading?: RegExp;
}

/**
 * Explains the line holding the `|` cursor: a rule (what it matches, verified examples,
 * who uses its group) or a `User-agent` line (how its value is read, who uses the group).
 */
function assertExplain(name: string, withCursor: string, expected: Expected): void {
  test(name, () => {
    const { text, offset: cursor } = cursorIn(withCursor);
    const file = parseRobots(text);
    const line = file.lines.find((l) => cursor >= l.start && cursor <= l.end);
    assert.ok(line, 'the cursor is on no line');
    assert.ok(line.group !== undefined, 'the cursor line belongs to no group');

    if (line.kind === 'allow' || line.kind === 'disallow') {
      const kind = line.kind;
      const meaning = explainPattern(line.value, kind);
      if (expected.summary instanceof RegExp) assert.match(meaning.summary, expected.summary);
      else if (expected.summary !== undefined) assert.equal(meaning.summary, expected.summary);
      for (const note of expected.notes ?? []) assert.ok(meaning.notes.some((n) => note.test(n)), `no note matches ${note}: ${meaning.notes.join(' | ')}`);
      const examples = patternExamples(line.value, kind);
      if (expected.matching) assert.deepEqual(examples.matching, expected.matching);
      if (expected.notMatching) assert.deepEqual(examples.notMatching, expected.notMatching);
      // Every example is checked once more against the whole file's verdict, independently of the helper.
      for (const path of examples.matching) assert.equal(decidedBy(file, path, line.group), line.index, `${path} is decided by line ${line.index + 1}`);
    } else {
      assert.equal(line.kind, 'user-agent');
      const reading = readAgentValue(line.value);
      if (expected.token !== undefined) assert.equal(reading.token, expected.token);
      if (expected.crawler !== undefined) assert.equal(reading.crawler?.token, expected.crawler);
      if (expected.missed !== undefined) assert.equal(reading.missed?.token, expected.missed);
      if (expected.reading) assert.match(reading.reading, expected.reading);
    }

    const audience = groupAudience(file, line.group);
    const users = audience.crawlers.map((u) => u.crawler.token + (u.via === 'own-token' ? '' : u.via === 'fallback' ? ' (fallback)' : ' (*)'));
    if (expected.usedBy) assert.deepEqual(users, expected.usedBy);
    for (const user of expected.usedByIncludes ?? []) assert.ok(users.includes(user), `${user} in ${users.join(', ')}`);
    for (const user of expected.notUsedBy ?? []) assert.ok(!users.some((u) => u.split(' ')[0] === user), `${user} not in ${users.join(', ')}`);
    if (expected.everyOtherCrawler !== undefined) assert.equal(audience.everyOtherCrawler, expected.everyOtherCrawler);
    if (expected.otherTokens) assert.deepEqual(audience.otherTokens, expected.otherTokens);
  });
}

/** The line deciding `path` for a crawler of a token the group names (or any crawler for `*`). */
function decidedBy(file: RobotsFile, path: string, group: number): number | undefined {
  const agent = file.groups[group]!.agents[0]!;
  const verdict = decide(file, path, agent.isStar ? 'SomeUnknownBot' : agent.token);
  return verdict.rule?.line;
}

describe('what a rule matches, in words and by verified example', () => {
  assertExplain('a directory prefix', 'User-agent: *\nDisallow: /pri|vate/', {
    summary: 'Every URL whose path and query start with `/private/`.',
    matching: ['/private/', '/private/page.html', '/private/a/b?id=1'],
    notMatching: ['/private', '/Private/', '/'],
    notes: [/case-sensitive/],
  });
  assertExplain('a prefix without a slash also matches longer names', 'User-agent: *\nDisallow: /adm|in', {
    summary: 'Every URL whose path and query start with `/admin` (`/admin-old` and `/admin/x` too).',
    matching: ['/admin', '/admin/page.html', '/admin-old'],
    notMatching: ['/admi', '/Admin', '/'],
  });
  assertExplain('an extension anchored with $', 'User-agent: *\nDisallow: /*.p|df$', {
    summary: /^Every URL whose path and query end with `\.pdf`/,
    matching: ['/file.pdf', '/docs/page.pdf', '/.pdf'],
    notMatching: ['/file.pdf?x=1', '/file.pdfx', '/file'],
  });
  assertExplain('any query string', 'User-agent: *\nDisallow: /*|?', {
    summary: /^Every URL whose path and query contain `\?`/,
    matching: ['/file?', '/file?id=1', '/docs/page?'],
    notMatching: ['/file', '/', '/other-page.html'],
  });
  assertExplain('a wildcard in the middle', 'User-agent: *\nAllow: /category/*?co|lor=', {
    summary: /start with `\/category\/`, and then contain `\?color=`/,
    matching: ['/category/file?color=', '/category/file?color=1', '/category/docs/page?color='],
    notMatching: ['/category', '/Category/', '/category/file'],
  });
  assertExplain('the home page only', 'User-agent: *\nAllow: /|$\nDisallow: /', {
    summary: 'Only the home page `/` itself, without a query string.',
    matching: ['/'],
    notMatching: ['/?x=1', '/x', '/other-page.html'],
  });
  assertExplain('a literal $ inside a pattern', 'User-agent: *\nDisallow: /price$|list', {
    matching: ['/price$list', '/price$list/page.html', '/price$list-old'],
    notes: [/\$` inside this pattern is a literal/],
  });
  assertExplain('a pattern without a leading slash matches nothing', 'User-agent: *\nDisallow: priv|ate/', {
    summary: /^Matches no URL: .*Did you mean `\/private\/`\?$/,
    matching: [],
    notMatching: ['/private/', '/'],
  });
  assertExplain('a full URL matches nothing', 'User-agent: *\nDisallow: https://shop.test/in|ternal/', {
    summary: /Write `\/internal\/` instead\./,
    notMatching: ['/internal/', '/'],
  });
  assertExplain('an empty Disallow', 'User-agent: *\nDisallow:|', {
    summary: 'Matches nothing: an empty Disallow is ignored.',
    matching: [],
    notes: [/Alone in its group it means "allow everything"/],
  });
  assertExplain('an encoded unreserved character: RFC and Google differ', 'User-agent: *\nDisallow: /%62|log/', {
    summary: 'Every URL whose path and query start with `/blog/`.',
    matching: ['/blog/', '/blog/page.html', '/blog/a/b?id=1'],
    notes: [/normalised form `\/blog\/`/, /Google's open-source parser compares percent-escapes literally and reads this as `\/%62log\/`/],
  });
  assertExplain("Google's index.html rule adds the directory", 'User-agent: *\nDisallow: /docs/\nAllow: /docs/ind|ex.html', {
    matching: ['/docs/index.html', '/docs/', '/docs/index.html/page.html'],
    notes: [/Google also allows `\/docs\/` exactly/],
  });
  assertExplain('a rule on /robots.txt', 'User-agent: *\nDisallow: /robots|.txt', {
    notMatching: ['/robots.tx', '/Robots.txt', '/'],
    notes: [/`\/robots\.txt` itself is always fetchable/],
  });
});

describe('who uses a group', () => {
  assertExplain('a Googlebot group serves its fallbacks', 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /pr|ivate/', {
    usedBy: [
      'Googlebot',
      'Googlebot-Image (fallback)',
      'Googlebot-Video (fallback)',
      'Googlebot-News (fallback)',
      'Google-InspectionTool (fallback)',
      'Google-CloudVertexBot (fallback)',
      'Applebot (fallback)',
    ],
    everyOtherCrawler: false,
  });
  assertExplain('unless they have their own group', 'User-agent: Googlebot\nDisallow: /a|\n\nUser-agent: Googlebot-Image\nUser-agent: Applebot\nDisallow: /', {
    usedBy: ['Googlebot', 'Googlebot-Video (fallback)', 'Googlebot-News (fallback)', 'Google-InspectionTool (fallback)', 'Google-CloudVertexBot (fallback)'],
  });
  assertExplain('the * group serves everyone without a group, but not AdsBot', 'User-agent: *|\nDisallow: /x\n\nUser-agent: GPTBot\nDisallow: /', {
    usedByIncludes: ['Googlebot (*)', 'Googlebot-Image (*)', 'bingbot (*)', 'ClaudeBot (*)'],
    notUsedBy: ['GPTBot', 'AdsBot-Google', 'Google-Extended'],
    everyOtherCrawler: true,
    token: '*',
  });
  assertExplain('merged groups are used together', 'User-agent: FooBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: foobot|\nDisallow: /b', {
    usedBy: [],
    otherTokens: ['foobot'],
    everyOtherCrawler: false,
  });
});

describe('how a User-agent value is read', () => {
  assertExplain('a versioned token', 'User-agent: Googlebot/2|.1\nDisallow: /x', {
    token: 'Googlebot',
    crawler: 'Googlebot',
    reading: /read only the product token `Googlebot` from `Googlebot\/2\.1`/,
    usedByIncludes: ['Googlebot', 'Applebot (fallback)'],
  });
  assertExplain('a documented token with digits governs its crawler, though the grammar reads less', 'User-agent: MJ12|bot\nDisallow: /', {
    token: 'MJ',
    crawler: 'MJ12bot',
    reading: /Majestic documents the token `MJ12bot`, so MJ12bot obeys this line\. RFC 9309's grammar and Google's parser read only `MJ` from it/,
    usedBy: ['MJ12bot'],
    otherTokens: ['MJ'],
  });
  assertExplain('undocumented digits cut the token short', 'User-agent: AB42|bot\nDisallow: /', {
    token: 'AB',
    reading: /Crawlers read only the product token `AB` from `AB42bot`/,
    usedBy: [],
    otherTokens: ['AB'],
  });
  assertExplain('a documented token with a leading digit governs its crawler', 'User-agent: 360Sp|ider\nDisallow: /', {
    token: '',
    crawler: '360Spider',
    reading: /so 360Spider obeys this line\. RFC 9309's grammar and Google's parser read no product token from it/,
    usedBy: ['360Spider'],
  });
  assertExplain('an undocumented leading digit leaves no token', 'User-agent: 123Sp|ider\nDisallow: /', {
    token: '',
    reading: /read no product token from it: this line governs nobody/,
    usedBy: [],
  });
  assertExplain('a control token', 'User-agent: Google-Ext|ended\nDisallow: /', {
    token: 'Google-Extended',
    crawler: 'Google-Extended',
    usedBy: ['Google-Extended'],
  });
});

describe('examples are always verified (fast-check)', () => {
  const part = fc.constantFrom('/', 'a', 'B', '.', '-', '?', '=', '*', '$', '%41', '%2F', 'ツ', 'index.html');
  const pattern = fc.array(part, { maxLength: 8 }).map((parts) => '/' + parts.join(''));
  test('every example is decided as claimed, and a pattern starting with / always has a matching example', () => {
    fc.assert(
      fc.property(pattern, fc.constantFrom('allow' as const, 'disallow' as const), (p, kind) => {
        const file = parseRobots(`User-agent: *\n${kind}: ${p}`);
        const examples = patternExamples(p, kind);
        assert.ok(examples.matching.length > 0, `no matching example for ${p}`);
        for (const path of examples.matching) assert.equal(decide(file, path, 'AnyBot').reason, 'rule', `${p} should match ${path}`);
        for (const path of examples.notMatching) assert.notEqual(decide(file, path, 'AnyBot').reason, 'rule', `${p} should not match ${path}`);
      }),
      { numRuns: 400 },
    );
  });
});

describe('sample paths for the matrix', () => {
  test("each rule's literal prefix and a path it matches, after the home page", () => {
    const file = parseRobots('User-agent: *\nDisallow: /cart/\nDisallow: /*.pdf$\nUser-agent: Googlebot\nAllow: /search?q=\n');
    assert.deepEqual(samplePaths(file), ['/', '/cart/', '/cart/page.html', '/file.pdf', '/search?q=', '/search?q=1']);
  });
});
