/**
 * `robots-lens ai-access` and `robots-lens block-ai` as real processes: the JSON shape of the
 * AI access summary (mayFetch null exactly for control tokens, may-ignore exactly when the
 * crawler's side says so), and the block edit printed or written, with what it skipped on
 * stderr, the written file re-read to prove that no search crawler moved.
 */

import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { describe, test } from 'node:test';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { runCli } from '../support/cli';
import { scratchDir } from '../support/scratch';

const scratch = scratchDir('robots-lens-ai-access-');
const SHARED_STAR = scratch.file('shared-star.txt', 'User-agent: GPTBot\nUser-agent: *\nDisallow: /config\n\nUser-agent: Bytespider\nDisallow: /\n');
const REDDIT_SHAPE = scratch.file('reddit-shape.txt', '# a comment\nUser-agent: *\nDisallow: /\n');

interface CrawlerJson {
  token: string;
  operator: string;
  purposes: string[];
  controlToken: boolean;
  userInitiated: boolean;
  honoursRobotsTxt: string;
  mayFetch: 'nothing' | 'some' | 'everything' | null;
  statement: string;
  line: number | null;
}

describe('robots-lens ai-access', () => {
  test('--json: one object of purposes; every crawler with the fields of the contract', async () => {
    const { code, stdout, stderr } = await runCli(['ai-access', SHARED_STAR, '--json']);
    assert.equal(code, 0, stderr);
    const { purposes } = JSON.parse(stdout) as { purposes: { purpose: string; summary: string; crawlers: CrawlerJson[] }[] };
    assert.ok(purposes.some((p) => p.purpose === 'ai-training'));
    for (const purpose of purposes) {
      assert.equal(typeof purpose.summary, 'string');
      for (const c of purpose.crawlers) {
        assert.deepEqual(Object.keys(c), ['token', 'operator', 'purposes', 'controlToken', 'userInitiated', 'honoursRobotsTxt', 'mayFetch', 'statement', 'line']);
        assert.equal(c.mayFetch === null, c.controlToken, `${c.token}: mayFetch null exactly for control tokens`);
        const mayIgnore = c.honoursRobotsTxt === 'no' || (c.userInitiated && c.honoursRobotsTxt !== 'yes');
        if (!c.controlToken) assert.equal(c.statement === 'may-ignore', mayIgnore, c.token);
        else assert.ok(['opted-out', 'not-opted-out', 'not-stated'].includes(c.statement), c.token);
      }
    }
    const training = purposes.find((p) => p.purpose === 'ai-training')!;
    const gpt = training.crawlers.find((c) => c.token === 'GPTBot')!;
    assert.deepEqual([gpt.mayFetch, gpt.statement, gpt.line], ['some', 'partly-kept-out', 1]);
    const bytespider = training.crawlers.find((c) => c.token === 'Bytespider')!;
    assert.deepEqual([bytespider.mayFetch, bytespider.statement, bytespider.line], ['nothing', 'may-ignore', 5]);
    const extended = training.crawlers.find((c) => c.token === 'Google-Extended')!;
    assert.deepEqual([extended.mayFetch, extended.statement, extended.line], [null, 'not-stated', null]);
  });

  test('text: the summary first, then each crawler in words; control tokens never "may fetch everything"', async () => {
    const { code, stdout, stderr } = await runCli(['ai-access', REDDIT_SHAPE]);
    assert.equal(code, 0, stderr);
    const lines = stdout.split('\n');
    assert.match(lines[0]!, /^AI training: (\d+) of \1 crawlers kept out; .*Bytespider.* not honour robots\.txt — enforce at the server; Google-Extended and Applebot-Extended not stated\.$/);
    assert.ok(lines.includes('  Google-Extended: not stated: no group names Google-Extended'), stdout);
    assert.doesNotMatch(stdout, /Google-Extended[^\n]*may fetch everything/);
  });

  test('a missing file is a clear error, exit 2', async () => {
    const { code, stderr } = await runCli(['ai-access', scratch.dir + '/none.txt']);
    assert.equal(code, 2);
    assert.match(stderr, /^robots-lens ai-access: .*none\.txt/);
  });
});

describe('robots-lens block-ai', () => {
  const SEARCH = CRAWLERS.filter((c) => c.purposes.includes('search')).map((c) => c.token);
  const PATHS = ['/', '/config', '/a/b?c=d', '/robots.txt'];

  test('prints the new file; stderr says what was added and skipped, with reasons', async () => {
    const before = readFileSync(SHARED_STAR, 'utf8');
    const { code, stdout, stderr } = await runCli(['block-ai', SHARED_STAR, '--content-signal']);
    assert.equal(code, 0, stderr);
    assert.ok(stdout.startsWith(before), 'the file is kept and the group appended');
    assert.equal(readFileSync(SHARED_STAR, 'utf8'), before, 'without --write, the file is not touched');
    assert.match(stderr, /^robots-lens block-ai: added a group naming \d+ crawlers: /m);
    assert.match(stderr, /^robots-lens block-ai: not named: GPTBot: the file already names it \(line 1, in the \* group\), which lets it fetch \/$/m);
    assert.match(stderr, /^robots-lens block-ai: not named: YouBot: also used for AI answers/m);
    assert.match(stderr, /^robots-lens block-ai: no Content-Signal added: GPTBot would still use the \* group and may fetch \/: the signal would contradict the rules$/m);
    const after = parseRobots(stdout);
    for (const token of ['ClaudeBot', 'CCBot', 'AI2Bot', 'img2dataset']) assert.equal(matcherFor(after).decide('/x', token).outcome, 'disallowed', token);
  });

  test('--write replaces the file; no search crawler verdict changes; a second run adds nothing', async () => {
    const path = scratch.file('write.txt', 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n');
    const original = parseRobots(readFileSync(path, 'utf8'));
    const { code, stdout, stderr } = await runCli(['block-ai', path, '--and-answers', '--content-signal', '--write']);
    assert.equal(code, 0, stderr);
    assert.equal(stdout, '');
    const written = readFileSync(path, 'utf8');
    assert.match(written, /Content-Signal: search=yes, ai-input=no, ai-train=no/);
    const changed = parseRobots(written);
    for (const token of SEARCH) {
      for (const url of PATHS) assert.equal(matcherFor(changed).decide(url, token).outcome, matcherFor(original).decide(url, token).outcome, `${token} ${url}`);
    }
    const mtime = statSync(path).mtimeMs;
    const again = await runCli(['block-ai', path, '--and-answers', '--content-signal', '--write']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /nothing to add/);
    assert.equal(readFileSync(path, 'utf8'), written);
    assert.equal(statSync(path).mtimeMs, mtime, 'nothing to add: the file is not rewritten');
  });

  test('a file that is not UTF-8 is not rewritten', async () => {
    const path = scratch.file('latin1.txt', Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1'));
    const { code, stderr } = await runCli(['block-ai', path, '--write']);
    assert.equal(code, 2);
    assert.match(stderr, /not valid UTF-8: writing it back would change bytes/);
    assert.deepEqual(readFileSync(path), Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1'));
  });
});
