/**
 * `robots-lens sitemaps` against hostile sitemaps, as a real process: a gzip bomb of nested
 * elements refused in bounded memory (the process runs with a 160 MB heap: without the caps it
 * dies of heap exhaustion), the overall --deadline over trickling children and over a pipe
 * that never ends, and a pipe the user names (process substitution) still read.
 */

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-sitemaps-hostile-'));
const robots = join(dir, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /private/\n');
const urlset = (urls: readonly string[]): string => `<urlset>${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>\n`;

/** `<urlset>` then four million `<a>`: 12 MB of text in a few KB of gzip. */
const bomb = gzipSync(`<urlset>${'<a>'.repeat(4_000_000)}`, { level: 9 });
/** The heap a run gets: the bomb needs gigabytes without the caps. */
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=160' };

let server: http.Server;
let base = '';
const trickling = new Set<http.ServerResponse>();
let childRequests = 0;

before(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/bomb.xml') {
      res.setHeader('content-encoding', 'gzip');
      res.end(bomb);
    } else if (req.url === '/trickle-index.xml') {
      res.end(`<sitemapindex>${Array.from({ length: 12 }, (_, i) => `<sitemap><loc>/child-${i}.xml</loc></sitemap>`).join('')}</sitemapindex>`);
    } else {
      childRequests++;
      trickling.add(res);
      res.write('<urlset>');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => {
        clearInterval(timer);
        trickling.delete(res);
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  for (const res of trickling) res.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('robots-lens sitemaps on hostile input', { timeout: 120_000 }, () => {
  for (const [name, where] of [
    ['a gzip file', () => join(dir, 'bomb.xml.gz')],
    ['an HTTP response with Content-Encoding: gzip', () => `${base}/bomb.xml`],
  ] as const) {
    test(`a gzip bomb of nested elements (${name}) is refused with a clear error, in a 160 MB heap`, async () => {
      writeFileSync(join(dir, 'bomb.xml.gz'), bomb);
      const result = await runCli(['sitemaps', robots, where(), '--agent', 'Googlebot'], { env: SMALL_HEAP });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /malformed XML at line 1, column \d+: elements nested more than 32 deep: this is not a sitemap/);
      assert.doesNotMatch(result.stderr, /heap|unexpected error|\n\s+at /);
    });
  }

  test('an element with a million attributes is refused in a 160 MB heap', async () => {
    const attributes = Array.from({ length: 1_000_000 }, (_, i) => ` a${i}="x"`).join('');
    writeFileSync(join(dir, 'attributes.xml.gz'), gzipSync(`<urlset><url${attributes}/></urlset>`));
    const result = await runCli(['sitemaps', robots, join(dir, 'attributes.xml.gz'), '--agent', 'Googlebot'], { env: SMALL_HEAP });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /an element with more than 256 attributes: this is not a sitemap/);
  });

  test('--deadline ends a walk of trickling children, and says what was not read', async () => {
    childRequests = 0;
    const result = await runCli(['sitemaps', robots, `${base}/trickle-index.xml`, '--agent', 'Googlebot', '--timeout', '1000', '--deadline', '2s']);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /not read: the check's overall deadline \(--deadline 2s\) passed, and \d+ other sitemaps named were not read either\./);
    // Without a deadline all twelve are asked for, a second each.
    assert.ok(childRequests <= 3, `${childRequests} children requested`);
  });

  test('--deadline takes a duration', async () => {
    for (const value of ['0', 'soon', '25h']) {
      const result = await runCli(['sitemaps', robots, join(dir, 'none.xml'), '--agent', 'Googlebot', '--deadline', value]);
      assert.equal(result.code, 2);
      assert.match(result.stderr, new RegExp(`--deadline: "${value}" is not a duration such as 90s, 10m or 2h \\(more than 0, at most 24h\\)\\.`));
    }
  });

  test('a pipe the user names is read; one that never ends is read until the deadline', async () => {
    const fifo = join(dir, 'sitemap.fifo');
    execFileSync('mkfifo', [fifo]);
    // A writer that sends a sitemap and closes, as `<(gunzip -c sitemap.xml.gz)` does.
    const writer = spawn('sh', ['-c', `printf '%s' '${urlset(['https://a.test/private/x', 'https://a.test/ok'])}' > ${fifo}`], { stdio: 'ignore' });
    const read = await runCli(['sitemaps', robots, fifo, '--agent', 'Googlebot', '--json']);
    writer.kill();
    assert.equal(read.code, 0, read.stderr);
    assert.match(read.stdout, /"url":"https:\/\/a\.test\/private\/x"/);
    // A writer that never closes: the deadline ends the read.
    const endless = spawn('sh', ['-c', `exec 3>${fifo}; printf '<urlset>' >&3; exec sleep 60`], { stdio: 'ignore' });
    const stuck = await runCli(['sitemaps', robots, fifo, '--agent', 'Googlebot', '--deadline', '1s']);
    endless.kill();
    assert.equal(stuck.code, 2, stuck.stderr);
    assert.match(stuck.stderr, /read only in part: the check's overall deadline passed while reading it\./);
  });

  test('a host in Unicode and in punycode is one origin: the listed URLs are checked, and blocked', async () => {
    const sitemap = join(dir, 'idn.xml');
    writeFileSync(sitemap, urlset(['https://bücher.test/private/a', 'https://xn--bcher-kva.test/private/b']));
    for (const origin of ['https://xn--bcher-kva.test', 'https://bücher.test']) {
      const result = await runCli(['sitemaps', robots, sitemap, '--agent', 'Googlebot', '--origin', origin, '--fail-on-blocked']);
      assert.equal(result.code, 1, result.stdout + result.stderr);
      assert.match(result.stdout, /Googlebot: 2 URLs blocked of 2 URLs checked\./);
    }
    const test = await runCli(['test', robots, '--agent', 'Googlebot', '--origin', 'https://xn--bcher-kva.test', 'https://bücher.test/private/x']);
    assert.match(test.stdout, /^disallowed/);
  });
});
