/**
 * The live-fetch requests of the real bundled server (`dist/server.js --stdio`), driven by a
 * real LSP client connection against the real HTTP fixture server on loopback: the fetch
 * report for each fetch state, a fetched document judged with its origin and fetch state by
 * Test URL and the matrix, and Check URL keeping crawl permission and indexing apart.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
} from 'vscode-languageserver-protocol/node';
import type { ProtocolConnection } from 'vscode-languageserver-protocol/node';
import {
  CheckUrlRequest,
  FetchedDocumentNotification,
  FetchRequest,
  MatrixRequest,
  TestUrlRequest,
} from '../../server/src/protocol';
import type { FetchedSource, FetchResult, TestUrlResult } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';
import { MOVED_ROBOTS, ROBOTS_OK, startFixtureServer } from '../support/http-fixture-server';
import type { CaseName, FixtureServer } from '../support/http-fixture-server';

let fixture: FixtureServer;
let server: TestServer;
let connection: ProtocolConnection;
let counter = 0;

before(async () => {
  fixture = await startFixtureServer();
  server = await startTestServer();
  connection = server.connection;
});

after(async () => {
  server?.stop();
  await fixture?.close();
});

const fetchSite = (name: CaseName): Promise<FetchResult> => connection.sendRequest(FetchRequest, { site: fixture.origin(name), timeoutMs: 5_000 });

function sourceOf(result: FetchResult): FetchedSource {
  return { origin: result.origin, url: result.url, state: result.state, status: result.status, explanation: result.explanation, fetchedAt: result.fetchedAt };
}

/** Opens the fetched file as an untitled document, as the client does, and says where it came from. */
async function openFetched(result: FetchResult): Promise<string> {
  const uri = `untitled:Untitled-${++counter}`;
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'robots-txt', version: 1, text: `# fetched from ${result.url}\n\n${result.text ?? ''}` },
  });
  await connection.sendNotification(FetchedDocumentNotification, { uri, source: sourceOf(result) });
  return uri;
}

const testUrl = (uri: string, url: string, agents: string[] = ['Googlebot']): Promise<TestUrlResult> =>
  connection.sendRequest(TestUrlRequest, { uri, url, agents });

describe('robotsLens/fetch', () => {
  test('200: the rules apply, with the decoded text, the chain and what crawlers do', async () => {
    const result = await fetchSite('ok');
    const origin = fixture.origin('ok');
    assert.equal(result.origin, origin);
    assert.equal(result.status, 200);
    assert.equal(result.state, 'rules');
    assert.equal(result.text, ROBOTS_OK);
    assert.equal(result.bytes, Buffer.byteLength(ROBOTS_OK));
    assert.deepEqual(result.chain, [{ url: `${origin}/robots.txt`, status: 200 }]);
    assert.deepEqual(result.rules, { groups: 2, rules: 3, sitemaps: ['https://example.test/sitemap-1.xml', 'https://example.test/sitemap-2.xml'], agents: ['*', 'Googlebot', 'Bingbot'] });
    assert.equal(result.crawlers.find((c) => c.crawler === 'Googlebot')?.access, 'by-rules');
    assert.match(result.explanation, /^HTTP 200: the rules in this file apply to every URL of /);
    assert.ok(Math.abs(Date.parse(result.fetchedAt) - Date.now()) < 60_000, result.fetchedAt);
  });

  test('503: unreachable, every URL disallowed; the body is not given as rules', async () => {
    const result = await fetchSite('status-503');
    assert.equal(result.status, 503);
    assert.equal(result.state, 'unreachable');
    assert.equal(result.text, undefined);
    assert.equal(result.rules, null);
    assert.match(result.explanation, /"unreachable" and every URL of .* is disallowed/);
    assert.equal(result.crawlers.find((c) => c.crawler === 'Googlebot')?.access, 'nothing');
  });

  test('404: unavailable, every URL allowed', async () => {
    const result = await fetchSite('status-404');
    assert.equal(result.status, 404);
    assert.equal(result.state, 'unavailable');
    assert.equal(result.text, undefined);
    assert.match(result.explanation, /"unavailable", so every URL of .* is allowed/);
    assert.equal(result.crawlers.find((c) => c.crawler === 'Googlebot')?.access, 'everything');
  });

  test('a redirect to another host: followed, but the origin stays the original one', async () => {
    const result = await fetchSite('cross-host');
    const origin = fixture.origin('cross-host');
    assert.equal(result.origin, origin);
    assert.equal(result.state, 'rules');
    assert.equal(result.text, MOVED_ROBOTS);
    assert.equal(result.finalUrl, `${fixture.otherOrigin}/final-robots.txt`);
    assert.deepEqual(
      result.chain.map((hop) => [hop.status, hop.url]),
      [
        [301, `${origin}/robots.txt`],
        [301, `${fixture.otherOrigin}/hop`],
        [200, `${fixture.otherOrigin}/final-robots.txt`],
      ],
    );
    assert.ok(result.warnings.some((w) => w.code === 'redirect' && w.message.includes(`still apply to ${origin}`)), JSON.stringify(result.warnings));
  });

  test('a site that is not a URL is an invalid-params error a user can act on', async () => {
    await assert.rejects(connection.sendRequest(FetchRequest, { site: 'ftp://example.com/' }), (error: { code?: number; message?: string }) => {
      assert.equal(error.code, -32602);
      assert.match(error.message ?? '', /not an http or https URL/);
      return true;
    });
    await assert.rejects(connection.sendRequest(FetchRequest, { site: '' }), /"site" must be a non-empty string/);
  });
});

describe('a fetched document keeps its origin and fetch state', () => {
  test('Test URL: the rules apply to the original origin; a URL on another host is not applicable', async () => {
    const result = await fetchSite('cross-host');
    const uri = await openFetched(result);
    const [own] = (await testUrl(uri, `${result.origin}/moved-rules/a`)).verdicts;
    assert.equal(own?.outcome, 'disallowed');
    assert.equal(own?.rule?.line, 3, 'Disallow: /moved-rules/ after the two header lines');

    // The redirect target's host is another origin: this robots.txt does not govern it.
    const other = await testUrl(uri, `${fixture.otherOrigin}/moved-rules/a`, ['Googlebot', 'GPTBot']);
    assert.deepEqual(other.verdicts.map((v) => [v.outcome, v.allowed, v.reason]), [
      ['not-applicable', null, 'other-origin'],
      ['not-applicable', null, 'other-origin'],
    ]);
    assert.equal(other.fetchState, undefined);
    // A path is on the document's origin.
    const [path] = (await testUrl(uri, '/moved-rules/b')).verdicts;
    assert.equal(path?.outcome, 'disallowed');
  });

  test('the matrix: URLs on other origins are not applicable', async () => {
    const result = await fetchSite('ok');
    const uri = await openFetched(result);
    const matrix = await connection.sendRequest(MatrixRequest, { uri, agents: ['GPTBot'], paths: ['/private/x', `${result.origin}/private/y`, 'https://elsewhere.test/private/z'] });
    assert.deepEqual(matrix.rows[0]?.cells.map((c) => [c.outcome, c.reason]), [
      ['disallowed', 'rule'],
      ['disallowed', 'rule'],
      ['not-applicable', 'other-origin'],
    ]);
    assert.equal(matrix.fetchState, undefined);
  });

  test('unreachable (503): every URL of the origin disallowed by the fetch state, and said why', async () => {
    const result = await fetchSite('status-503');
    const uri = await openFetched(result);
    const tested = await testUrl(uri, `${result.origin}/any/page`, ['Googlebot', 'GPTBot']);
    for (const verdict of tested.verdicts) {
      assert.deepEqual([verdict.outcome, verdict.allowed, verdict.reason, verdict.rule, verdict.group], ['disallowed', false, 'fetch-state', null, null]);
      assert.match(verdict.explanation, /^No rule decides: robots\.txt was unreachable when fetched .*HTTP 503/);
    }
    assert.deepEqual(
      { state: tested.fetchState?.state, allowed: tested.fetchState?.allowed, origin: tested.fetchState?.origin, status: tested.fetchState?.status },
      { state: 'unreachable', allowed: false, origin: result.origin, status: 503 },
    );
    const [elsewhere] = (await testUrl(uri, 'https://elsewhere.test/any/page')).verdicts;
    assert.equal(elsewhere?.outcome, 'not-applicable');

    const matrix = await connection.sendRequest(MatrixRequest, { uri, agents: ['Googlebot', 'Bingbot'], paths: ['/', '/robots.txt', '/a?b'] });
    assert.equal(matrix.fetchState?.state, 'unreachable');
    for (const row of matrix.rows) {
      assert.equal(row.group, null);
      assert.deepEqual(row.cells.map((c) => [c.outcome, c.allowed, c.reason, c.line]), Array(3).fill(['disallowed', false, 'fetch-state', null]));
    }
  });

  test('unavailable (404): every URL allowed by the fetch state, even after rules are typed in', async () => {
    const result = await fetchSite('status-404');
    const uri = `untitled:Untitled-${++counter}`;
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /\n' },
    });
    await connection.sendNotification(FetchedDocumentNotification, { uri, source: sourceOf(result) });
    const tested = await testUrl(uri, '/private/');
    assert.deepEqual(tested.verdicts.map((v) => [v.outcome, v.allowed, v.reason]), [['allowed', true, 'fetch-state']]);
    assert.equal(tested.fetchState?.state, 'unavailable');
    assert.equal(tested.fetchState?.allowed, true);
  });

  test('closing the document forgets where it came from (the next untitled document may reuse its URI)', async () => {
    const result = await fetchSite('status-503');
    const uri = await openFetched(result);
    assert.equal((await testUrl(uri, '/x')).verdicts[0]?.reason, 'fetch-state');
    await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /x\n' } });
    const reopened = await testUrl(uri, 'https://elsewhere.test/x');
    assert.deepEqual([reopened.verdicts[0]?.outcome, reopened.verdicts[0]?.reason, reopened.fetchState], ['disallowed', 'rule', undefined]);
  });
});

describe('robotsLens/checkUrl', () => {
  test('disallowed hides noindex: crawl permission and indexing directives stay apart', async () => {
    const url = `${fixture.origin('site')}/private/report.html`;
    const report = await connection.sendRequest(CheckUrlRequest, { url, agent: 'Googlebot', timeoutMs: 5_000 });
    assert.equal(report.url, url);
    assert.deepEqual(
      { allowed: report.crawl.allowed, state: report.crawl.state, decidedBy: report.crawl.decidedBy, rule: report.crawl.verdict?.rule, line: report.crawl.verdict?.line },
      { allowed: false, state: 'rules', decidedBy: 'line 5: Disallow: /private/', rule: 'Disallow: /private/', line: 5 },
    );
    assert.ok(!/noindex/i.test(report.crawl.explanation), report.crawl.explanation);
    const indexing = report.indexing;
    assert.ok(indexing);
    assert.equal(indexing.noindex, true);
    assert.equal(indexing.seenByCrawler, false);
    assert.equal(indexing.summary, 'noindex, nofollow, max-snippet:20, notranslate');
    assert.deepEqual(indexing.effective.find((d) => d.name === 'noindex')?.from.map((f) => f.source), ['X-Robots-Tag #1', '<meta name="robots"> #1']);
    assert.equal(report.assessment.directivesSeen, false);
    assert.match(report.assessment.headline, /^Googlebot may not crawl this URL \(line 5: Disallow: \/private\/\), so it cannot see the noindex/);
    assert.equal(report.assessment.advice.length, 2);
    assert.match(report.assessment.advice[0] ?? '', /allow Googlebot to crawl it/);
  });

  test('a URL that is not absolute is an invalid-params error', async () => {
    await assert.rejects(connection.sendRequest(CheckUrlRequest, { url: '/private/report.html', agent: 'Googlebot' }), /not an http\(s\) URL/);
    await assert.rejects(connection.sendRequest(CheckUrlRequest, { url: `${fixture.origin('site')}/`, agent: ' ' }), /"agent" must be a non-empty string/);
  });
});
