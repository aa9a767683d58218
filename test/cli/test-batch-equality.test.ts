import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { verdictWithPreferencesJson } from '@robots-lens/kernel/preferences';
import { safeJsonText } from '../../server/src/cli/output';
import { runCli } from '../support/cli';

// A file where the words and the preferences of one (agent, rule) pair change with the URL:
// orphan rules before any group, an Allow tied with a Disallow of its length, path-scoped
// and pathless Content-Usage, Content-Signal, escapes Google reads literally, non-ASCII.
const ROBOTS = [
  'Disallow: /orphan',
  'Allow: /open-orphan',
  'User-agent: *',
  'Disallow: /private/',
  'Allow: /private/help.html$',
  'Allow: /tie',
  'Disallow: /tie',
  'Allow: /t*e',
  'Disallow: /t?e',
  'Content-Usage: train-ai=n',
  'Content-Usage: /ai-ok/ train-ai=y',
  'Content-Signal: search=yes, ai-train=no',
  '',
  'User-agent: Googlebot',
  'Disallow: /nogoogle',
  'Disallow: /%62',
  'Allow: /same',
  'Disallow: /same',
  'Disallow: /größen/',
  'Content-Usage: /ai-ok/ train-ai=y',
  'Allow: /dir/index.html',
  '',
  'User-agent: GPTBot',
  'User-agent: CCBot',
  'Disallow: /',
  'Allow: /ai-ok/',
  'Content-Signal: ai-train=no',
  '',
  'User-agent: MJ12bot',
  'Disallow: /mj',
  '',
].join('\n');

const ORIGIN = 'https://shop.test';
const PATHS = [
  '/', '/orphan', '/orphan/x', '/open-orphan', '/private/a', '/private/help.html', '/private/help.html?x', '/tie', '/tie/x', '/tae', '/t?e',
  '/nogoogle', '/b', '/%62', '/%62x', '/same', '/same/2', '/größen/x', '/gr%C3%B6%C3%9Fen/x', '/ai-ok/', '/ai-ok/page', '/dir/', '/dir/index.html',
  '/mj', '/robots.txt', '/robots.txt#top', '/robots.txt?x', '/robots.txtx', '/robots.tx%74', '/a"quote', '/tab\there', '/del\u007fc1\u0085', '/caf%C3%A9', '/caf%c3%a9', '/a%2Fb', '/a%2fb', '/%7Euser', '/100%', '/%zz', '/%62%2F', '/x#frag', '/?q=1',
];
const AGENTS = [
  'Googlebot', 'GPTBot', 'CCBot', 'MJ12', 'MJ12bot', 'Bingbot', 'Googlebot-Image', 'Google-Extended',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
];

/** A seeded generator (mulberry32), so a failure names queries that come back on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Queries in a varied order and shape: one agent and rule come back with other URLs, in the three ways a URL can be written. */
function queries(count: number, seed: number): Array<{ agent: string; url: string }> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, () => {
    const path = pick(PATHS);
    const how = next();
    const url = how < 0.5 ? `${ORIGIN}${path}` : how < 0.8 ? path : how < 0.9 ? `https://other.test${path}` : `HTTPS://SHOP.TEST:443${path}`;
    return { agent: pick(AGENTS), url };
  });
}

/** The answer the per-query path gives: the JSON of a verdict from a file parsed for this query alone (no cache shared). */
function expected(query: { agent: string; url: string }, text = ROBOTS): string {
  const robots = parseRobots(Buffer.from(text));
  return safeJsonText(JSON.stringify(verdictWithPreferencesJson(matcherFor(robots).decide(query.url, query.agent, { origin: ORIGIN }), robots)));
}

describe('robots-lens test --batch answers as the per-query path does', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-batch-eq-'));
  const robots = join(dir, 'robots.txt');
  writeFileSync(robots, ROBOTS);
  const asked = queries(3000, 17);
  const stdin = asked.map((q) => JSON.stringify(q)).join('\n') + '\n';
  const full = asked.map((query) => expected(query));

  test('default fields: every line is the verdict JSON with its preferences, byte for byte', async () => {
    const { code, stdout, stderr } = await runCli(['test', robots, '--batch', '--origin', ORIGIN], { stdin });
    assert.equal(code, 0, stderr);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, asked.length);
    for (let i = 0; i < asked.length; i++) assert.equal(lines[i], full[i], `query ${i + 1}: ${JSON.stringify(asked[i])}`);
    // The input really has the cases the answers are kept apart by.
    assert.ok(full.some((line) => line.includes('on a tie Allow wins')), 'a tie note');
    assert.ok(full.some((line) => line.includes('before any User-agent line')), 'an orphan note');
    assert.ok(full.some((line) => line.includes('"googleLiteral"')), 'a Google literal difference');
    assert.ok(full.some((line) => line.includes('"train-ai":"allowed"')) && full.some((line) => line.includes('"train-ai":"disallowed"')), 'Content-Usage by path');
    assert.ok(full.some((line) => line.includes('\\u007f')), 'DEL escaped');
  });

  test('stdin a file, as `< queries.jsonl` gives it: read from its descriptor in chunks, the same answers', async () => {
    const file = join(dir, 'queries.jsonl');
    writeFileSync(file, stdin);
    // Several 64 KiB reads into one buffer, with lines cut between them.
    assert.ok(Buffer.byteLength(stdin) > 2 * 64 * 1024, `${Buffer.byteLength(stdin)} bytes`);
    const fd = openSync(file, 'r');
    try {
      const { code, stdout, stderr } = await runCli(['test', robots, '--batch', '--origin', ORIGIN], { stdinFd: fd });
      assert.equal(code, 0, stderr);
      assert.deepEqual(stdout.trimEnd().split('\n'), full);
    } finally {
      closeSync(fd);
    }
  });

  // The first with the URL, the agent and the words; the others only what the deciding rule
  // fixes, answered by that rule alone (the leanest, `allowed,line`, among them).
  const fieldSets = [
    ['explanation', 'url', 'allowed', 'line', 'rule', 'agent', 'groupLines'],
    ['allowed', 'line'],
    ['reason', 'rule', 'outcome', 'line', 'allowed'],
  ] as const;
  for (const fields of fieldSets) {
    test(`--fields ${fields.join(',')}: the same values, in the order asked`, async () => {
      const { code, stdout, stderr } = await runCli(['test', robots, '--batch', '--origin', ORIGIN, '--fields', fields.join(',')], { stdin });
      assert.equal(code, 0, stderr);
      const lines = stdout.trimEnd().split('\n');
      assert.equal(lines.length, asked.length);
      for (let i = 0; i < asked.length; i++) {
        const answer = JSON.parse(full[i]!) as Record<string, unknown>;
        const want = safeJsonText(JSON.stringify(Object.fromEntries(fields.map((name) => [name, answer[name]]))));
        assert.equal(lines[i], want, `query ${i + 1}: ${JSON.stringify(asked[i])}`);
      }
    });
  }

  test('one agent and rule whose words change with the URL, where a kept answer may be written around URL bytes: the words of each URL', async () => {
    // Allow: /t*e wins /tae alone and /t?e tied with Disallow: /t?e; no rule decides / and
    // /orphan, but only /orphan gets the note on the rule before any group. Absolute URLs on
    // the origin, asked often enough for the group's automaton, in a file whose preferences
    // do not depend on the path: the batch may write an answer kept for one URL around
    // another's bytes, and must not when their words differ. (The cases above have
    // path-scoped preferences, which make every answer a verdict's.)
    const text = ROBOTS.split('\n').filter((line) => !line.startsWith('Content-')).join('\n');
    const file = join(dir, 'robots-words.txt');
    writeFileSync(file, text);
    const paths = ['/tae', '/t?e', '/tbe', '/t?e#top', '/', '/orphan', '/x', '/orphan/y'];
    const repeated = Array.from({ length: 400 }, (_, i) => ({ agent: i % 3 === 0 ? 'Bingbot' : 'CCBot-like/1.0', url: `${ORIGIN}${paths[(i * 5) % paths.length]!}` }));
    const want = repeated.map((query) => expected(query, text));
    const { code, stdout, stderr } = await runCli(['test', file, '--batch', '--origin', ORIGIN], { stdin: repeated.map((q) => JSON.stringify(q)).join('\n') + '\n' });
    assert.equal(code, 0, stderr);
    assert.deepEqual(stdout.trimEnd().split('\n'), want);
    const words = (path: string): string => (JSON.parse(want[repeated.findIndex((q) => q.url === `${ORIGIN}${path}`)]!) as { explanation: string }).explanation;
    assert.ok(words('/t?e').includes('on a tie Allow wins') && !words('/tae').includes('on a tie'), 'one rule, with and without a tie');
    assert.ok(words('/orphan').includes('before any User-agent line') && !words('/').includes('before any User-agent line'), 'no rule, with and without an orphan note');
  });

  test('URLs with non-ASCII characters, and on other origins, read from their bytes: the answer of each, its URL as JSON writes it', async () => {
    // A file whose preferences do not depend on the path, so that full answers may be kept
    // and written around the URL's own bytes (UTF-8); and answers by rule alone.
    const text = ROBOTS.split('\n').filter((line) => !line.startsWith('Content-')).join('\n');
    const file = join(dir, 'robots-utf8.txt');
    writeFileSync(file, text);
    const urls = [
      `${ORIGIN}/größen/x`, `${ORIGIN}/gr%C3%B6%C3%9Fen/x`, `${ORIGIN}/caf\u00e9`, `${ORIGIN}/日本/😀`, `${ORIGIN}/\u00a0\u2028x`, `${ORIGIN}/private/é`,
      'https://other.test/größen/x', 'https://other.test/a', 'http://shop.test/a', 'HTTPS://SHOP.TEST:443/größen/x', 'https://bücher.test/a',
    ];
    const repeated = Array.from({ length: 600 }, (_, i) => ({ agent: ['Googlebot', 'Bingbot', 'GPTBot'][i % 3]!, url: urls[(i * 7) % urls.length]! }));
    const input = repeated.map((q) => JSON.stringify(q)).join('\n') + '\n';
    assert.ok(/[\u0080-\uffff]/.test(input), 'the input holds the characters raw, as UTF-8');
    const want = repeated.map((query) => expected(query, text));
    const full = await runCli(['test', file, '--batch', '--origin', ORIGIN], { stdin: input });
    assert.equal(full.code, 0, full.stderr);
    assert.deepEqual(full.stdout.trimEnd().split('\n'), want);
    const lean = await runCli(['test', file, '--batch', '--origin', ORIGIN, '--fields', 'allowed,line'], { stdin: input });
    assert.deepEqual(
      lean.stdout.trimEnd().split('\n'),
      want.map((line) => {
        const { allowed, line: number } = JSON.parse(line) as { allowed: unknown; line: unknown };
        return JSON.stringify({ allowed, line: number });
      }),
    );
  });
});
