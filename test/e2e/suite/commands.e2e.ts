/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Verdict } from '@robots-lens/kernel/match';
import type { MatrixResult } from '../../../server/src/protocol';
import { showExample } from './example';
import { waitFor } from './wait';

const testUrl = (args: { url: string; agents: string[] | string; uri?: vscode.Uri | string }) =>
  vscode.commands.executeCommand<Verdict[]>('robotsLens.testUrl', args);
const matrix = (args: { uri?: vscode.Uri; agents?: string[]; paths?: string[] }) =>
  vscode.commands.executeCommand<MatrixResult>('robotsLens.showMatrix', args);

suite('Test URL (programmatic)', () => {
  test('GPTBot may not fetch /cart/: line 74 of its own group decides', async () => {
    const document = await showExample();
    const [gpt, googlebot] = await testUrl({ url: '/cart/', agents: ['GPTBot', 'Googlebot'], uri: document.uri });
    assert.ok(gpt && googlebot);
    assert.equal(gpt.outcome, 'disallowed');
    assert.equal(gpt.allowed, false);
    assert.equal(gpt.rule?.line, 73, 'Disallow: / on line 74');
    assert.equal(gpt.group?.via, 'own-token');
    assert.deepEqual(gpt.group?.agentLines, [70]);
    // Googlebot has its own group, so the * rule Disallow: /cart/ does not apply to it.
    assert.equal(googlebot.outcome, 'allowed');
    assert.equal(googlebot.reason, 'no-matching-rule');
  });

  test('defaults to the active robots.txt editor, follows fallbacks and full User-Agent headers', async () => {
    await showExample();
    const [image] = await testUrl({ url: 'https://www.example-shop.test/old-shop/x', agents: 'Googlebot-Image' });
    assert.equal(image?.outcome, 'disallowed');
    assert.equal(image?.group?.via, 'fallback');
    assert.equal(image?.group?.token.toLowerCase(), 'googlebot');
    assert.equal(image?.rule?.line, 45, 'Disallow: /old-shop/ of the merged Googlebot/2.1 group');

    const [bing] = await testUrl({ url: '/search?q=boots', agents: ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'] });
    assert.equal(bing?.agent.kind, 'user-agent-header');
    assert.equal(bing?.agent.crawler?.token, 'bingbot');
    assert.equal(bing?.outcome, 'disallowed');
    assert.equal(bing?.rule?.line, 49);
  });

  test("says when Google's literal parser would decide otherwise", async () => {
    await showExample();
    const [ahrefs] = await testUrl({ url: '/blog/drafts/winter', agents: ['AhrefsBot'] });
    assert.equal(ahrefs?.outcome, 'disallowed', 'RFC 9309 decodes %62 to b');
    assert.equal(ahrefs?.rule?.line, 29);
    assert.equal(ahrefs?.googleLiteral?.allowed, true);
  });

  test('decides on the unsaved buffer', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'robots-txt', content: 'User-agent: *\nDisallow: /a\n' });
    const before = await testUrl({ url: '/a/b', agents: ['ExampleBot'], uri: document.uri });
    assert.equal(before[0]?.outcome, 'disallowed');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(1, 0, 1, 'Disallow'.length), 'Allow');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const after = await testUrl({ url: '/a/b', agents: ['ExampleBot'], uri: document.uri.toString() });
    assert.equal(after[0]?.outcome, 'allowed');
    assert.equal(after[0]?.rule?.kind, 'allow');
  });

  test('rejects a call without a URL instead of prompting', async () => {
    await showExample();
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('robotsLens.testUrl', { agents: ['GPTBot'] })),
      /"url" must be a string/,
    );
  });
});

suite('crawler matrix', () => {
  test('returns crawlers × paths from the file, never "allowed" where a rule disallows', async () => {
    const document = await showExample();
    const result = await matrix({ uri: document.uri });
    assert.ok(result.paths.includes('/cart/') && result.paths.includes('/blog/'), `paths from the file's rules: ${result.paths.join(' ')}`);
    const row = (token: string) => {
      const found = result.rows.find((r) => r.token.toLowerCase() === token.toLowerCase());
      assert.ok(found, `a row for ${token}; rows ${result.rows.map((r) => r.token).join(', ')}`);
      return found;
    };
    const cell = (token: string, path: string) => row(token).cells[result.paths.indexOf(path)];
    // GPTBot: every path closed except /robots.txt, which is always allowed.
    for (const [index, c] of row('GPTBot').cells.entries()) {
      const path = result.paths[index];
      if (c.reason === 'robots-txt') assert.equal(path, '/robots.txt');
      else assert.equal(c.allowed, false, `GPTBot ${path}`);
    }
    assert.equal(cell('Googlebot', '/cart/')?.allowed, true, 'Googlebot does not get the * rules');
    assert.equal(cell('ClaudeBot', '/blog/')?.allowed, true);
    assert.equal(cell('ClaudeBot', '/cart/')?.line, 78, 'ClaudeBot: Disallow: / on line 79');
  });

  test('takes the crawlers and paths asked for', async () => {
    const document = await showExample();
    const result = await matrix({ uri: document.uri, agents: ['GPTBot', 'CCBot'], paths: ['/blog/post', '/cart/'] });
    assert.deepEqual(result.paths, ['/blog/post', '/cart/']);
    assert.deepEqual(
      result.rows.map((r) => [r.agent, r.cells.map((c) => c.outcome)]),
      [
        ['GPTBot', ['disallowed', 'disallowed']],
        ['CCBot', ['allowed', 'disallowed']],
      ],
    );
  });

  test('opens the matrix panel beside the editor', async () => {
    await showExample();
    const isMatrixTab = (tab: vscode.Tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('robotsLens.matrix');
    const matrixTabs = () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter(isMatrixTab);
    await vscode.commands.executeCommand('robotsLens.showMatrix');
    const [tab] = await waitFor(() => (matrixTabs().length > 0 ? matrixTabs() : undefined), 30_000, 'the crawler matrix tab');
    assert.ok(tab);
    assert.match(tab.label, /Crawler matrix/);
    // Shown again, the panel is reused rather than duplicated.
    await vscode.commands.executeCommand('robotsLens.showMatrix');
    assert.equal(matrixTabs().length, 1);
    await vscode.window.tabGroups.close(matrixTabs());
  });
});

suite('CodeLens', () => {
  test('each group says which known crawlers it governs and offers Test URL…', async () => {
    const document = await showExample();
    const lenses = await waitFor(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
      return found && found.length > 0 ? found : undefined;
    }, 30_000, 'CodeLens on examples/robots.txt');
    const titlesAt = (line: number) => lenses.filter((lens) => lens.range.start.line === line - 1).map((lens) => lens.command?.title ?? '');

    assert.deepEqual(titlesAt(39), ['Governs Googlebot, Googlebot-Image, Googlebot-Video, Googlebot-News +3 more', 'Test URL…']);
    assert.match(titlesAt(7)[0] ?? '', /^Every crawler without its own group: /);
    // 360Spider is the token its operator documents: the crawler obeys the group (robots-semantics §3).
    assert.deepEqual(titlesAt(67), ['Governs 360Spider', 'Test URL…']);
    // Baiduspider is in the PetalBot group through the blank line.
    assert.match(titlesAt(61)[0] ?? '', /Baiduspider, PetalBot/);

    const test = lenses.find((lens) => lens.range.start.line === 70 && lens.command?.command === 'robotsLens.testUrl');
    assert.ok(test?.command?.arguments, 'Test URL… on the GPTBot group');
    const [uri, hint] = test.command.arguments as [vscode.Uri, { crawlers: string[] }];
    assert.equal(uri.toString(), document.uri.toString());
    assert.deepEqual([...hint.crawlers].sort(), ['Applebot-Extended', 'GPTBot', 'Google-Extended']);
  });
});

suite('Generate Server Rules (programmatic)', () => {
  test('opens the nginx rules for GPTBot in a new untitled editor, as robots-lens enforce prints them', async () => {
    const document = await showExample();
    const result = await vscode.commands.executeCommand<{ text: string; limits: string[] }>('robotsLens.generateServerRules', { uri: document.uri, server: 'nginx', crawlers: ['GPTBot'] });
    assert.ok(result);
    assert.match(result.text, /^# GPTBot: the GPTBot group \(User-agent line 71\), 1 Disallow rule\.$/m);
    assert.match(result.text, /^map \$http_user_agent \$robots_lens_rules \{$/m);
    assert.ok(result.limits.length > 0, 'what it cannot express is returned too');
    const opened = await waitFor(() => (vscode.window.activeTextEditor?.document.isUntitled ? vscode.window.activeTextEditor.document : undefined), 10_000, 'the untitled editor with the rules');
    assert.equal(opened.getText(), result.text);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
