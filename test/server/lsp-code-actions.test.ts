/**
 * Findings of the real bundled server over stdio and the quick fixes it offers for them, each
 * applied to the text to see the edit it makes.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol/node';
import { SHOP, applyEdits, codes, suiteSession } from '../support/lsp-session';

describe('language server over stdio: findings and their quick fixes', () => {
  const lsp = suiteSession();

  test('a retired token is information naming its replacement and source; a near miss of a well-known token has a quick fix', async () => {
    const text = 'User-agent: anthropic-ai\nDisallow: /\n\nUser-agent: Googelbot\nDisallow: /tmp/\n';
    const { uri, diagnostics } = await lsp.open(text);
    const retired = diagnostics.find((d) => d.code === 'user-agent-retired');
    assert.ok(retired, `codes: ${codes(diagnostics)}`);
    assert.equal(retired.severity, DiagnosticSeverity.Information);
    assert.match(String(retired.message), /^"anthropic-ai" is a retired token, replaced by ClaudeBot \(https:\/\/webmasterid\.com\/\S+: ".*"\)\./);
    const nearMiss = diagnostics.find((d) => d.code === 'user-agent-near-miss');
    assert.ok(nearMiss, `codes: ${codes(diagnostics)}`);
    assert.equal(nearMiss.severity, DiagnosticSeverity.Information);
    assert.deepEqual(nearMiss.range, { start: { line: 3, character: 12 }, end: { line: 3, character: 21 } });
    const actions = await lsp.codeActions(uri, nearMiss);
    assert.deepEqual(actions.map((a) => [a.title, a.kind, a.isPreferred]), [['Replace with "Googlebot" (the group then applies to Googlebot)', 'quickfix', true]]);
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), text.replace('Googelbot', 'Googlebot'));
  });

  test('the quick fix of a shadowed rule removes its line', async () => {
    const { uri, diagnostics } = await lsp.open(SHOP);
    const shadowed = diagnostics.find((d) => d.code === 'shadowed-rule');
    assert.ok(shadowed);
    const actions = await lsp.codeActions(uri, shadowed);
    assert.equal(actions.length, 1);
    const [action] = actions;
    assert.equal(action!.isPreferred, true);
    assert.equal(action!.kind, 'quickfix');
    assert.equal(action!.title, 'Remove the shadowed rule "Disallow: /admin"');
    const edits = action!.edit?.changes?.[uri] ?? [];
    assert.equal(applyEdits(SHOP, edits), SHOP.replace('Disallow: /admin\n', ''));
  });

  test('a full URL as a pattern: the quick fix removes it and never moves it onto this host', async () => {
    const text = 'User-agent: *\nDisallow: /cart/\nDisallow: https://cdn.example.net/images/\n';
    const { uri, diagnostics } = await lsp.open(text);
    const never = diagnostics.find((d) => d.code === 'pattern-never-matches');
    assert.ok(never, `codes: ${codes(diagnostics)}`);
    assert.match(String(never.message), /if that is cdn\.example\.net, the rule meant "Disallow: \/images\/"; a rule for another host belongs in that host's robots\.txt/);
    const actions = await lsp.codeActions(uri, never);
    assert.deepEqual(
      actions.map((action) => [action.title, action.isPreferred]),
      [["Remove the rule (it matches nothing; a rule for another host belongs in that host's robots.txt)", false]],
    );
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), 'User-agent: *\nDisallow: /cart/\n');
  });

  test('one finding per cause: rules before any User-agent line are one error, the others its related information', async () => {
    const text = 'Disallow: /a\nDisallow: /b\nDisallow: /c\nUser-agent: *\nDisallow: /d\n';
    const { uri, diagnostics } = await lsp.open(text);
    const orphans = diagnostics.filter((d) => d.code === 'rule-outside-group');
    assert.equal(orphans.length, 1, `codes: ${codes(diagnostics)}`);
    const [orphan] = orphans;
    assert.equal(orphan!.severity, DiagnosticSeverity.Error);
    assert.deepEqual(
      orphan!.relatedInformation?.map((info) => [info.location.uri, info.location.range.start.line, info.message]),
      [
        [uri, 1, 'Before any User-agent line too: every crawler ignores it.'],
        [uri, 2, 'Before any User-agent line too: every crawler ignores it.'],
      ],
    );
    const actions = await lsp.codeActions(uri, orphan!);
    assert.deepEqual(actions.map((action) => [action.title, action.isPreferred]), [
      ['Insert "User-agent: *" above line 1', true],
      ['Remove the 3 rules', false],
    ]);
    assert.equal(applyEdits(text, actions[1]!.edit?.changes?.[uri] ?? []), 'User-agent: *\nDisallow: /d\n');
  });

  test('a crawler shut out across a blank line is an error, with the rule that blocks it as related information', async () => {
    const text = 'User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /\n';
    const { uri, diagnostics } = await lsp.open(text);
    const blocked = diagnostics.find((d) => d.code === 'detached-group-blocks-site');
    assert.ok(blocked, `codes: ${codes(diagnostics)}`);
    assert.equal(blocked.severity, DiagnosticSeverity.Error);
    assert.match(String(blocked.message), /blocks YisouSpider from the entire site/);
    assert.equal(blocked.relatedInformation?.[0]?.location.range.start.line, 3);
    const actions = await lsp.codeActions(uri, blocked);
    assert.deepEqual(actions.map((action) => action.title), ['Give YisouSpider its own group ("Allow: /")']);
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), 'User-agent: YisouSpider\nAllow: /\n\nUser-agent: PetalBot\nDisallow: /\n');
  });

  test('a rule split from another keeps its own severity and quick fix (crawl-delay-invalid)', async () => {
    const text = 'User-agent: bingbot\nCrawl-delay: 10 seconds\n';
    const { uri, diagnostics } = await lsp.open(text);
    const invalid = diagnostics.find((d) => d.code === 'crawl-delay-invalid');
    assert.ok(invalid, `codes: ${codes(diagnostics)}`);
    assert.equal(invalid.severity, DiagnosticSeverity.Error);
    const actions = await lsp.codeActions(uri, invalid);
    assert.deepEqual(actions.map((action) => action.title), ['Write "Crawl-delay: 10"']);
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), 'User-agent: bingbot\nCrawl-delay: 10\n');
  });
});
