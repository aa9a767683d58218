/**
 * `robotsLens/compare` with sitemaps on the real bundled server over stdio, sitemaps served by
 * a real HTTP server on 127.0.0.1 and read from files: the listed URLs the edit newly blocks
 * and newly allows equal what `robots-lens diff --sitemap` (the CLI as a process) prints for
 * the same files, a comparison without sitemaps fetches nothing, and a cancelled one stops.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CancellationTokenSource, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import { CompareRequest } from '../../server/src/protocol';
import type { CompareSitemaps } from '../../server/src/protocol';
import { runCli } from '../support/cli';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const OLD = 'User-agent: *\nDisallow: /private/\nDisallow: /old/\n\nUser-agent: GPTBot\nAllow: /\n';
const NEW = 'User-agent: *\nDisallow: /private/\nDisallow: /shop/\n\nUser-agent: GPTBot\nDisallow: /\n';

const urlset = (urls: readonly string[]): string => `<urlset>\n${urls.map((u) => `  <url><loc>${u}</loc></url>`).join('\n')}\n</urlset>\n`;
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-compare-sitemaps-'));
const OLD_FILE = join(dir, 'old.txt');
const NEW_FILE = join(dir, 'new.txt');
const LOCAL_INDEX = join(dir, 'index.xml');
writeFileSync(OLD_FILE, OLD);
writeFileSync(NEW_FILE, NEW);

let web: http.Server;
let base = '';
let server: TestServer;
let requests = 0;
let slowRequests = 0;
let slowClosed = false;
const held: http.ServerResponse[] = [];
const waiters: (() => void)[] = [];
const wake = (): void => {
  for (const w of waiters.splice(0)) w();
};

before(async () => {
  web = http.createServer((req, res) => {
    requests++;
    const path = req.url ?? '';
    if (path === '/index.xml') {
      res.end(`<sitemapindex><sitemap><loc>${base}/pages.xml</loc></sitemap><sitemap><loc>/gone.xml</loc></sitemap><sitemap><loc>/moved.xml</loc></sitemap></sitemapindex>`);
    } else if (path === '/pages.xml') {
      const shop = Array.from({ length: 30 }, (_, i) => `${base}/shop/p${i}`);
      const old = Array.from({ length: 10 }, (_, i) => `${base}/old/o${i}`);
      res.end(urlset([...shop, ...old, `${base}/about`, `${base}/`, 'https://elsewhere.test/shop/x']));
    } else if (path === '/moved.xml') {
      res.writeHead(302, { location: '/more.xml' }).end();
    } else if (path === '/more.xml') {
      res.end(urlset([`${base}/private/x`]));
    } else if (path === '/slow-index.xml') {
      res.end(`<sitemapindex><sitemap><loc>${base}/slow-1.xml</loc></sitemap><sitemap><loc>${base}/slow-2.xml</loc></sitemap></sitemapindex>`);
    } else if (path.startsWith('/slow-')) {
      slowRequests++;
      res.on('close', () => {
        slowClosed = true;
        wake();
      });
      held.push(res);
      wake();
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  // A sitemap checked out of a repository: the index names its child by a path relative to it.
  writeFileSync(join(dir, 'local.xml'), urlset(Array.from({ length: 5 }, (_, i) => `${base}/local/l${i}`)));
  writeFileSync(LOCAL_INDEX, '<sitemapindex><sitemap><loc>local.xml</loc></sitemap></sitemapindex>');
  server = await startTestServer();
});

after(async () => {
  server?.stop();
  for (const res of held) res.end(urlset([]));
  await new Promise<void>((resolve) => web.close(() => resolve()));
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => waiters.push(resolve));
}

describe('robotsLens/compare with sitemaps over LSP', () => {
  test('counts the listed URLs the edit flips exactly as robots-lens diff --sitemap does', async () => {
    const sitemaps = [`${base}/index.xml`, LOCAL_INDEX];
    const uri = await server.open(NEW, 'compare-sitemaps');
    const result = await server.connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'git HEAD', sitemaps });
    assert.ok(result.sitemaps, 'the result counts the listed URLs');
    const { flips } = result.sitemaps;
    // GPTBot now blocks all 48 URLs listed on 127.0.0.1 (the other origin is not counted);
    // for the crawlers of *, /shop/ is newly blocked and /old/ newly allowed.
    assert.deepEqual([flips.origin, flips.checked, flips.newlyBlocked, flips.newlyAllowed], [base, 48, 48, 10]);
    const gptbot = flips.crawlers.find((c) => c.agents.includes('GPTBot'));
    assert.ok(gptbot, JSON.stringify(flips.crawlers.map((c) => c.agents)));
    assert.deepEqual([gptbot.newlyBlocked, gptbot.newlyAllowed], [48, 0]);
    assert.deepEqual(gptbot.examples.newlyBlocked[0], { url: `${base}/shop/p0`, sitemap: `${base}/pages.xml`, sitemapLine: 2, line: 6, rule: 'Disallow: /' });
    const star = flips.crawlers.find((c) => c.agents.includes('*'));
    assert.ok(star);
    assert.deepEqual([star.newlyBlocked, star.newlyAllowed, star.examples.newlyBlocked[0]?.rule, star.examples.newlyAllowed[0]?.line], [30, 10, 'Disallow: /shop/', 0]);
    assert.deepEqual(
      result.sitemaps.sitemaps.map((s) => [s.location.replace(base, '').replace(dir, 'DIR'), s.error ?? null]),
      [['/index.xml', null], ['/pages.xml', null], ['/gone.xml', 'HTTP 404 status: no sitemap there.'], ['/moved.xml', null], ['DIR/index.xml', null], ['DIR/local.xml', null]],
    );
    assert.match(result.summary, / This edit newly blocks 48 URLs listed in your sitemaps\.$/);

    // One answer on every face: the CLI, as a process, on the same files.
    const named = sitemaps.flatMap((s) => ['--sitemap', s]);
    const json = await runCli(['diff', OLD_FILE, NEW_FILE, '--json', ...named]);
    assert.equal(json.code, 2, `a sitemap not read exits 2: ${json.stderr}`);
    assert.deepEqual(result.sitemaps, (JSON.parse(json.stdout) as { sitemaps: CompareSitemaps }).sitemaps);
    const text = await runCli(['diff', OLD_FILE, NEW_FILE, ...named]);
    assert.match(text.stdout, /^This edit newly blocks 48 URLs listed in your sitemaps\.$/m);
    assert.match(text.stdout, /^It newly allows 10 URLs listed in them\.$/m);
  });

  test('a comparison not given sitemaps reads none, even when the file names some', async () => {
    const uri = await server.open(`${NEW}\nSitemap: ${base}/index.xml\n`, 'compare-sitemaps');
    const before = requests;
    const result = await server.connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'git HEAD' });
    assert.equal(result.sitemaps, undefined);
    assert.doesNotMatch(result.summary, /sitemaps/);
    assert.equal(requests, before, 'nothing was fetched');
  });

  test('sitemaps that are neither absolute paths nor http(s) URLs are invalid params', async () => {
    const uri = await server.open(NEW, 'compare-sitemaps');
    for (const sitemaps of [['sitemap.xml'], ['ftp://shop.test/sitemap.xml'], [42], 'x']) {
      await assert.rejects(server.connection.sendRequest(CompareRequest.method, { uri, otherText: OLD, otherLabel: 'x', sitemaps }), (error: unknown) => {
        assert.ok(error instanceof ResponseError);
        assert.equal(error.code, ErrorCodes.InvalidParams, error.message);
        assert.match(error.message, /"sitemaps"/);
        return true;
      });
    }
  });

  test('a cancelled comparison ends the fetch in flight and reads no further sitemap', async () => {
    const uri = await server.open(NEW, 'compare-sitemaps');
    const source = new CancellationTokenSource();
    const answer = server.connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'git HEAD', sitemaps: [`${base}/slow-index.xml`] }, source.token);
    // An answer before the slow sitemap was asked for means it was never read: fail, not hang.
    const answered = answer.then(() => 'answered', (error: unknown) => `failed: ${String(error)}`);
    assert.equal(await Promise.race([waitFor(() => slowRequests > 0).then(() => 'asked'), answered]), 'asked');
    source.cancel();
    await assert.rejects(answer, (error: unknown) => error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled);
    await waitFor(() => slowClosed);
    assert.equal(slowRequests, 1, 'the second child was never asked for');
  });
});
