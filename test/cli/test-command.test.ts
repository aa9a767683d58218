import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, test } from 'node:test';
import { outputOf, runCli } from '../support/cli';
import { CLI, requireBuilt } from '../support/dist';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-cli-'));
const robots = join(dir, 'robots.txt');
writeFileSync(
  robots,
  [
    'User-agent: *',
    'Disallow: /private/',
    'Allow: /private/help.html$',
    '',
    'User-agent: Googlebot',
    'Disallow: /nogoogle',
    'Disallow: /%62',
  ].join('\n'),
);

describe('robots-lens test', () => {
  test('one line per URL and agent with verdict, line and group', async () => {
    const { code, stdout, stderr } = await runCli(['test', robots, '--agent', 'GPTBot', '/private/a', '/private/help.html', '/open']);
    assert.equal(code, 0, stderr);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /^disallowed\s+\/private\/a\s+\[GPTBot\]\s+line 2: Disallow: \/private\/\s+group User-agent: \* \(line 1\)$/);
    assert.match(lines[1]!, /^allowed\s+\/private\/help\.html .*line 3: Allow: \/private\/help\.html\$/);
    assert.match(lines[2]!, /^allowed\s+\/open .*no rule matches/);
  });

  test('--json objects carry url, agent, allowed, line, rule, group', async () => {
    const { code, stdout } = await runCli(['test', robots, '--json', '--agent', 'Googlebot-Image', '--agent', 'CCBot', 'https://example.test/nogoogle/x']);
    assert.equal(code, 0);
    const [image, ccbot] = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(
      { url: image!.url, agent: image!.agent, allowed: image!.allowed, line: image!.line, rule: image!.rule, group: image!.group },
      { url: 'https://example.test/nogoogle/x', agent: 'Googlebot-Image', allowed: false, line: 6, rule: 'Disallow: /nogoogle', group: 'Googlebot' },
    );
    assert.deepEqual(image!.chain, ['Googlebot-Image', 'Googlebot', '*']);
    assert.equal(ccbot!.allowed, true);
    assert.equal(ccbot!.line, null);
    assert.equal(ccbot!.rule, null);
    assert.equal(ccbot!.group, '*');
  });

  test('--json explanations name a tie and what a control token is', async () => {
    const tied = join(dir, 'tie.robots.txt');
    writeFileSync(tied, 'User-agent: *\nDisallow: /shop\nAllow: /shop\n\nUser-agent: Google-Extended\nDisallow: /\n');
    const { stdout } = await runCli(['test', tied, '--json', '--agent', 'FooBot', '--agent', 'Google-Extended', '/shop/a']);
    const [foo, extended] = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { explanation: string });
    assert.match(foo!.explanation, /line 3 "Allow: \/shop" is the longest match \(5 octets\) — line 2 "Disallow: \/shop" matches too and is as long, and on a tie Allow wins, so it is allowed\./);
    assert.match(extended!.explanation, /Google-Extended is a usage-control token: it fetches nothing/);
  });

  test('a full User-Agent header is reduced to its crawler', async () => {
    const ua = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const { stdout } = await runCli(['test', robots, '--json', '--agent', ua, '/nogoogle']);
    const result = JSON.parse(stdout) as Record<string, unknown>;
    assert.equal(result.crawler, 'Googlebot');
    assert.equal(result.allowed, false);
  });

  test('says when Google would differ', async () => {
    const { stdout } = await runCli(['test', robots, '--agent', 'Googlebot', '/b']);
    assert.match(stdout, /^disallowed .*line 7/);
    assert.match(stdout, /note: Google's open-source parser compares percent-escapes literally and would say allowed/);
    // The note starts under the URL, not a column before it.
    const [verdict, note] = stdout.split('\n');
    assert.equal(note!.indexOf('note:'), verdict!.indexOf('/b'));
  });

  test('--origin makes other origins not applicable', async () => {
    const { stdout } = await runCli(['test', robots, '--json', '--origin', 'https://example.test', '--agent', 'x', 'https://other.test/private/']);
    const result = JSON.parse(stdout) as Record<string, unknown>;
    assert.equal(result.outcome, 'not-applicable');
    assert.equal(result.allowed, null);
  });

  test('--batch streams JSON lines and reports bad lines without stopping', async () => {
    const queries = [
      { agent: 'GPTBot', url: '/private/x' },
      'not json',
      { agent: 'Googlebot', url: '/nogoogle' },
      { agent: 'x', url: 'no-slash' },
      { agent: 'x' },
    ];
    const stdin = queries.map((q) => (typeof q === 'string' ? q : JSON.stringify(q))).join('\n') + '\n';
    const { code, stdout } = await runCli(['test', robots, '--batch'], { stdin });
    assert.equal(code, 0);
    const out = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(out.length, 5);
    assert.equal(out[0]!.allowed, false);
    assert.match(String(out[1]!.error), /not a JSON object/);
    assert.equal(out[2]!.line, 6);
    assert.match(String(out[3]!.error), /neither a path/);
    assert.match(String(out[4]!.error), /"agent" and "url"/);
  });

  test('--batch handles many queries', async () => {
    const n = 20_000;
    const stdin = Array.from({ length: n }, (_, i) => JSON.stringify({ agent: i % 2 ? 'GPTBot' : 'Googlebot', url: `/private/${i}` })).join('\n');
    const { code, stdout } = await runCli(['test', robots, '--batch'], { stdin });
    assert.equal(code, 0);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, n);
    assert.equal((JSON.parse(lines[1]!) as { allowed: boolean }).allowed, false);
    assert.equal((JSON.parse(lines[0]!) as { allowed: boolean }).allowed, true);
  });

  /**
   * Runs the CLI with stdin left open and asks one line at a time: each answer must come
   * before the next line is written. A missing answer fails (and ends the process) rather
   * than waiting for good.
   */
  async function askOneAtATime(args: readonly string[], asked: readonly string[]): Promise<string[]> {
    const child = spawn(process.execPath, [requireBuilt(CLI), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const ended = outputOf(child);
    const answers = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const got: string[] = [];
    try {
      for (const line of asked) {
        child.stdin!.write(`${line}\n`);
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to ${line} while stdin stays open`)), 20_000);
        });
        try {
          got.push(String((await Promise.race([answers.next(), deadline])).value));
        } finally {
          clearTimeout(timer);
        }
      }
    } catch (error) {
      child.kill();
      throw error;
    }
    child.stdin!.end();
    assert.equal((await ended).code, 0);
    return got;
  }

  test('--batch as a co-process: each answer comes while stdin is still open, once the query is in', async () => {
    const got = await askOneAtATime(['test', robots, '--batch'], [JSON.stringify({ agent: 'Googlebot', url: '/nogoogle' }), JSON.stringify({ agent: 'GPTBot', url: '/public' })]);
    assert.deepEqual(got.map((line) => JSON.parse(line) as { url: string; allowed: boolean }).map((a) => [a.url, a.allowed]), [['/nogoogle', false], ['/public', true]]);
  });

  test('--urls - as a co-process: each URL is answered while stdin is still open', async () => {
    const got = await askOneAtATime(['test', robots, '--agent', 'Googlebot', '--urls', '-', '--json'], ['/nogoogle', '/public']);
    assert.deepEqual(got.map((line) => JSON.parse(line) as { url: string; allowed: boolean }).map((a) => [a.url, a.allowed]), [['/nogoogle', false], ['/public', true]]);
  });

  const errors: Array<[string, string[], RegExp]> = [
    ['missing file', ['test', join(dir, 'nope.txt'), '--agent', 'x', '/a'], /nope\.txt: no such robots\.txt file/],
    ['directory', ['test', dir, '--agent', 'x', '/a'], /is a directory/],
    ['bad URL', ['test', robots, '--agent', 'x', 'example.test/a'], /neither a path starting with "\/" nor an absolute URL/],
    ['unknown option', ['test', robots, '--agnet', 'x', '/a'], /unknown option --agnet\. Usage: robots-lens test <robots.txt>/],
    ['no URL', ['test', robots, '--agent', 'x'], /at least one URL/],
    ['no file', ['test'], /give the robots\.txt file/],
    ['unknown command', ['tset'], /unknown command "tset"/],
  ];
  for (const [name, args, message] of errors) {
    test(`error: ${name} — one line, exit 2, no stack trace`, async () => {
      const { code, stderr, stdout } = await runCli(args);
      assert.equal(code, 2);
      assert.equal(stdout, '');
      assert.match(stderr, message);
      assert.equal(stderr.trimEnd().split('\n').length, 1, stderr);
      assert.doesNotMatch(stderr, /\n\s+at /);
    });
  }
});
