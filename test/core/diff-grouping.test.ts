/**
 * Crawlers that change alike are one section: a move to a group naming the crawler itself is
 * the same change for each crawler of that group, but not for crawlers whose groups give other
 * rules. And the preference lines an edit adds, removes or moves are found.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diffRobots, groupCrawlerDiffs, preferenceLineChanges } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';

const file = (...lines: string[]): string => lines.join('\n') + '\n';
const OLD = file('User-agent: *', 'Disallow: /private/');

describe('groupCrawlerDiffs', () => {
  const cases: Array<[string, string, string[][]]> = [
    ['one group naming three crawlers: one section', file('User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'User-agent: CCBot', 'User-agent: ClaudeBot', 'Disallow: /'), [['GPTBot', 'CCBot', 'ClaudeBot']]],
    ['a group each, with the same rules on other lines: apart (their lines differ)', file('User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'Disallow: /', '', 'User-agent: CCBot', 'Disallow: /'), [['GPTBot'], ['CCBot']]],
    ['a group each, with other rules: apart', file('User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'Disallow: /', '', 'User-agent: CCBot', 'Disallow: /blog/'), [['GPTBot'], ['CCBot']]],
  ];
  for (const [name, newText, expected] of cases) {
    test(name, () => {
      const diff = diffRobots(parseRobots(OLD), parseRobots(newText), { crawlers: ['GPTBot', 'CCBot', 'ClaudeBot'] });
      assert.deepEqual(groupCrawlerDiffs(diff.crawlers).map((g) => g.crawlers.map((c) => c.token)), expected);
    });
  }

  test("a crawler alone keeps its own words; a section of several says them for each", () => {
    const alone = diffRobots(parseRobots(OLD), parseRobots(file('User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'Disallow: /')), { crawlers: ['GPTBot'] });
    assert.match(groupCrawlerDiffs(alone.crawlers)[0]!.groupChange!.description, /^Now uses the User-agent: GPTBot group \(new line 4\) instead of the User-agent: \* group \(old line 1\)\. It no longer gets/);
    const many = diffRobots(parseRobots(OLD), parseRobots(file('User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'User-agent: CCBot', 'Disallow: /')), { crawlers: ['GPTBot', 'CCBot'] });
    assert.match(groupCrawlerDiffs(many.crawlers)[0]!.groupChange!.description, /^Each now uses the group naming it \(new lines 4, 5\) instead of the User-agent: \* group \(old line 1\)\. They no longer get the \* rules `Disallow: \/private\/` \(old line 2\)\. Rules they now get: `Disallow: \/` \(new line 6\)\.$/);
  });
});

describe('preferenceLineChanges', () => {
  const cases: Array<[string, string, string, Array<[string, number, string]>]> = [
    ['added', OLD, file('User-agent: *', 'Disallow: /private/', 'Content-Signal: ai-train=no'), [['added', 3, 'Content-Signal: ai-train=no']]],
    ['removed', file('User-agent: *', 'Content-Usage: train-ai=n', 'Disallow: /private/'), OLD, [['removed', 2, 'Content-Usage: train-ai=n']]],
    ['moved down a line: the same', file('User-agent: *', 'Content-Signal: ai-train=no', 'Disallow: /private/'), file('User-agent: *', 'Disallow: /private/', 'content-signal:  ai-train=no # moved'), []],
    [
      'moved to another group: removed there, added here',
      file('User-agent: *', 'Disallow: /private/', 'Content-Signal: ai-train=no', '', 'User-agent: GPTBot', 'Disallow: /'),
      file('User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'Disallow: /', 'Content-Signal: ai-train=no'),
      [['removed', 3, 'Content-Signal: ai-train=no'], ['added', 6, 'Content-Signal: ai-train=no']],
    ],
    ['changed value', file('User-agent: *', 'Content-Signal: ai-train=yes'), file('User-agent: *', 'Content-Signal: ai-train=no'), [['removed', 2, 'Content-Signal: ai-train=yes'], ['added', 2, 'Content-Signal: ai-train=no']]],
  ];
  for (const [name, before, after, expected] of cases) {
    test(name, () => assert.deepEqual(preferenceLineChanges(parseRobots(before), parseRobots(after)).map((c) => [c.kind, c.line, c.text]), expected));
  }
});
