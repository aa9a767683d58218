/**
 * `robots-lens merge` checks every part whole and takes each shard once: a part given twice
 * (by two spellings, a link or a copy) or damaged by hand is refused with exit 2 and the
 * part's name, never counted twice or added up into plausible nonsense.
 */

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-merge-'));
const part = join(dir, 'a.json');

before(async () => {
  const replayed = await runCli(['replay', join(ROOT, 'examples', 'robots.txt'), join(ROOT, 'examples', 'access.log'), '--summary-json', part]);
  assert.equal(replayed.code, 0, replayed.stderr);
});

describe('robots-lens merge takes each part once, and whole', () => {
  const cases: [string, () => string[], RegExp][] = [
    ['the same file twice', () => [part, part], /a\.json is the same file as .*a\.json: give each shard once/],
    ['the same file by another spelling', () => [part, `${dir}/./a.json`], /is the same file as .*a\.json/],
    ['a link to it', () => {
      symlinkSync(part, join(dir, 'link.json'));
      return [part, join(dir, 'link.json')];
    }, /link\.json is the same file as .*a\.json/],
    ['a copy of it', () => {
      copyFileSync(part, join(dir, 'copy.json'));
      return [part, join(dir, 'copy.json')];
    }, /copy\.json is the same shard as .*a\.json \(its part is identical\)/],
    ['a part whose count was edited into text', () => {
      const damaged = JSON.parse(readFileSync(part, 'utf8')) as { shard: { part: { counts: Record<string, unknown> } } };
      damaged.shard.part.counts.lines = '052008';
      writeFileSync(join(dir, 'damaged.json'), JSON.stringify(damaged));
      return [join(dir, 'damaged.json')];
    }, /damaged\.json: its shard part is damaged or edited: shard\.part\.counts\.lines is the text "052008", not a count/],
  ];
  for (const [name, args, message] of cases) {
    test(name, async () => {
      const result = await runCli(['merge', ...args()]);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '');
    });
  }
});
