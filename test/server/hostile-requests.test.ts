/**
 * The real bundled server (`dist/server.js --stdio`) under abuse: custom requests with null or
 * mistyped params are answered as invalid params naming the field (never an internal error),
 * notifications about documents that never open keep no more than a few entries, and a
 * matrix larger than the server judges says what it left out.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CancellationTokenSource, DiagnosticSeverity, ErrorCodes, HoverRequest, PublishDiagnosticsNotification, ResponseError } from 'vscode-languageserver-protocol/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import type { MarkupContent, ProtocolConnection } from 'vscode-languageserver-protocol/node';
import {
  CompareRequest,
  FetchedDocumentNotification,
  FetchRequest,
  FileSummaryRequest,
  MatrixRequest,
  ReplayCountsNotification,
  ReplayRequest,
  TestUrlRequest,
} from '../../server/src/protocol';
import { matrix } from '../../server/src/features/matrix-request';
import { parsedDocument } from '../support/features';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

let server: TestServer;
let connection: ProtocolConnection;

/** The error a request is answered with; fails when it is answered with a result. */
async function errorOf(request: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    const result = await request;
    assert.fail(`expected an error, got ${JSON.stringify(result).slice(0, 200)}`);
  } catch (error) {
    assert.ok(error instanceof ResponseError, String(error));
    return error;
  }
}

describe('custom requests with null or mistyped params', () => {
  before(async () => {
    server = await startTestServer();
    connection = server.connection;
  });
  after(() => server?.stop());

  // [request, params, the field the answer must name]
  const cases: readonly (readonly [string, unknown, string])[] = [
    ['robotsLens/testUrl', null, 'params'],
    ['robotsLens/testUrl', { uri: 42, url: '/', agents: [] }, '"uri"'],
    ['robotsLens/testUrl', { uri: 'OPEN', url: 7, agents: ['Googlebot'] }, '"url"'],
    ['robotsLens/testUrl', { uri: 'OPEN', url: '/', agents: 'Googlebot' }, '"agents"'],
    ['robotsLens/testUrl', { uri: 'OPEN', url: '/', agents: [null] }, '"agents"'],
    ['robotsLens/testUrl', { uri: 'OPEN', url: '/', agents: ['Googlebot'], origin: 5 }, '"origin"'],
    ['robotsLens/matrix', null, 'params'],
    ['robotsLens/matrix', [], 'params'],
    ['robotsLens/matrix', { uri: 'OPEN', paths: 'not a list' }, '"paths"'],
    ['robotsLens/matrix', { uri: 'OPEN', agents: { length: 3 } }, '"agents"'],
    ['robotsLens/matrix', { uri: 'OPEN', paths: [1, 2] }, '"paths"'],
    ['robotsLens/fileSummary', null, 'params'],
    ['robotsLens/fileSummary', { uri: null }, '"uri"'],
    ['robotsLens/replay', null, 'params'],
    ['robotsLens/replay', { uri: 'OPEN', logFiles: '/var/log/x' }, '"logFiles"'],
    ['robotsLens/replay', { uri: 'OPEN', logFiles: ['/x.log'], graceHours: 'soon' }, '"graceHours"'],
    ['robotsLens/compare', null, 'params'],
    ['robotsLens/compare', { uri: 'OPEN', otherText: null }, 'otherText'],
    ['robotsLens/compare', { uri: 'OPEN', otherText: '', logFiles: 3 }, '"logFiles"'],
    ['robotsLens/compare', { uri: 'OPEN', otherText: '', otherLabel: 5 }, '"otherLabel"'],
    ['robotsLens/compare', { uri: 'OPEN', otherText: '', otherLabel: { name: 'x' } }, '"otherLabel"'],
    ['robotsLens/compare', { uri: 'OPEN', otherText: '', otherLabel: ['x'] }, '"otherLabel"'],
    ['robotsLens/replay', { uri: 'OPEN', logFiles: ['/x.log'], graceHours: 1e308 }, '"graceHours" must be at most 8760'],
    // Past 2^31 ms a timer fires at once: the fetch would time out instantly instead of waiting.
    ['robotsLens/fetch', { site: 'http://127.0.0.1:9', timeoutMs: 2_147_483_648 }, '"timeoutMs"'],
    ['robotsLens/checkUrl', { url: 'http://127.0.0.1:9/page', agent: 'Googlebot', timeoutMs: 2_147_483_648 }, '"timeoutMs"'],
    ['robotsLens/checkSitemaps', { uri: 'OPEN', agents: ['Googlebot'], timeoutMs: 1e300 }, '"timeoutMs"'],
  ];
  for (const [method, params, field] of cases) {
    test(`${method} ${JSON.stringify(params)} → invalid params naming ${field}`, async () => {
      const uri = await server.open('User-agent: *\nDisallow: /private/\n', 'params');
      const sent = typeof params === 'object' && params !== null && !Array.isArray(params) && (params as { uri?: unknown }).uri === 'OPEN' ? { ...params, uri } : params;
      const error = await errorOf(connection.sendRequest(method, sent));
      assert.equal(error.code, ErrorCodes.InvalidParams, `${error.code} ${error.message}`);
      assert.ok(error.message.includes(field), error.message);
      assert.ok(!server.stderr.join('').includes('TypeError'), server.stderr.join(''));
    });
  }

  test('a timeout over the maximum is answered with the maximum', async () => {
    const error = await errorOf(connection.sendRequest(FetchRequest, { site: 'http://127.0.0.1:9', timeoutMs: 2_147_483_648 }));
    assert.equal(error.code, ErrorCodes.InvalidParams);
    assert.equal(error.message, '"timeoutMs" must be a number of milliseconds from 1 to 600000 (10 minutes).');
  });

  test('the typed requests still answer after the abuse', async () => {
    const uri = await server.open('User-agent: *\nDisallow: /private/\n', 'after');
    const result = await connection.sendRequest(TestUrlRequest, { uri, url: '/private/x', agents: ['Googlebot'] });
    assert.equal(result.verdicts[0]?.allowed, false);
    const summary = await connection.sendRequest(FileSummaryRequest, { uri });
    assert.equal(summary.rules, 1);
    // The typed request objects are the ones the cases above send by name.
    assert.deepEqual(
      [TestUrlRequest, MatrixRequest, FileSummaryRequest, ReplayRequest, CompareRequest].map((r) => r.method),
      ['robotsLens/testUrl', 'robotsLens/matrix', 'robotsLens/fileSummary', 'robotsLens/replay', 'robotsLens/compare'],
    );
  });
});

describe('an edit whose range lies past the end of the document', () => {
  before(async () => {
    server = await startTestServer();
    connection = server.connection;
  });
  after(() => server?.stop());

  test('is applied at the end, and later positions stay true', async () => {
    const uri = await server.open('User-agent: *\nDisallow: /private/\n', 'past-the-end');
    const past = { start: { line: 1_000_000, character: 5 }, end: { line: 1_000_001, character: 0 } };
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: past, text: 'Disallow: /tmp/\n' }] });
    const symbols = (await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as { range: { start: { line: number; character: number } }; children?: { name: string; range: { start: { line: number; character: number } } }[] }[];
    assert.deepEqual(symbols[0]?.range.start, { line: 0, character: 0 });
    assert.deepEqual(symbols[0]?.children?.map((child) => [child.name, child.range.start.line, child.range.start.character]), [['Disallow: /private/', 1, 0], ['Disallow: /tmp/', 2, 0]]);
  });
});

describe('notifications about documents that never open', () => {
  before(async () => {
    server = await startTestServer();
    connection = server.connection;
  });
  after(() => server?.stop());

  const TEXT = 'User-agent: *\nDisallow: /private/\n';
  const hoverOnRule = async (uri: string): Promise<string> => {
    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 12 } });
    return (hover?.contents as MarkupContent | undefined)?.value ?? '';
  };

  test('replay counts are kept for a few documents about to open, not for every URI named', async () => {
    const uriOf = (n: number): string => `file:///never-opened/counts-${n}/robots.txt`;
    for (let n = 0; n < 2_000; n++) await connection.sendNotification(ReplayCountsNotification, { uri: uriOf(n), counts: [{ line: 1, requests: 1000 + n }] });
    // The newest entry waits for its document; the oldest was dropped long ago.
    const last = uriOf(1_999);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: last, languageId: 'robots-txt', version: 1, text: TEXT } });
    assert.ok((await hoverOnRule(last)).includes('decided 2,999 replayed requests'), await hoverOnRule(last));
    const first = uriOf(0);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: first, languageId: 'robots-txt', version: 1, text: TEXT } });
    const hover = await hoverOnRule(first);
    assert.ok(hover.includes('**Disallow**'), hover);
    assert.ok(!hover.includes('**Replay:**'), hover);
  });

  test('fetched-document sources are kept for a few documents about to open, not for every URI named', async () => {
    const uriOf = (n: number): string => `file:///never-opened/fetched-${n}/robots.txt`;
    const source = { origin: 'https://example.test', url: 'https://example.test/robots.txt', state: 'unreachable' as const, status: 503, explanation: 'Server error.', fetchedAt: '2026-01-01T00:00:00Z' };
    for (let n = 0; n < 2_000; n++) await connection.sendNotification(FetchedDocumentNotification, { uri: uriOf(n), source });
    const last = uriOf(1_999);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: last, languageId: 'robots-txt', version: 1, text: TEXT } });
    const judged = await connection.sendRequest(TestUrlRequest, { uri: last, url: '/public', agents: ['Googlebot'] });
    assert.equal(judged.fetchState?.state, 'unreachable');
    const first = uriOf(0);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: first, languageId: 'robots-txt', version: 1, text: TEXT } });
    const plain = await connection.sendRequest(TestUrlRequest, { uri: first, url: '/public', agents: ['Googlebot'] });
    assert.equal(plain.fetchState, undefined);
    assert.equal(plain.verdicts[0]?.allowed, true);
  });
});

describe('a matrix larger than the server judges', () => {
  before(async () => {
    server = await startTestServer();
    connection = server.connection;
  });
  after(() => server?.stop());

  test('20 paths of 100 KB on 8,000 wildcard rules: long paths are left out and the result says so', async () => {
    const lines = ['User-agent: *'];
    for (let i = 0; i < 8_000; i++) lines.push(`Disallow: /*${'ab'.repeat(1 + (i % 40))}*c${i}`);
    const uri = await server.open(lines.join('\n'), 'matrix');
    const long = Array.from({ length: 20 }, (_, i) => `/${'ab'.repeat(50_000)}c${i}`);
    const result = await connection.sendRequest(MatrixRequest, { uri, agents: ['Googlebot', 'GPTBot'], paths: [...long, '/abc0', '/x'] });
    assert.deepEqual(result.paths, ['/abc0', '/x']);
    assert.equal(result.truncated?.longPaths, 20);
    assert.match(result.truncated?.message ?? '', /^Left out of the matrix: 20 paths longer than 16,384 characters\.$/);
    assert.deepEqual(result.rows.map((row) => row.cells.map((cell) => cell.allowed)), [[false, true], [false, true]]);
  });

  test('more cells than one matrix has: later agents are left out and counted, not an internal error', async () => {
    const uri = await server.open('User-agent: *\nDisallow: /p1\n', 'cells');
    const paths = Array.from({ length: 2_000 }, (_, i) => `/p${i}`);
    const agents = Array.from({ length: 120 }, (_, i) => `Bot${i}`);
    const result = await connection.sendRequest(MatrixRequest, { uri, agents, paths });
    assert.equal(result.rows.length, 100);
    assert.equal(result.truncated?.extraAgents, 20);
    assert.equal(result.truncated?.message, 'Left out of the matrix: 20 agents beyond 200,000 cells.');
    assert.equal(result.rows[0]?.cells[1]?.allowed, false);
  });
});

describe('the matrix gives the event loop a turn', () => {
  test('a cancellation that arrives while the matrix is being judged stops it part-way', async () => {
    const parsed = parsedDocument('User-agent: *\nDisallow: /*a*b*c\n');
    const paths = Array.from({ length: 2_000 }, (_, i) => `/a${i}/b/c`);
    const agents = Array.from({ length: 40 }, (_, i) => `Bot${i}`);
    const source = new CancellationTokenSource();
    const pending = matrix(parsed, { uri: parsed.uri, agents, paths }, source.token);
    // The cancellation comes on the next turn, as a $/cancelRequest read from the wire would.
    setImmediate(() => source.cancel());
    const result = await pending;
    assert.ok(result.rows.length < agents.length, `${result.rows.length} rows judged after the cancellation`);
    const whole = await matrix(parsed, { uri: parsed.uri, agents, paths }, new CancellationTokenSource().token);
    assert.equal(whole.rows.length, agents.length);
  });
});

describe('a group past the proof budget over LSP', () => {
  const published = new Map<string, (params: PublishDiagnosticsParams) => void>();
  before(async () => {
    server = await startTestServer({
      onConnection: (c) => c.onNotification(PublishDiagnosticsNotification.type, (params) => published.get(params.uri)?.(params)),
    });
    connection = server.connection;
  });
  after(() => server?.stop());

  test('publishes the repeat as shadowed and one information diagnostic for the group', async () => {
    const lines = ['User-agent: *', 'Disallow: /bb*a*b//', 'Disallow: /bb*a*b//'];
    for (let i = 0; i < 1_000; i++) lines.push(`Disallow: /*${i.toString(36)}*q${i % 7}`);
    const uri = `file:///budget/robots.txt`;
    const diagnostics = new Promise<PublishDiagnosticsParams>((resolve) => published.set(uri, resolve));
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: lines.join('\n') } });
    const { diagnostics: list } = await diagnostics;
    const skipped = list.filter((d) => d.code === 'rule-analysis-skipped');
    assert.equal(skipped.length, 1, JSON.stringify(list.map((d) => d.code)));
    assert.equal(skipped[0]!.severity, DiagnosticSeverity.Information);
    assert.equal(skipped[0]!.range.start.line, 0);
    assert.ok(list.some((d) => d.code === 'shadowed-rule' && d.range.start.line === 2), JSON.stringify(list.map((d) => [d.code, d.range.start.line])));
  });
});
