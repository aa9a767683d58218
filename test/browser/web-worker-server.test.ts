/**
 * The web worker language server in real headless Chromium: a page starts `dist/web/server.js`
 * as a Worker, and a real LSP client speaks to it. For the same texts (the examples and the
 * real-world-like fixtures) its diagnostics, hovers, quick fixes and Test URL answers equal the
 * Node server's (`dist/server.js --stdio`); what a browser cannot do is answered with why.
 */

import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import {
  CodeActionRequest,
  ConfigurationRequest,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  CancellationTokenSource,
} from 'vscode-languageserver-protocol/node';
import type { ClientCapabilities, CodeAction, Diagnostic, Hover, InitializeResult, ProtocolConnection, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { logPieces } from '../../client/src/web/log-text';
import type { LogPiece } from '../../client/src/web/log-text';
import { CompareRequest, FetchRequest, MatrixRequest, ReadIpListsRequest, ReadLogRequest, ReplayProgressNotification, ReplayRequest, TestUrlRequest } from '../../server/src/protocol';
import type { ReplayProgressParams, ReplayResult } from '../../server/src/protocol';
import { ROOT } from '../support/dist';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';
import { startWorkerServer } from '../support/web-worker-server';
import type { WorkerServer } from '../support/web-worker-server';

/** Real-world-like texts: the example and the fixtures, plus the shapes live files take. */
const TEXTS: readonly { readonly name: string; readonly text: string }[] = [
  { name: 'examples/robots.txt', text: readFileSync(join(ROOT, 'examples', 'robots.txt'), 'utf8') },
  ...readdirSync(join(ROOT, 'test', 'fixtures', 'robots'))
    .filter((file) => file.endsWith('.txt'))
    .map((file) => ({ name: `test/fixtures/robots/${file}`, text: readFileSync(join(ROOT, 'test', 'fixtures', 'robots', file), 'utf8') })),
  { name: 'crlf and BOM', text: '\uFEFFUser-agent: *\r\nDisallow: /private\r\nAllow: /private/open\r\n\r\nSitemap: https://example.test/sitemap.xml\r\n' },
  { name: 'AI crawlers shut out', text: 'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin\nDisallow: /admin/\nCrawl-delay: ten\n' },
  { name: 'empty file', text: '' },
];

const CAPABILITIES: ClientCapabilities = { workspace: { configuration: true }, textDocument: { hover: { contentFormat: ['markdown'] } } };

/** Diagnostics by URI as they are published; `next(uri)` waits for the first set of a URI. */
function diagnosticsOf(connection: ProtocolConnection): (uri: string) => Promise<Diagnostic[]> {
  const published = new Map<string, Diagnostic[]>();
  const waiting = new Map<string, (diagnostics: Diagnostic[]) => void>();
  connection.onNotification(PublishDiagnosticsNotification.type, (params: PublishDiagnosticsParams) => {
    published.set(params.uri, params.diagnostics);
    waiting.get(params.uri)?.(params.diagnostics);
  });
  return (uri) => {
    const known = published.get(uri);
    return known ? Promise.resolve(known) : new Promise((resolve) => waiting.set(uri, resolve));
  };
}

describe('the language server in a web worker in Chromium', () => {
  let worker: WorkerServer;
  let node: TestServer;
  let workerDiagnostics: (uri: string) => Promise<Diagnostic[]>;
  let nodeDiagnostics: (uri: string) => Promise<Diagnostic[]>;
  let initialized: InitializeResult;

  const logsDir = mkdtempSync(join(tmpdir(), 'robots-lens-web-replay-'));
  const accessLog = join(ROOT, 'examples', 'access.log');
  const gzipLog = join(logsDir, 'access.log.gz');
  writeFileSync(gzipLog, gzipSync(readFileSync(accessLog)));
  /** The client's half of the web replay, as `client/src/web/log-reader.ts` does it: the same pieces, from disk here. */
  const open = new Map<string, { pieces: AsyncGenerator<LogPiece>; total: number }>();
  const progress: ReplayProgressParams[] = [];
  let readRequests = 0;
  /** The crawler IP lists both servers read: none until a test puts some into this folder. */
  const ipLists = join(logsDir, 'ip-lists');

  before(async () => {
    worker = await startWorkerServer();
    // The same IP lists for both (none at first): the Node server reads the folder, the worker asks the client for its files.
    node = await startTestServer({ env: { ROBOTS_LENS_RANGES_DIR: ipLists }, onConnection: (connection) => (nodeDiagnostics = diagnosticsOf(connection)) });
    const { connection } = worker;
    connection.onRequest(ReadLogRequest, async ({ file, index }) => {
      readRequests++;
      if (index === 0) {
        const bytes = readFileSync(file);
        open.set(file, { pieces: logPieces(bytes), total: bytes.length });
      }
      const log = open.get(file)!;
      const piece = await log.pieces.next();
      return piece.done ? { text: null, bytesRead: log.total, bytesTotal: log.total } : { text: piece.value.text, bytesRead: piece.value.bytesRead, bytesTotal: log.total };
    });
    connection.onRequest(ReadIpListsRequest, () => ({
      files: existsSync(ipLists) ? readdirSync(ipLists).map((name) => ({ name, text: readFileSync(join(ipLists, name), 'utf8') })) : [],
      folders: ['ip-lists'],
      problems: [],
    }));
    connection.onNotification(ReplayProgressNotification, (params) => void progress.push(params));
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => null));
    connection.onRequest(RegistrationRequest.type, () => undefined);
    workerDiagnostics = diagnosticsOf(connection);
    connection.listen();
    initialized = await connection.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, workspaceFolders: null, capabilities: CAPABILITIES });
    await connection.sendNotification(InitializedNotification.type, {});
  });
  after(async () => {
    node?.stop();
    await worker?.stop();
    rmSync(logsDir, { recursive: true, force: true });
  });

  /** Opens the same text under the same URI in both servers. */
  async function openInBoth(text: string, name: string): Promise<string> {
    const uri = await node.open(text, name);
    await worker.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
    return uri;
  }

  test('the page runs the bundle as a Worker, and it initializes as the Node server does', async () => {
    assert.equal(initialized.serverInfo?.name, 'robots.txt Lens');
    assert.equal(await worker.page.evaluate(() => (window as unknown as { worker: unknown }).worker instanceof Worker), true);
    assert.equal(initialized.capabilities.hoverProvider, true);
    assert.deepEqual(initialized.capabilities.codeActionProvider, { codeActionKinds: ['quickfix', 'source'] });
    assert.deepEqual(await worker.workerErrors(), []);
  });

  for (const { name, text } of TEXTS) {
    test(`diagnostics equal the Node server's: ${name}`, async () => {
      const uri = await openInBoth(text, name.replace(/[^a-z0-9]+/gi, '-'));
      const [fromWorker, fromNode] = await Promise.all([workerDiagnostics(uri), nodeDiagnostics(uri)]);
      assert.deepEqual(fromWorker, fromNode);
      if (text.includes('Disallow')) assert.ok(fromNode.length > 0, 'a file with findings was chosen');
    });
  }

  test('hover on a User-agent token and on a rule equals the Node server\'s', async () => {
    const text = 'User-agent: Googlebot\nDisallow: /private/\nAllow: /private/open\n';
    const uri = await openInBoth(text, 'hover');
    for (const position of [{ line: 0, character: 14 }, { line: 1, character: 12 }]) {
      const params = { textDocument: { uri }, position };
      const [fromWorker, fromNode] = await Promise.all([
        worker.connection.sendRequest(HoverRequest.type, params) as Promise<Hover | null>,
        node.connection.sendRequest(HoverRequest.type, params) as Promise<Hover | null>,
      ]);
      assert.ok(fromWorker, `a hover at ${JSON.stringify(position)}`);
      assert.deepEqual(fromWorker, fromNode);
    }
  });

  test('a quick fix for a misspelled directive equals the Node server\'s', async () => {
    const text = 'User-agent: *\nDissallow: /print/\n';
    const uri = await openInBoth(text, 'quick-fix');
    const diagnostics = await workerDiagnostics(uri);
    const misspelled = diagnostics.find((d) => d.range.start.line === 1);
    assert.ok(misspelled, JSON.stringify(diagnostics));
    const params = { textDocument: { uri }, range: misspelled.range, context: { diagnostics: [misspelled] } };
    const [fromWorker, fromNode] = await Promise.all([
      worker.connection.sendRequest(CodeActionRequest.type, params) as Promise<CodeAction[]>,
      node.connection.sendRequest(CodeActionRequest.type, params) as Promise<CodeAction[]>,
    ]);
    assert.ok(fromWorker.some((action) => action.kind === 'quickfix' && action.edit?.changes?.[uri]?.some((edit) => edit.newText.includes('Disallow'))), JSON.stringify(fromWorker));
    assert.deepEqual(fromWorker, fromNode);
  });

  test('Test URL (robotsLens/testUrl) equals the Node server\'s', async () => {
    const uri = await openInBoth(TEXTS[0]!.text, 'test-url');
    for (const url of ['https://www.example-shop.test/cart/1', '/api/products/feed.xml', '/blog/post?sessionid=1']) {
      const params = { uri, url, agents: ['Googlebot', 'GPTBot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'] };
      const [fromWorker, fromNode] = await Promise.all([worker.connection.sendRequest(TestUrlRequest, params), node.connection.sendRequest(TestUrlRequest, params)]);
      assert.equal(fromWorker.verdicts.length, 3);
      assert.deepEqual(fromWorker, fromNode);
    }
  });

  test('the crawler matrix is computed in the worker as in Node, sliced over turns of the event loop', async () => {
    const uri = await openInBoth(TEXTS[0]!.text, 'matrix');
    // More cells than one slice of the computation: the worker must yield between slices without Node's setImmediate.
    const paths = Array.from({ length: 400 }, (_, i) => `/p${i}/x?q=${i}`);
    for (const params of [{ uri }, { uri, paths, origin: 'https://www.example-shop.test' }]) {
      const [fromWorker, fromNode] = await Promise.all([worker.connection.sendRequest(MatrixRequest, params), node.connection.sendRequest(MatrixRequest, params)]);
      assert.ok(fromWorker.rows.length > 5, JSON.stringify(fromWorker).slice(0, 200));
      assert.deepEqual(fromWorker, fromNode);
    }
    assert.deepEqual(await worker.workerErrors(), []);
  });

  test('Compare with another file runs in the worker as in Node', async () => {
    const uri = await openInBoth('User-agent: *\nDisallow: /private/\n', 'compare');
    const params = { uri, otherText: 'User-agent: *\nDisallow: /\n', otherLabel: 'old' };
    const [fromWorker, fromNode] = await Promise.all([worker.connection.sendRequest(CompareRequest, params), node.connection.sendRequest(CompareRequest, params)]);
    assert.equal(fromWorker.diff.unchanged, false);
    assert.deepEqual(fromWorker, fromNode);
  });

  /** What may differ between two runs of the same replay: the time it took. */
  const comparable = (result: ReplayResult) => ({ ...result, summary: { ...result.summary, elapsedMs: 0 }, ranges: '', warnings: [] });

  for (const [name, file] of [['plain', accessLog], ['gzip', gzipLog]] as const) {
    test(`a replay of a ${name} log in the worker, fed by the client, equals the Node server's replay from disk`, async () => {
      const uri = await openInBoth(TEXTS[0]!.text, `replay-${name}`);
      const params = { uri, logFiles: [file], crawlDelay: true };
      const [fromWorker, fromNode] = await Promise.all([worker.connection.sendRequest(ReplayRequest, params), node.connection.sendRequest(ReplayRequest, params)]);
      assert.ok(fromWorker.summary.totals.requests > 1000, JSON.stringify(fromWorker.summary.totals));
      assert.deepEqual(comparable(fromWorker), comparable(fromNode));
      assert.match(fromWorker.warnings.join('\n'), /Reverse DNS verification is not available in the browser/);
      const last = progress.filter((p) => p.uri === uri).at(-1);
      assert.equal(last?.bytesRead, readFileSync(file).length);
    });
  }

  test('a replay in the worker verifies claimed crawlers by the IP lists the client hands over, as the Node server does from its folder', async () => {
    cpSync(join(ROOT, 'test', 'fixtures', 'replay', 'ranges'), ipLists, { recursive: true });
    try {
      const uri = await openInBoth(TEXTS[0]!.text, 'replay-ip-lists');
      const params = { uri, logFiles: [accessLog] };
      const [fromWorker, fromNode] = await Promise.all([worker.connection.sendRequest(ReplayRequest, params), node.connection.sendRequest(ReplayRequest, params)]);
      const { verified, spoofed } = fromWorker.summary.totals;
      assert.ok(verified > 100 && spoofed > 10, JSON.stringify(fromWorker.summary.totals));
      assert.deepEqual(comparable(fromWorker), comparable(fromNode));
      const lists = readdirSync(ipLists).length;
      assert.equal(fromWorker.ranges, `${lists} lists from ip-lists`);
    } finally {
      rmSync(ipLists, { recursive: true, force: true });
    }
  });

  test('a replay in the worker stops when it is cancelled, asking for no more of the log', async () => {
    const big = join(logsDir, 'big.log');
    writeFileSync(big, readFileSync(accessLog, 'utf8').repeat(30));
    const uri = await openInBoth(TEXTS[0]!.text, 'replay-cancel');
    const source = new CancellationTokenSource();
    readRequests = 0;
    const seen = new Promise<void>((resolve) => worker.connection.onNotification(ReplayProgressNotification, (p) => void (p.uri === uri && resolve())));
    const replay = worker.connection.sendRequest(ReplayRequest, { uri, logFiles: [big] }, source.token);
    await seen;
    source.cancel();
    const outcome = await replay.then((result) => result.summary.cancelled, (error: unknown) => String(error));
    assert.ok(outcome === true || /cancel/i.test(String(outcome)), String(outcome));
    // The log is 30 pieces: a replay that went on would have asked for all of them (and the end).
    assert.ok(readRequests < Math.ceil(readFileSync(big).length / (1024 * 1024)), `${readRequests} pieces asked`);
  });

  test('what a browser cannot do is answered with why, not a Node error', async () => {
    const uri = await openInBoth('User-agent: *\nDisallow: /private/\n', 'unavailable');
    await assert.rejects(worker.connection.sendRequest(FetchRequest, { site: 'https://example.test' }), /not available in the browser: browsers block requests to other sites \(cross-origin\)/);
    await assert.rejects(worker.connection.sendRequest(CompareRequest, { uri, otherText: '', otherLabel: 'old', logFiles: ['/var/log/access.log'] }), /Counting the logged requests .* not available in the browser/);
    await assert.rejects(worker.connection.sendRequest(CompareRequest, { uri, otherText: '', otherLabel: 'old', sitemaps: ['https://shop.test/sitemap.xml'] }), /Checking sitemaps is not available in the browser/);
    assert.deepEqual(await worker.workerErrors(), []);
  });
});
