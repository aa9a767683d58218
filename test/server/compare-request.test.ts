/**
 * `robotsLens/compare` against the real bundled server (`dist/server.js --stdio`): the
 * semantic diff from an old text to the open (unsaved) buffer, with its one-sentence summary.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { CompareRequest } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const OLD = 'User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /private/\n';
const NEW = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const logLine = (path: string, ua: string) => `20.171.207.9 - - [23/Nov/2026:00:00:03 +0000] "GET ${path} HTTP/1.1" 200 1 "-" "${ua}"`;
const logDir = mkdtempSync(join(tmpdir(), 'robots-lens-compare-'));
const LOG = join(logDir, 'access.log');
// GPTBot's two requests flip (its group now disallows /); the browser's is not counted; the last line is not a request.
writeFileSync(LOG, [logLine('/blog/a', GPTBOT), logLine('/private/x', GPTBOT), logLine('/blog/a', BROWSER), 'garbage'].join('\n') + '\n');

let server: TestServer;
let connection: ProtocolConnection;
const open = (text: string): Promise<string> => server.open(text, 'compare');

describe('robotsLens/compare over LSP', () => {
  before(async () => {
    server = await startTestServer();
    connection = server.connection;
  });

  after(() => server?.stop());

  test('old text allowed GPTBot, the buffer blocks it: the summary and the diff name GPTBot', async () => {
    const uri = await open(NEW);
    const result = await connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'git HEAD' });
    assert.match(result.summary, /GPTBot/);
    assert.equal(result.diff.unchanged, false);
    assert.equal(result.version, 1);
    const gptbot = result.diff.crawlers.find((c) => c.token === 'GPTBot');
    assert.ok(gptbot, `crawlers: ${result.diff.crawlers.map((c) => c.token).join(', ')}`);
    assert.ok(gptbot.changes.length > 0);
    assert.ok(gptbot.changes.every((c) => c.kind === 'newly-disallowed'));
    // Lines are 1-based: the new Disallow: / is line 2 of the buffer.
    assert.ok(gptbot.changes.some((c) => c.newLines.includes(2)), JSON.stringify(gptbot.changes));
    // Crawlers falling back to * are not affected.
    assert.equal(result.diff.crawlers.find((c) => c.token === '*'), undefined);
  });

  test('identical text: no crawlers, unchanged', async () => {
    const uri = await open(NEW);
    const result = await connection.sendRequest(CompareRequest, { uri, otherText: NEW, otherLabel: 'same' });
    assert.deepEqual(result.diff.crawlers, []);
    assert.equal(result.diff.unchanged, true);
    assert.match(result.summary, /No crawler's verdicts change/);
  });

  test('rejects a missing otherText and an unknown document', async () => {
    const uri = await open(NEW);
    await assert.rejects(connection.sendRequest(CompareRequest, { uri, otherLabel: 'x' } as never), /otherText/);
    await assert.rejects(connection.sendRequest(CompareRequest, { uri: 'file:///nope/robots.txt', otherText: OLD, otherLabel: 'x' }), /not an open robots\.txt/);
  });

  test('with a log: the requests whose verdict flips, counted per crawler and named in the summary', async () => {
    const uri = await open(NEW);
    const result = await connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'git HEAD', logFiles: [LOG] });
    assert.match(result.summary, /^Verdicts change for 1 crawler: GPTBot \(1 set of paths newly disallowed\)\. 2 requests in access\.log are decided differently: GPTBot 2 requests newly disallowed\.$/);
    assert.ok(result.requests, 'the result counts requests');
    assert.deepEqual(result.requests.logs, [{ file: LOG, format: 'combined', lines: 4, requests: 3, unreadable: 1 }]);
    assert.deepEqual(
      result.requests.flips.map((f) => [f.token, f.requests, f.newlyDisallowed, f.newlyAllowed, f.examples.newlyDisallowed]),
      [['GPTBot', 2, 2, 0, [
        // The log's time, and the lines deciding before (GPTBot's Allow: /) and now (its Disallow: /).
        { url: '/blog/a', time: '2026-11-23T00:00:03Z', oldLine: 2, newLine: 2 },
        { url: '/private/x', time: '2026-11-23T00:00:03Z', oldLine: 2, newLine: 2 },
      ]]],
    );
    // Without logs the result has no counts and the summary only the diff's sentence.
    const plain = await connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'git HEAD' });
    assert.equal(plain.requests, undefined);
    assert.equal(plain.summary, 'Verdicts change for 1 crawler: GPTBot (1 set of paths newly disallowed).');
  });

  test('with a log and no change: the summary says none of the requests flips', async () => {
    const uri = await open(NEW);
    const result = await connection.sendRequest(CompareRequest, { uri, otherText: NEW, otherLabel: 'same', logFiles: [LOG] });
    assert.equal(result.diff.unchanged, true);
    assert.equal(result.summary, "No crawler's verdicts change. None of the 2 non-browser requests in access.log is decided differently.");
  });

  test('rejects relative and missing log files with a message a user can act on', async () => {
    const uri = await open(NEW);
    await assert.rejects(connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'x', logFiles: ['access.log'] }), /must be absolute: access\.log/);
    const missing = join(logDir, 'nope.log');
    await assert.rejects(connection.sendRequest(CompareRequest, { uri, otherText: OLD, otherLabel: 'x', logFiles: [missing] }), /nope\.log: no such log file/);
  });
});
