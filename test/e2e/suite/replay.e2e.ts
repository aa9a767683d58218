/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AuditSummary } from '@robots-lens/replay';
import type { ReplayPanelState } from '../../../client/src/panels/replay/panel';
import { waitFor } from './wait';

interface ReplayLogResult {
  readonly summary: AuditSummary;
  readonly truncated: boolean;
  readonly recordCount: number;
}

const panelState = (simulate?: unknown) => vscode.commands.executeCommand<ReplayPanelState>('robotsLens.replayPanelState', simulate);

function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the e2e run must open the examples/ workspace');
  return folder;
}

suite('access-log replay', () => {
  test('replays access.log programmatically, and the panel renders a virtualised window of the rows', async () => {
    const folder = workspaceFolder();
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'robots.txt'));
    await vscode.window.showTextDocument(document);
    const log = vscode.Uri.joinPath(folder.uri, 'access.log').fsPath;
    const result = await vscode.commands.executeCommand<ReplayLogResult>('robotsLens.replayLog', { logFiles: [log] });
    assert.equal(result.summary.totals.requests, 4004);
    assert.equal(result.summary.totals.parseFailures, 4);
    assert.equal(result.truncated, false);
    assert.equal(result.recordCount, 4004);

    const state = await panelState();
    assert.equal(state.open, true);
    assert.equal(state.lastPosted, 'result');
    assert.match(state.title ?? '', /Replay/);
    // The webview script ran under its CSP and rendered only a window of the 4,004 rows. The
    // session's first webview also waits for code-server's webview worker (once over 20 s in CI).
    const rendered = await waitFor(async () => (await panelState()).rendered, 45_000, 'the webview to render the table');
    assert.equal(rendered.matching, 4004);
    assert.ok(rendered.inDom > 0 && rendered.inDom < 200, `rows in the DOM: ${rendered.inDom}`);

    // Hostile content is never markup: nothing to assert in the DOM from here, but the panel survived it.
    assert.equal((await panelState()).open, true);
  });

  test('re-runs after an edit of the robots.txt and rejects a call without logs', async () => {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('robotsLens.replayLog', { logFiles: [] })), /logFiles/);
    const folder = workspaceFolder();
    const log = vscode.Uri.joinPath(folder.uri, 'access.log').fsPath;
    const document = await vscode.workspace.openTextDocument({ language: 'robots-txt', content: 'User-agent: *\nDisallow: /\n' });
    const result = await vscode.commands.executeCommand<ReplayLogResult>('robotsLens.replayLog', { logFiles: [log], uri: document.uri });
    assert.equal(result.summary.totals.requests, 4004);
    assert.ok(result.summary.totals.disallowed > 1000, `disallowed: ${result.summary.totals.disallowed}`);

    // Record 1 is bingbot fetching a blog post: decided by Disallow: / on line 2. Clicking it reveals that line.
    await panelState({ type: 'reveal', index: 1 });
    const editor = await waitFor(() => {
      const active = vscode.window.activeTextEditor;
      return active?.document === document && active.selection.active.line === 1 ? active : undefined;
    }, 10_000, 'the editor to select line 2');
    assert.equal(editor.selection.active.line, 1);

    // An edit re-runs the replay (debounced) on the new buffer.
    const runs = (await panelState()).runs ?? 0;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(1, 0, 1, 'Disallow'.length), 'Allow');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitFor(async () => ((await panelState()).runs ?? 0) > runs, 20_000, 'the replay to run again after the edit');
  });

  test('a log dropped on the panel is replayed in place of the current one; anything else is explained', async () => {
    const folder = workspaceFolder();
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'robots.txt'));
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('robotsLens.replayLog', { logFiles: [vscode.Uri.joinPath(folder.uri, 'access.log').fsPath] });
    const runs = (await panelState()).runs ?? 0;

    const dir = mkdtempSync(path.join(tmpdir(), 'robots-lens-drop-'));
    const dropped = path.join(dir, 'dropped.log');
    writeFileSync(
      dropped,
      [
        '66.249.66.1 - - [23/Nov/2026:10:00:00 +0000] "GET /cart/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"',
        '203.0.113.7 - - [23/Nov/2026:10:00:01 +0000] "GET /blog/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"',
        '',
      ].join('\n'),
    );
    await panelState({ type: 'drop', uris: [vscode.Uri.file(dropped).toString()], files: ['dropped.log'] });
    const after = await waitFor(async () => {
      const state = await panelState();
      return (state.runs ?? 0) > runs ? state : undefined;
    }, 20_000, 'the dropped log to be replayed');
    assert.equal(after.recordCount, 2);
    assert.deepEqual(after.logFiles, [dropped]);

    // A folder is not a log; a file from outside VS Code carries no path: both are explained, and the replay stays.
    await panelState({ type: 'drop', uris: [vscode.Uri.file(dir).toString()], files: [] });
    assert.match((await panelState()).notice ?? '', /not a readable file/);
    await panelState({ type: 'drop', uris: [], files: ['outside.log'] });
    assert.match((await panelState()).notice ?? '', /^outside\.log: a file dragged in from outside VS Code/);
    const last = await panelState();
    assert.equal(last.recordCount, 2);
    assert.equal(last.runs, after.runs);
  });
});
