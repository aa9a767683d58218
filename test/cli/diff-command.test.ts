import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-diff-'));
const write = (name: string, lines: string[]): string => {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
};

const oldRobots = write('old.txt', ['User-agent: *', 'Disallow: /cart/', '', 'User-agent: GPTBot', 'Disallow: /']);
const newRobots = write('new.txt', [
  'User-agent: *', //            1
  'Disallow: /cart/', //         2
  'Disallow: /blog/', //         3
  'Allow: /blog/public/', //     4
  'Disallow: /blog/drafts/', //  5: redundant under /blog/ from the start
  '',
  'User-agent: GPTBot', //       7
  'Disallow: /',
]);
// The same meaning, rewritten: key case, order, comments.
const sameAsNew = write('same.txt', ['# rewritten', 'user-agent: gptbot', 'DISALLOW: /', 'User-agent: *', 'Allow: /blog/public/', 'Disallow: /blog/drafts/', 'Disallow: /blog/', 'Disallow: /cart/']);

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const logLine = (path: string, ua: string, second: number): string =>
  `66.249.66.1 - - [23/Nov/2026:00:00:${String(second).padStart(2, '0')} +0000] "GET ${path} HTTP/1.1" 200 512 "-" "${ua}"`;
const log = write('access.log', [
  logLine('/blog/a', GOOGLEBOT, 1),
  logLine('/blog/b', GOOGLEBOT, 2),
  logLine('/blog/public/c', GOOGLEBOT, 3),
  logLine('/cart/', GOOGLEBOT, 4),
  logLine('/blog/a', GPTBOT, 5),
  logLine('/blog/a', BROWSER, 6),
]);

describe('robots-lens diff', () => {
  test('text: per crawler the paths that change, with the deciding lines', async () => {
    const { code, stdout, stderr } = await runCli(['diff', oldRobots, newRobots]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^any other crawler \(\*\), Googlebot, Googlebot-Image, .* \(\d+ crawlers\)$/m);
    assert.match(
      stdout,
      /^ {2}- "\/blog\/" and everything under it, except "\/blog\/public\/", is now disallowed \(new lines 3 "Disallow: \/blog\/", 5 "Disallow: \/blog\/drafts\/"; old: no rule matched\)\.$/m,
    );
    assert.match(stdout, /^ {6}e\.g\. \/blog\/, /m);
    assert.match(stdout, /^Rules that can no longer decide anything:\n {2}- New line 5 "Disallow: \/blog\/drafts\/" \(User-agent: \*\) is redundant from the start: wherever it decides, line 3 "Disallow: \/blog\/" gives the same verdict\.$/m);
    assert.doesNotMatch(stdout, /^GPTBot/m);
  });

  test('--json: crawlers with changes as data', async () => {
    const { code, stdout } = await runCli(['diff', oldRobots, newRobots, '--json', '--crawlers', 'Googlebot,GPTBot']);
    assert.equal(code, 0);
    const result = JSON.parse(stdout) as {
      unchanged: boolean;
      crawlers: Array<{ token: string; crawler?: string; chain: string[]; changes: Array<Record<string, unknown>> }>;
      shadowing: unknown[];
    };
    assert.equal(result.unchanged, false);
    assert.deepEqual(result.crawlers.map((c) => c.token), ['Googlebot']);
    const googlebot = result.crawlers[0]!;
    assert.equal(googlebot.crawler, 'googlebot');
    assert.deepEqual(googlebot.chain, ['Googlebot', '*']);
    const { kind, pattern, except, exact, oldLines, newLines } = googlebot.changes[0]!;
    assert.deepEqual({ kind, pattern, except, exact, oldLines, newLines }, {
      kind: 'newly-disallowed',
      pattern: '/blog/',
      except: ['/blog/public/'],
      exact: true,
      oldLines: [],
      newLines: [3, 5],
    });
    assert.deepEqual(result.shadowing, [
      {
        status: 'redundant',
        rule: { line: 5, text: 'Disallow: /blog/drafts/' },
        by: { line: 3, text: 'Disallow: /blog/' },
        tokens: ['*'],
        before: 'absent',
        description: 'New line 5 `Disallow: /blog/drafts/` (User-agent: *) is redundant from the start: wherever it decides, line 3 `Disallow: /blog/` gives the same verdict.',
      },
    ]);
  });

  test('--log: requests per crawler whose verdict flips, browsers left out', async () => {
    const { code, stdout, stderr } = await runCli(['diff', oldRobots, newRobots, '--json', '--log', log]);
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout) as {
      requests: Array<{ token: string; requests: number; newlyDisallowed: number; newlyAllowed: number; examples: { newlyDisallowed: Array<{ url: string; time?: string }> } }>;
      logs: Array<{ format: string; lines: number; requests: number }>;
      crawlers: Array<{ token: string; requests?: { requests: number; newlyDisallowed: number } }>;
    };
    assert.deepEqual(result.logs.map((l) => [l.format, l.lines, l.requests]), [['combined', 6, 6]]);
    const googlebot = result.requests.find((r) => r.token === 'Googlebot')!;
    assert.deepEqual([googlebot.requests, googlebot.newlyDisallowed, googlebot.newlyAllowed], [4, 2, 0]);
    // Each example says when it was logged, so it can be found in the log.
    assert.deepEqual(googlebot.examples.newlyDisallowed.map((e) => [e.url, e.time]), [['/blog/a', '2026-11-23T00:00:01Z'], ['/blog/b', '2026-11-23T00:00:02Z']]);
    const gptbot = result.requests.find((r) => r.token === 'GPTBot')!;
    assert.deepEqual([gptbot.requests, gptbot.newlyDisallowed], [1, 0]);
    assert.equal(result.requests.length, 2);
    assert.deepEqual(result.crawlers.find((c) => c.token === 'Googlebot')?.requests?.newlyDisallowed, 2);

    const text = await runCli(['diff', oldRobots, newRobots, '--log', log]);
    assert.match(text.stdout, /^Log .*access\.log \(combined\): 6 lines, 6 requests\.$/m);
    assert.match(text.stdout, /^ {2}Googlebot {2}4 requests: 2 newly disallowed \(e\.g\. \/blog\/a, \/blog\/b\)$/m);
  });

  test('--log counts read in the singular when there is one', async () => {
    const firstLine = readFileSync(log, 'utf8').split('\n')[0]!;
    const single = write('one-request.log', [firstLine]);
    const { code, stdout } = await runCli(['diff', oldRobots, newRobots, '--log', single]);
    assert.equal(code, 0);
    assert.match(stdout, /^Log .*one-request\.log \(combined\): 1 line, 1 request\.$/m);
    assert.match(stdout, /^ {2}Googlebot {2}1 request: 1 newly disallowed/m);
  });

  test('--log reads lines as the replay does: CR line ends, and damaged gzip said as a warning', async () => {
    const lines = [logLine('/blog/a', GOOGLEBOT, 1), logLine('/blog/b', GOOGLEBOT, 2), logLine('/cart/', GOOGLEBOT, 3)];
    const cr = join(dir, 'cr.log');
    writeFileSync(cr, lines.join('\r') + '\r');
    const damaged = join(dir, 'damaged.log.gz');
    const zipped = gzipSync(lines.join('\n') + '\n');
    writeFileSync(damaged, Buffer.concat([zipped, Buffer.from('garbage!')]));
    const { code, stdout } = await runCli(['diff', oldRobots, newRobots, '--log', cr, '--log', damaged]);
    assert.equal(code, 0, stdout);
    assert.ok(stdout.includes(`Log ${cr} (combined): 3 lines, 3 requests.`), stdout);
    assert.ok(stdout.includes(`Log ${damaged} (combined): 3 lines, 3 requests.\n  warning: ${damaged}: 8 bytes of trailing garbage after the gzip data, at byte ${zipped.length}; `), stdout);
    assert.match(stdout, /Googlebot +6 requests: 4 newly disallowed/);
  });

  test('--fail-on-change guards a deploy: exit 1 only when a guarded crawler changes', async () => {
    const failing = await runCli(['diff', oldRobots, newRobots, '--fail-on-change', 'Googlebot']);
    assert.equal(failing.code, 1);
    assert.match(failing.stdout, /^FAIL: verdicts change for Googlebot \(--fail-on-change Googlebot\)\.$/m);
    const passing = await runCli(['diff', oldRobots, newRobots, '--fail-on-change', 'GPTBot,AdsBot-Google']);
    assert.equal(passing.code, 0);
    assert.match(passing.stdout, /^OK: no verdict changes for GPTBot, AdsBot-Google\.$/m);
    // The guard looks at its crawlers even when --crawlers leaves them out.
    const narrowed = await runCli(['diff', oldRobots, newRobots, '--crawlers', 'GPTBot', '--fail-on-change', 'Googlebot', '--json']);
    assert.equal(narrowed.code, 1);
    assert.deepEqual((JSON.parse(narrowed.stdout) as { failOnChange: unknown }).failOnChange, { crawlers: ['Googlebot'], changed: ['Googlebot'] });
  });

  test('a rewrite with the same meaning reports no change', async () => {
    const { code, stdout } = await runCli(['diff', newRobots, sameAsNew, '--fail-on-change', 'Googlebot']);
    assert.equal(code, 0);
    assert.match(stdout, /^No crawler's verdicts change\.$/m);
    assert.doesNotMatch(stdout, /can no longer decide/);
  });

  test('usage errors exit 2', async () => {
    const one = await runCli(['diff', oldRobots]);
    assert.equal(one.code, 2);
    assert.match(one.stderr, /give the old and the new robots\.txt/);
    const missing = await runCli(['diff', oldRobots, join(dir, 'nope.txt')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no such robots\.txt file/);
    const format = await runCli(['diff', oldRobots, newRobots, '--log', log, '--log-format', 'nginx']);
    assert.equal(format.code, 2);
  });
});

describe('robots-lens diff: crawlers alike in one section, and the preference lines an edit adds', () => {
  const blocked = write('blocked.txt', ['User-agent: *', 'Disallow: /cart/', 'Content-Signal: search=yes, ai-train=no', '', 'User-agent: GPTBot', 'User-agent: CCBot', 'User-agent: ClaudeBot', 'Disallow: /']);
  const before = write('before-block.txt', ['User-agent: *', 'Disallow: /cart/']);

  test('text: one heading for the three crawlers, one group change for all, and the added Content-Signal line', async () => {
    const { code, stdout } = await runCli(['diff', before, blocked, '--crawlers', 'GPTBot,CCBot,ClaudeBot']);
    assert.equal(code, 0);
    assert.equal(stdout.split('\n').filter((l) => /^\S/.test(l) && !l.startsWith('robots-lens diff') && !l.startsWith('Content-Signal')).length, 1, stdout);
    assert.match(stdout, /^GPTBot, CCBot, ClaudeBot \(3 crawlers\)\n {2}group: Each now uses the group naming it \(new lines 5, 6, 7\) instead of the User-agent: \* group \(old line 1\)\./m);
    assert.match(stdout, /\nContent-Signal and Content-Usage lines:\n {2}\+ Content-Signal: search=yes, ai-train=no {2}in the User-agent: \* group \(new line 3\)\n/);
  });

  test('--json: the preference lines added and removed, each with its line and group', async () => {
    const { stdout } = await runCli(['diff', blocked, before, '--json']);
    assert.deepEqual((JSON.parse(stdout) as { preferenceLines: unknown }).preferenceLines, [{ kind: 'removed', line: 3, text: 'Content-Signal: search=yes, ai-train=no', agents: ['*'] }]);
  });
});
