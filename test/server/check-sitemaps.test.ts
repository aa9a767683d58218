/**
 * `robotsLens/checkSitemaps` on the real bundled server over stdio with a real LSP client,
 * sitemaps served by a real HTTP server on 127.0.0.1: the blocked URLs of the buffer with
 * their deciding lines, progress, the hint on a `Sitemap:` line only after a check, and a
 * cancelled check that stops reading.
 */

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CancellationTokenSource, DiagnosticSeverity, DidChangeTextDocumentNotification, ErrorCodes, PublishDiagnosticsNotification, ResponseError } from 'vscode-languageserver-protocol/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { CheckSitemapsProgressNotification, CheckSitemapsRequest } from '../../server/src/protocol';
import type { CheckSitemapsProgressParams } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const SITE = 'https://shop.test';
const urlset = (urls: readonly string[]): string => `<urlset>\n${urls.map((u) => `  <url><loc>${u}</loc></url>`).join('\n')}\n</urlset>\n`;
const PAGES = [`${SITE}/`, `${SITE}/private/a`, `${SITE}/nogoogle/b`, `${SITE}/ok`];
const CHILDREN = 20;

let web: http.Server;
let base = '';
let server: TestServer;
const published = new Map<string, PublishDiagnosticsParams[]>();
const waiters: (() => void)[] = [];
const progress: CheckSitemapsProgressParams[] = [];
/** Requests for the slow index's children, answered when the test lets them go. */
const held: http.ServerResponse[] = [];
let childRequests = 0;

before(async () => {
  web = http.createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/index.xml') res.end(`<sitemapindex><sitemap><loc>${base}/pages.xml</loc></sitemap><sitemap><loc>/none.xml</loc></sitemap></sitemapindex>`);
    else if (path === '/pages.xml') res.end(urlset(PAGES));
    else if (path === '/other.xml') res.end(urlset([`${SITE}/fine`]));
    else if (path === '/slow-index.xml') res.end(`<sitemapindex>${Array.from({ length: CHILDREN }, (_, i) => `<sitemap><loc>${base}/slow-${i}.xml</loc></sitemap>`).join('')}</sitemapindex>`);
    else if (path.startsWith('/slow-')) {
      childRequests++;
      held.push(res);
      for (const wake of waiters.splice(0)) wake();
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  server = await startTestServer({
    onConnection: (c) => {
      c.onNotification(PublishDiagnosticsNotification.type, (params) => {
        published.set(params.uri, [...(published.get(params.uri) ?? []), params]);
        for (const wake of waiters.splice(0)) wake();
      });
      c.onNotification(CheckSitemapsProgressNotification, (p) => void progress.push(p));
    },
  });
});

after(async () => {
  server?.stop();
  for (const res of held) res.end(urlset([]));
  await new Promise<void>((resolve) => web.close(() => resolve()));
});

/** Resolves once `condition` holds, checked whenever diagnostics or a held request arrive. */
async function waitFor<T>(condition: () => T | undefined): Promise<T> {
  for (;;) {
    const value = condition();
    if (value !== undefined) return value;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

const lastDiagnostics = (uri: string, version: number) => published.get(uri)?.filter((p) => p.version === version).at(-1);

const ROBOTS = (sitemaps: readonly string[]) => ['User-agent: *', 'Disallow: /private/', '', 'User-agent: Googlebot', 'Disallow: /nogoogle', '', ...sitemaps.map((s) => `Sitemap: ${s}`), ''].join('\n');

// Waits are for conditions; a server that never answers fails here rather than hanging the suite.
describe('robotsLens/checkSitemaps', { timeout: 60_000 }, () => {
  test('the Sitemap: lines are read; each blocked URL comes with its deciding line, and the hint appears only after the check', async () => {
    const text = ROBOTS([`${base}/index.xml`, `${base}/other.xml`]);
    const uri = await server.open(text);
    const before = await waitFor(() => lastDiagnostics(uri, 1));
    assert.deepEqual(before.diagnostics.filter((d) => d.code === 'sitemap-lists-blocked-urls'), [], 'nothing is fetched while typing');
    const result = await server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: ['Googlebot', 'GPTBot'], origin: SITE });
    const matcher = matcherFor(parseRobots(text));
    const expected = PAGES.flatMap((url) =>
      ['Googlebot', 'GPTBot'].flatMap((agent) => {
        const verdict = matcher.decide(url, agent, { origin: SITE });
        return verdict.outcome === 'disallowed' ? [{ url, agent, line: verdict.rule!.line + 1 }] : [];
      }),
    );
    assert.deepEqual(result.blocked.map((b) => ({ url: b.url, agent: b.agent, line: b.line })), expected);
    assert.deepEqual(result.blocked[0], { url: `${SITE}/private/a`, agent: 'GPTBot', line: 2, rule: 'Disallow: /private/', sitemap: `${base}/pages.xml`, sitemapLine: 3 });
    assert.equal(result.version, 1);
    assert.equal(result.cancelled, false);
    assert.deepEqual(result.roots.map((r) => [r.location.replace(base, ''), r.line, r.blocked]), [['/index.xml', 6, 2], ['/other.xml', 7, 0]]);
    assert.deepEqual(result.sitemaps.map((s) => [s.location.replace(base, ''), s.error ?? null]), [['/index.xml', null], ['/pages.xml', null], ['/none.xml', 'HTTP 404 status: no sitemap there.'], ['/other.xml', null]]);
    assert.deepEqual(result.tally.agents, [{ agent: 'Googlebot', checked: 5, blocked: 1 }, { agent: 'GPTBot', checked: 5, blocked: 1 }]);
    assert.ok(progress.some((p) => p.uri === uri && p.sitemaps >= 1), 'progress was reported');

    const hinted = await waitFor(() => {
      const last = lastDiagnostics(uri, 1);
      return last?.diagnostics.some((d) => d.code === 'sitemap-lists-blocked-urls') ? last : undefined;
    });
    const hints = hinted.diagnostics.filter((d) => d.code === 'sitemap-lists-blocked-urls');
    assert.equal(hints.length, 1, 'only the sitemap that lists blocked URLs');
    assert.equal(hints[0]!.severity, DiagnosticSeverity.Hint);
    assert.deepEqual(hints[0]!.range, { start: { line: 6, character: 9 }, end: { line: 6, character: 9 + `${base}/index.xml`.length } });
    assert.match(hints[0]!.message as string, /^This sitemap lists URLs this file blocks \(Googlebot: 1 URL, GPTBot: 1 URL\)/);

    // After an edit the counts may no longer be true: the hint goes.
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: text.replace('/private/', '/secret/') }] });
    const edited = await waitFor(() => lastDiagnostics(uri, 2));
    assert.deepEqual(edited.diagnostics.filter((d) => d.code === 'sitemap-lists-blocked-urls'), []);
  });

  test('a Sitemap: line picked alone gets its hint too', async () => {
    const text = ROBOTS([`${base}/other.xml`, `${base}/pages.xml`]);
    const uri = await server.open(text);
    const result = await server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: ['GPTBot'], sitemaps: [`${base}/pages.xml`], origin: SITE });
    assert.deepEqual(result.roots.map((r) => [r.location.replace(base, ''), r.line, r.blocked]), [['/pages.xml', 7, 1]]);
    const hinted = await waitFor(() => lastDiagnostics(uri, 1)?.diagnostics.find((d) => d.code === 'sitemap-lists-blocked-urls'));
    assert.equal(hinted.range.start.line, 7);
  });

  test('picked files must be absolute paths or URLs; a file with no Sitemap: line and no pick is told what to do', async () => {
    const uri = await server.open('User-agent: *\nDisallow: /x\n');
    await assert.rejects(server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: ['Googlebot'] }), (error: unknown) => {
      assert.ok(error instanceof ResponseError);
      assert.equal(error.code, ErrorCodes.InvalidParams);
      assert.match(error.message, /no Sitemap: line with an http\(s\) URL: pick sitemap files instead/);
      return true;
    });
    await assert.rejects(server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: ['Googlebot'], sitemaps: ['relative.xml'] }), /absolute file paths or http\(s\) URLs, not "relative\.xml"/);
    await assert.rejects(server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: [] }), /"agents" must name at least one crawler/);
  });

  const hostile: [unknown, string][] = [
    [null, 'params'],
    [{ uri: 'OPEN', agents: 'Googlebot' }, '"agents"'],
    [{ uri: 'OPEN', agents: ['Googlebot'], sitemaps: [1] }, '"sitemaps"'],
    [{ uri: 'OPEN', agents: ['Googlebot'], timeoutMs: 'soon' }, '"timeoutMs"'],
    [{ uri: 'OPEN', agents: ['Googlebot'], origin: 5 }, '"origin"'],
    [{ uri: 'OPEN', agents: ['Googlebot'], origin: 'shop' }, '"origin"'],
  ];
  for (const [params, field] of hostile) {
    test(`${JSON.stringify(params)} → invalid params naming ${field}`, async () => {
      const uri = await server.open(ROBOTS([`${base}/pages.xml`]));
      const sent = typeof params === 'object' && params !== null ? { ...params, uri } : params;
      await assert.rejects(server.connection.sendRequest(CheckSitemapsRequest.method, sent), (error: unknown) => {
        assert.ok(error instanceof ResponseError);
        assert.equal(error.code, ErrorCodes.InvalidParams, error.message);
        assert.ok(error.message.includes(field), error.message);
        return true;
      });
    });
  }

  test('FIFOs are refused before they are opened: four of them leave the server able to read a file and fetch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-fifos-'));
    const fifos = [0, 1, 2, 3].map((i) => join(dir, `sitemap-${i}.xml`));
    for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
    const file = join(dir, 'pages.xml');
    writeFileSync(file, urlset(PAGES));
    const uri = await server.open(ROBOTS([]));
    const answers = await Promise.all(fifos.map((fifo) => server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: ['Googlebot'], sitemaps: [fifo] })));
    for (const answer of answers) assert.match(answer.sitemaps[0]!.error ?? '', /not a regular file \(a pipe or a device\): only regular files are read here/);
    // A file and a fetch after them are answered: no file-system thread is held.
    const after = await server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: ['Googlebot'], sitemaps: [file, `${base}/pages.xml`] });
    assert.deepEqual(after.sitemaps.map((s) => [s.entries, s.error]), [[PAGES.length, undefined], [PAGES.length, undefined]]);
  });

  test('a cancelled check stops reading and answers with what it read: the children not yet fetched are never asked for', async () => {
    const uri = await server.open(ROBOTS([`${base}/slow-index.xml`]));
    const source = new CancellationTokenSource();
    // A fetch that would wait ten minutes: only the cancellation can end it.
    const answer = server.connection.sendRequest(CheckSitemapsRequest, { uri, agents: ['Googlebot'], timeoutMs: 600_000 }, source.token);
    await waitFor(() => (childRequests > 0 ? true : undefined));
    // The fetch in flight is ended by the cancellation itself: its response never comes.
    source.cancel();
    // The documented partial answer, not RequestCancelled: the index was read, its first child was not.
    const partial = await answer;
    assert.equal(partial.cancelled, true);
    assert.deepEqual(
      partial.sitemaps.map((s) => [s.location, s.entries]),
      [
        [`${base}/slow-index.xml`, CHILDREN],
        [`${base}/slow-0.xml`, 0],
      ],
    );
    assert.equal(childRequests, 1);
    const diagnostics = await waitFor(() => lastDiagnostics(uri, 1));
    assert.deepEqual(diagnostics.diagnostics.filter((d) => d.code === 'sitemap-lists-blocked-urls'), [], 'a cancelled check leaves no hint');
  });
});
