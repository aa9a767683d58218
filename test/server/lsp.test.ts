/**
 * The real bundled server (`dist/server.js --stdio`) driven by a real LSP client connection:
 * diagnostics on open and on change, settings that turn a finding off, a handler that throws,
 * and a clean shutdown. The other lsp-*.test.ts files drive the same server for its features.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { DidChangeConfigurationNotification, DidChangeTextDocumentNotification, ExitNotification, HoverRequest, ShutdownRequest } from 'vscode-languageserver-protocol/node';
import { SHOP, codes, markdown, suiteSession } from '../support/lsp-session';

describe('language server over stdio', () => {
  const lsp = suiteSession();

  test('didOpen publishes the lint findings as diagnostics, configured severities applied', async () => {
    const { uri, diagnostics } = await lsp.open(SHOP);
    const shadowed = diagnostics.find((d) => d.code === 'shadowed-rule');
    assert.ok(shadowed, `no shadowed-rule in ${codes(diagnostics)}`);
    assert.equal(shadowed.severity, 2);
    assert.deepEqual(shadowed.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 16 } });
    assert.deepEqual(shadowed.tags, [1]);
    assert.equal(shadowed.source, 'robots.txt Lens');
    assert.equal(shadowed.relatedInformation?.[0]?.location.uri, uri);
    assert.equal(shadowed.relatedInformation?.[0]?.location.range.start.line, 2);
    // `robotsLens.lint.redundant-rule: info` maps to Information.
    const redundant = diagnostics.find((d) => d.code === 'redundant-rule');
    assert.equal(redundant?.severity, 3);
  });

  test('an incremental didChange updates the diagnostics', async () => {
    const { uri } = await lsp.open(SHOP);
    const version = lsp.nextVersion();
    await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      // Removes line 2, the rule that shadows line 1.
      contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } }, text: '' }],
    });
    const diagnostics = await lsp.diagnosticsWhere(uri, 'diagnostics after the edit', (p) => p.version === version);
    assert.ok(!codes(diagnostics).includes('shadowed-rule'), `still shadowed: ${codes(diagnostics)}`);
  });

  test('a severity set to off in the settings removes the diagnostic', async () => {
    const { uri, diagnostics } = await lsp.open(SHOP);
    assert.ok(codes(diagnostics).includes('shadowed-rule'));
    lsp.settings = { lint: { ...lsp.settings.lint, 'shadowed-rule': 'off' } };
    await lsp.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const after = await lsp.diagnosticsWhere(uri, 'diagnostics without shadowed-rule', (p) => !p.diagnostics.some((d) => d.code === 'shadowed-rule'));
    assert.ok(codes(after).includes('redundant-rule'), 'other rules stay on');
    lsp.settings = { lint: { 'redundant-rule': 'info' } };
    await lsp.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await lsp.diagnosticsWhere(uri, 'shadowed-rule back', (p) => p.diagnostics.some((d) => d.code === 'shadowed-rule'));
  });

  test('a handler exception is logged and answered, and the server keeps serving', async () => {
    const { uri } = await lsp.open(SHOP);
    // A malformed position makes the hover handler throw inside the server.
    const broken = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: null as never });
    assert.equal(broken, null);
    await lsp.waitFor('the logged error', () => (lsp.logs.some((line) => line.includes('Hover failed')) ? true : undefined));
    const pastEnd = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 99, character: 0 } });
    assert.equal(pastEnd, null);
    const hover = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 13 } });
    assert.match(markdown(hover), /\/private\//);
  });

  test('shutdown then exit ends the server cleanly', async () => {
    await lsp.connection.sendRequest(ShutdownRequest.type);
    const exited = once(lsp.child, 'exit');
    await lsp.connection.sendNotification(ExitNotification.type);
    const [code] = await exited;
    assert.equal(code, 0);
  });
});
