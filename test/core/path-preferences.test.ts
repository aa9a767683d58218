import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { preferencesByPath } from '@robots-lens/kernel/ai-access';

const lines = (...text: string[]) => parseRobots(text.join('\n'));
const texts = (result: ReturnType<typeof preferencesByPath>) => result.cells.map((row) => row.map((cell) => cell.text));

test("the draft's example per path: a preference where crawlable, none where the group disallows", () => {
  const file = lines('User-agent: *', 'Disallow: /never/', 'Content-Usage: train-ai=n', 'Content-Usage: /ai-ok/ train-ai=y');
  const result = preferencesByPath(file, ['/test', '/never/test', '/ai-ok/test']);
  assert.deepEqual(result.groups.map((g) => [g.label, g.everyOtherCrawler]), [['User-agent: * (line 1)', true]]);
  assert.deepEqual(result.paths, ['/test', '/never/test', '/ai-ok/test', '/ai-ok/']);
  assert.deepEqual(texts(result), [
    ['Content-Usage (line 3): train-ai disallowed, search unknown'],
    ['not applicable: not crawlable'],
    ['Content-Usage (line 4): train-ai allowed, search unknown'],
    ['Content-Usage (line 4): train-ai allowed, search unknown'],
  ]);
  assert.deepEqual(result.cells.map((row) => row[0]!.allowed), [true, false, true, true]);
});

test('one column per group that states preferences, groups named twice pooled; silent groups only counted', () => {
  const file = lines(
    'User-agent: GPTBot', // 0
    'Content-Signal: ai-train=no', // 1
    'Disallow: /private/', // 2
    '',
    'User-agent: Googlebot', // 4
    'Allow: /',
    '',
    'User-agent: gptbot', // 7
    'Content-Usage: /blog/ train-ai=y', // 8
    'Disallow: /tmp/', // 9: a rule ends the group's User-agent lines (Content-Usage is none)
    '',
    'User-agent: *', // 11
    'Disallow: /cart',
  );
  const result = preferencesByPath(file, ['/', '/private/x']);
  assert.deepEqual(result.groups.map((g) => [g.label, g.crawlers, g.everyOtherCrawler]), [['User-agent: GPTBot, gptbot (line 1)', ['GPTBot'], false]]);
  // Googlebot's group and the * group state nothing.
  assert.equal(result.silentGroups, 2);
  assert.deepEqual(result.paths, ['/', '/private/x', '/blog/']);
  assert.deepEqual(texts(result), [
    ['Content-Signal (line 2): search=not stated, ai-input=not stated, ai-train=no'],
    ['not applicable: not crawlable'],
    ['Content-Usage (line 9): train-ai allowed, search unknown; Content-Signal (line 2): search=not stated, ai-input=not stated, ai-train=no'],
  ]);
});

test('the * group lists the catalogue crawlers that fall back to it; a file that states nothing has no rows', () => {
  const file = lines('User-agent: *', 'Content-Signal: search=yes', 'Disallow: /tmp/', '', 'User-agent: GPTBot', 'Disallow: /');
  const [star] = preferencesByPath(file, ['/']).groups;
  const falling = CRAWLERS.filter((c) => c.retired === null && c.token !== 'GPTBot' && c.chain.includes('*')).map((c) => c.token);
  assert.deepEqual([...star!.crawlers].sort(), [...falling].sort());
  const silent = preferencesByPath(lines('User-agent: *', 'Disallow: /x', '# Content-Usage: train-ai=n'), ['/', '/x']);
  assert.deepEqual([silent.groups.length, silent.paths.length, silent.cells.length, silent.silentGroups], [0, 0, 0, 1]);
});

test('at most `limit` paths', () => {
  const file = lines('User-agent: *', 'Content-Usage: train-ai=n');
  assert.equal(preferencesByPath(file, ['/a', '/b', '/c'], 2).paths.length, 2);
});
