/**
 * `robotsLens/replay` against the real bundled server (`dist/server.js --stdio`): the example
 * access log replayed on an open (unsaved) buffer of the example robots.txt, with progress,
 * capped records, invalid parameters, and the counts hover shows afterwards.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  HoverRequest,
} from 'vscode-languageserver-protocol/node';
import type { MarkupContent, ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { ReplayProgressNotification, ReplayRequest } from '../../server/src/protocol';
import type { ReplayProgressParams } from '../../server/src/protocol';
import { ROOT } from '../support/dist';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const ROBOTS = readFileSync(join(ROOT, 'examples', 'robots.txt'), 'utf8');
const LOG = join(ROOT, 'examples', 'access.log');

let server: TestServer;
let connection: ProtocolConnection;
const progress: ReplayProgressParams[] = [];
const open = (text: string): Promise<string> => server.open(text, 'replay');

describe('robotsLens/replay over LSP', () => {
  before(async () => {
    // An empty ranges folder: the test must not depend on lists cached on this machine.
    server = await startTestServer({
      env: { ROBOTS_LENS_RANGES_DIR: join(ROOT, 'test', 'no-such-ranges-folder') },
      onConnection: (c) => c.onNotification(ReplayProgressNotification, (params) => void progress.push(params)),
    });
    connection = server.connection;
  });

  after(() => server?.stop());

  test('the same log named twice is read once, and the warnings say so', async () => {
    const uri = await open(ROBOTS);
    const result = await connection.sendRequest(ReplayRequest, { uri, logFiles: [LOG, LOG, join(ROOT, 'examples', '.', 'access.log').replace('examples/access.log', 'examples/./access.log')] });
    assert.equal(result.summary.totals.requests, 4004);
    assert.ok(result.warnings.some((w) => w === `${LOG} is named twice: read once.`), result.warnings.join('\n'));
    assert.ok(result.warnings.some((w) => / is the same file as .*access\.log: read once\./.test(w)), result.warnings.join('\n'));
  });

  test('replays the example log on the buffer: totals, GPTBot on line 74, rule counts, hover', async () => {
    const uri = await open(ROBOTS);
    const result = await connection.sendRequest(ReplayRequest, { uri, logFiles: [LOG] });
    assert.equal(result.summary.totals.requests, 4004);
    assert.equal(result.summary.totals.parseFailures, 4);
    assert.equal(result.summary.cancelled, false);
    assert.equal(result.truncated, false);
    assert.equal(result.records.length, 4004);
    assert.ok(
      result.records.some((r) => r.crawler === 'GPTBot' && r.allowed === false && r.line === 74),
      'a GPTBot request disallowed by Disallow: / on line 74',
    );
    const line73 = result.ruleCounts.find((c) => c.line === 73);
    assert.ok(line73 && line73.requests > 0, `counts for line 74: ${JSON.stringify(result.ruleCounts)}`);
    const decided = result.records.filter((r) => r.line === 74).length;
    assert.equal(line73.requests, decided);
    assert.ok(progress.some((p) => p.uri === uri && p.lines > 0), 'progress was reported');

    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 73, character: 10 } });
    assert.ok(hover, 'a hover on line 74');
    const text = (hover.contents as MarkupContent).value;
    assert.match(text, new RegExp(`\\*\\*Replay:\\*\\* decided ${decided.toLocaleString('en-US')} replayed requests?\\.`));
  });

  test('uses the unsaved buffer and caps the records', async () => {
    const uri = await open('User-agent: *\nDisallow: /\n');
    const result = await connection.sendRequest(ReplayRequest, { uri, logFiles: [LOG], maxRecords: 10 });
    assert.equal(result.records.length, 10);
    assert.equal(result.truncated, true);
    assert.equal(result.summary.totals.requests, 4004);
    assert.ok(result.records.every((r) => r.line === null || r.line === 2));
    assert.deepEqual(result.ruleCounts.map((c) => c.line), [1]);
  });

  test('rejects bad parameters and unknown documents', async () => {
    const uri = await open(ROBOTS);
    await assert.rejects(connection.sendRequest(ReplayRequest, { uri, logFiles: [] }), /logFiles/);
    await assert.rejects(connection.sendRequest(ReplayRequest, { uri, logFiles: ['relative.log'] }), /absolute/);
    await assert.rejects(connection.sendRequest(ReplayRequest, { uri, logFiles: [join(ROOT, 'examples', 'missing.log')] }), /missing\.log/);
    await assert.rejects(connection.sendRequest(ReplayRequest, { uri: 'file:///nope/robots.txt', logFiles: [LOG] }), /not an open robots\.txt/);
    for (const bad of [-1, 20_000, 'ten']) {
      await assert.rejects(connection.sendRequest(ReplayRequest, { uri, logFiles: [LOG], reorderWindowMinutes: bad as number }), /reorderWindowMinutes/);
    }
  });

  test('judges by time: the reversed log with a window wide enough gives the original figures; the window is a param', async () => {
    const uri = await open(ROBOTS);
    const reversed = join(mkdtempSync(join(tmpdir(), 'robots-lens-replay-lsp-')), 'reversed.log');
    writeFileSync(reversed, readFileSync(LOG, 'utf8').split('\n').filter((l) => l !== '').reverse().join('\n') + '\n');
    const original = await connection.sendRequest(ReplayRequest, { uri, logFiles: [LOG] });
    const wide = await connection.sendRequest(ReplayRequest, { uri, logFiles: [reversed], reorderWindowMinutes: 4 * 24 * 60 });
    assert.equal(original.summary.totals.violations, 148);
    assert.equal(wide.summary.order.windowSeconds, 4 * 86_400);
    assert.equal(wide.summary.order.late, 0);
    assert.deepEqual(wide.summary.totals, original.summary.totals);
    assert.deepEqual(wide.summary.crawlers, original.summary.crawlers);
    const narrow = await connection.sendRequest(ReplayRequest, { uri, logFiles: [reversed] });
    assert.equal(narrow.summary.order.windowSeconds, 60);
    assert.ok(narrow.summary.order.late > 3000, String(narrow.summary.order.late));
  });
});
