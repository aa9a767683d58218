/**
 * The custom requests of the real bundled server over stdio: Test URL on the unsaved buffer,
 * the matrix, the file summary.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DidChangeTextDocumentNotification } from 'vscode-languageserver-protocol/node';
import { FileSummaryRequest, MatrixRequest, TestUrlRequest } from '../../server/src/protocol';
import { SHOP, suiteSession } from '../support/lsp-session';

describe("language server over stdio: robots.txt Lens's own requests", () => {
  const lsp = suiteSession();

  test('robotsLens/testUrl decides on the unsaved buffer', async () => {
    const { uri } = await lsp.open(SHOP);
    const version = lsp.nextVersion();
    await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: 'Disallow: /drafts/\n' }],
    });
    const { verdicts } = await lsp.connection.sendRequest(TestUrlRequest, { uri, url: 'https://shop.test/drafts/a?x=1', agents: ['Googlebot-Image', 'GPTBot'], origin: 'https://shop.test' });
    assert.equal(verdicts.length, 2);
    assert.equal(verdicts[0]!.outcome, 'disallowed');
    assert.equal(verdicts[0]!.rule?.line, 7);
    assert.equal(verdicts[0]!.group?.via, 'fallback');
    assert.equal(verdicts[1]!.outcome, 'allowed');
    const other = await lsp.connection.sendRequest(TestUrlRequest, { uri, url: 'https://elsewhere.test/drafts/', agents: ['Googlebot'], origin: 'https://shop.test' });
    assert.equal(other.verdicts[0]!.outcome, 'not-applicable');
  });

  test('robotsLens/testUrl on a document that is not open is an error', async () => {
    await assert.rejects(lsp.connection.sendRequest(TestUrlRequest, { uri: 'file:///nowhere/robots.txt', url: '/', agents: ['Googlebot'] }), /not an open robots\.txt document/);
  });

  test('robotsLens/matrix: well-known crawlers × paths derived from the rules', async () => {
    const { uri } = await lsp.open(SHOP);
    const result = await lsp.connection.sendRequest(MatrixRequest, { uri });
    assert.equal(result.paths[0], '/');
    assert.ok(result.paths.includes('/private/'), `${result.paths}`);
    assert.ok(result.paths.includes('/admin'), `${result.paths}`);
    const column = result.paths.indexOf('/private/');
    const googlebot = result.rows.find((row) => row.agent === 'Googlebot');
    assert.deepEqual(googlebot?.cells[column], { outcome: 'disallowed', allowed: false, line: 6, reason: 'rule' });
    const gpt = result.rows.find((row) => row.agent === 'GPTBot');
    assert.equal(gpt?.group?.via, 'star');
    assert.equal(gpt?.crawler?.operator, 'OpenAI');
    assert.ok(result.rows.some((row) => row.agent === 'Google-Extended'));

    const chosen = await lsp.connection.sendRequest(MatrixRequest, { uri, agents: ['Applebot', 'FooBot'], paths: ['/admin/x', '/private/y'] });
    assert.deepEqual(
      chosen.rows.map((row) => row.cells.map((cell) => cell.allowed)),
      [[true, false], [false, true]],
    );
  });

  test('robotsLens/fileSummary counts groups, rules and findings', async () => {
    const { uri } = await lsp.open(SHOP);
    const summary = await lsp.connection.sendRequest(FileSummaryRequest, { uri });
    assert.equal(summary.groups, 2);
    assert.equal(summary.rules, 4);
    assert.ok(summary.warnings >= 1);
    assert.ok(summary.groupSummaries[1]!.crawlers.includes('Googlebot-Image'));
    assert.equal(summary.groupSummaries[0]!.everyOtherCrawler, true);
  });
});
