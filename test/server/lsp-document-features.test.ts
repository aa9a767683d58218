/**
 * The document features of the real bundled server over stdio: completion, symbols, folding
 * and selection ranges, formatting.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CompletionRequest, DocumentFormattingRequest, DocumentSymbolRequest, FoldingRangeRequest, SelectionRangeRequest } from 'vscode-languageserver-protocol/node';
import type { CompletionList, DocumentSymbol } from 'vscode-languageserver-protocol/node';
import { SHOP, applyEdits, suiteSession } from '../support/lsp-session';

describe('language server over stdio: completion, symbols, folding, selection, formatting', () => {
  const lsp = suiteSession();

  test('completion after "User-agent: " offers crawler tokens with purpose and operator', async () => {
    const { uri } = await lsp.open('User-agent: \n');
    const list = (await lsp.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 0, character: 12 } })) as CompletionList;
    const gpt = list.items.find((item) => item.label === 'GPTBot');
    assert.ok(gpt, 'GPTBot is offered');
    assert.equal(gpt.detail, 'collecting data to train AI models · OpenAI');
    assert.ok(list.items.some((item) => item.label === '*'));
  });

  test('completion of keys and of paths used in the file', async () => {
    const { uri } = await lsp.open('User-agent: *\nDisallow: /private/\nDis\nAllow: \n');
    const keys = (await lsp.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: 3 } })) as CompletionList;
    assert.deepEqual(keys.items.map((item) => item.label).slice(0, 4), ['User-agent', 'Allow', 'Disallow', 'Sitemap']);
    const paths = (await lsp.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 3, character: 7 } })) as CompletionList;
    const labels = paths.items.map((item) => item.label);
    for (const expected of ['/', '/*.pdf$', '/*?', '/private/']) assert.ok(labels.includes(expected), `${expected} in ${labels}`);
  });

  test('document symbols: groups named by their agents, rules as children, sitemaps', async () => {
    const { uri } = await lsp.open(`${SHOP}Sitemap: https://example.test/sitemap.xml\n`);
    const symbols = (await lsp.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    assert.deepEqual(
      symbols.map((s) => [s.name, (s.children ?? []).map((c) => c.name)]),
      [
        ['*', ['Disallow: /admin', 'Disallow: /admin*', 'Allow: /public/']],
        ['Googlebot', ['Disallow: /private/']],
        ['Sitemap: https://example.test/sitemap.xml', []],
      ],
    );
    assert.equal(symbols[0]!.children![0]!.detail, 'shadowed');
  });

  test('folding ranges: one per group', async () => {
    const { uri } = await lsp.open(SHOP);
    const ranges = await lsp.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
    assert.deepEqual(ranges?.map((r) => [r.startLine, r.endLine]), [[0, 3], [5, 6]]);
  });

  test('selection ranges: a rule, then its group', async () => {
    const { uri } = await lsp.open(SHOP);
    const [range] = (await lsp.connection.sendRequest(SelectionRangeRequest.type, { textDocument: { uri }, positions: [{ line: 2, character: 12 }] })) ?? [];
    assert.deepEqual(range?.range, { start: { line: 2, character: 10 }, end: { line: 2, character: 17 } });
    assert.deepEqual(range?.parent?.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 17 } });
    assert.deepEqual(range?.parent?.parent?.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 15 } });
  });

  test('formatting: canonical keys, one space, one blank line between groups, comments kept', async () => {
    const before = ['# shop', 'user-agent:*', 'disallow:/cart   # no carts', 'Dissallow /print/', '# Google', 'USER-AGENT:   Googlebot', 'allow:', ''].join('\n');
    const { uri } = await lsp.open(before);
    const edits = (await lsp.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })) ?? [];
    assert.equal(
      applyEdits(before, edits),
      ['# shop', 'User-agent: *', 'Disallow: /cart   # no carts', 'Disallow: /print/', '', '# Google', 'User-agent: Googlebot', 'Allow:', ''].join('\n'),
    );
  });
});
