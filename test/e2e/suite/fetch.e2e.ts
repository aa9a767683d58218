/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { UrlCheckReport } from '@robots-lens/fetch/check-url';
import type { FetchResult, TestUrlVerdict } from '../../../server/src/protocol';

const ROBOTS = ['User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'Disallow: /', ''].join('\n');
const NOINDEX_PAGE = '<!DOCTYPE html><html><head><meta name="robots" content="noindex"></head><body>Private</body></html>';

/** A tiny site on loopback: `/robots.txt` as given, and a noindex page under /private/. */
function startSite(robotsStatus: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') {
      const body = robotsStatus === 200 ? ROBOTS : 'Service unavailable\n';
      res.writeHead(robotsStatus, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    if (req.url === '/private/page.html') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(NOINDEX_PAGE) });
      res.end(NOINDEX_PAGE);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found\n');
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

type FetchCommandResult = FetchResult & { uri: string };

const fetchSite = (site: string) => vscode.commands.executeCommand<FetchCommandResult>('robotsLens.fetch', { site });
const testUrl = (args: { url: string; agents: string[]; uri: string }) => vscode.commands.executeCommand<TestUrlVerdict[]>('robotsLens.testUrl', args);

function openedDocument(uri: string): vscode.TextDocument {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  assert.ok(document, `the fetched document ${uri} is open`);
  return document;
}

/** Fetched documents are unsaved buffers: close them without a save prompt. */
async function closeFetched(uri: string | undefined): Promise<void> {
  if (uri === undefined) return;
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  if (!document) return;
  await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

suite('Fetch robots.txt', () => {
  let site: { origin: string; close: () => Promise<void> } | undefined;
  let opened: string | undefined;

  teardown(async () => {
    await closeFetched(opened);
    opened = undefined;
    await site?.close();
    site = undefined;
  });

  test('opens the fetched file as robots-txt with a status header; Test URL keeps to its origin', async () => {
    site = await startSite(200);
    const result = await fetchSite(site.origin);
    opened = result.uri;
    assert.equal(result.status, 200);
    assert.equal(result.state, 'rules');
    assert.equal(result.origin, site.origin);

    const document = openedDocument(result.uri);
    assert.equal(document.languageId, 'robots-txt');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), result.uri, 'the fetched document is shown');
    const text = document.getText();
    // The first line names the site and the time, and with them the editor tab (not "# Fetched by … at 2026-12-").
    const host = new URL(site.origin).host;
    const title = new RegExp(`^# ${host.replace(/\./g, '\\.')} at \\d\\d:\\d\\d UTC$`);
    assert.match(document.lineAt(0).text, title);
    assert.match(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '', title);
    assert.match(document.lineAt(1).text, /^# Fetched by robots\.txt Lens at \d{4}-\d\d-\d\dT.*: http:\/\/127\.0\.0\.1:\d+\/robots\.txt$/);
    assert.match(text, /^# status +HTTP 200 · state: rules · \d+ bytes$/m);
    assert.match(text, /^# state +rules — HTTP 200: the rules in this file apply to every URL of http:\/\/127\.0\.0\.1:\d+\.$/m);
    assert.ok(text.endsWith(`\n${ROBOTS}`), 'the file follows the header unchanged');

    // A URL on another host: this robots.txt does not govern it.
    const [elsewhere] = await testUrl({ url: 'https://elsewhere.example/private/x', agents: ['Googlebot'], uri: result.uri });
    assert.equal(elsewhere?.outcome, 'not-applicable');
    assert.equal(elsewhere?.reason, 'other-origin');

    // On its own origin the rules decide, with lines as in the document (header included).
    const [own] = await testUrl({ url: `${site.origin}/private/x`, agents: ['Googlebot'], uri: result.uri });
    assert.equal(own?.outcome, 'disallowed');
    assert.equal(own?.reason, 'rule');
    assert.equal(document.lineAt(own?.rule?.line ?? 0).text, 'Disallow: /private/');
  });

  test('unreachable (503): the header says so, and Test URL answers with the fetch state', async () => {
    site = await startSite(503);
    const result = await fetchSite(site.origin);
    opened = result.uri;
    assert.equal(result.state, 'unreachable');
    const text = openedDocument(result.uri).getText();
    assert.match(text, /^# status +HTTP 503 · state: unreachable/m);
    assert.match(text, /^# !!! UNREACHABLE: every URL of http:\/\/127\.0\.0\.1:\d+ is DISALLOWED for every crawler/m);
    assert.ok(text.split('\n').every((line) => line === '' || line.startsWith('#')), 'only comments: no rules');

    const verdicts = await testUrl({ url: `${site.origin}/anything`, agents: ['Googlebot', 'GPTBot'], uri: result.uri });
    assert.deepEqual(verdicts.map((v) => [v.outcome, v.reason]), [
      ['disallowed', 'fetch-state'],
      ['disallowed', 'fetch-state'],
    ]);
    assert.match(verdicts[0]?.explanation ?? '', /unreachable when fetched/);
  });

  test('rejects a call without a site instead of prompting', async () => {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('robotsLens.fetch', {})), /"site" must be a site or URL/);
  });
});

suite('Check URL (programmatic)', () => {
  test('disallowed by robots.txt: the page says noindex, and the crawler cannot see it', async () => {
    const site = await startSite(200);
    try {
      const report = await vscode.commands.executeCommand<UrlCheckReport>('robotsLens.checkUrl', { url: `${site.origin}/private/page.html`, agent: 'Googlebot' });
      assert.equal(report.crawl.allowed, false);
      assert.equal(report.crawl.decidedBy, 'line 2: Disallow: /private/');
      assert.equal(report.indexing?.noindex, true);
      assert.equal(report.indexing?.seenByCrawler, false);
      assert.match(report.assessment.headline, /cannot see the noindex/);
    } finally {
      await site.close();
    }
  });
});
