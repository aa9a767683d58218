/**
 * `robotsLens/compare` against the real bundled server (`dist/server.js --stdio`): the
 * semantic diff from an old text to the open (unsaved) buffer, with its one-sentence summary.
 */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import {
  ConfigurationRequest,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  InitializedNotification,
  RegistrationRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import type { ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { CompareRequest } from '../../server/src/protocol';
import { ROOT, SERVER, requireBuilt } from '../support/dist';

const OLD = 'User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /private/\n';
const NEW = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n';

let child: ChildProcessWithoutNullStreams;
let connection: ProtocolConnection;
let docCounter = 0;

async function open(text: string): Promise<string> {
  const uri = `file:///test/compare-${++docCounter}/robots.txt`;
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
  return uri;
}

describe('robotsLens/compare over LSP', () => {
  before(async () => {
    child = spawn(process.execPath, [requireBuilt(SERVER), '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.resume();
    connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => null));
    connection.onRequest(RegistrationRequest.type, () => undefined);
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: { workspace: { configuration: true } } });
    await connection.sendNotification(InitializedNotification.type, {});
  });

  after(() => {
    connection?.dispose();
    if (child && child.exitCode === null) child.kill();
  });

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
