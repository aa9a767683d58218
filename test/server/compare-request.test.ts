/**
 * `robotsLens/compare` against the real bundled server (`dist/server.js --stdio`): the
 * semantic diff from an old text to the open (unsaved) buffer, with its one-sentence summary.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { CompareRequest } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const OLD = 'User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /private/\n';
const NEW = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n';

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
});
