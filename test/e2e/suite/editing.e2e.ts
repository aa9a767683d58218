/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from './wait';

async function openExample(): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the e2e run must open the examples/ workspace');
  return vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'robots.txt'));
}

/** An unsaved robots.txt buffer: edits to it never touch the examples on disk. */
function untitledRobots(content: string): Thenable<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ language: 'robots-txt', content });
}

function hoverText(hovers: readonly vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

suite('editing features', () => {
  test('hover on a rule says what it matches, with examples', async () => {
    const document = await openExample();
    assert.equal(document.lineAt(7).text, 'Disallow: /cart/');
    const text = await waitFor(async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(7, 12));
      return hoverText(hovers ?? []) || undefined;
    }, 30_000, 'a hover on line 8');
    assert.match(text, /line 8/);
    assert.match(text, /start with `\/cart\/`/, 'says which URLs the pattern matches');
    assert.match(text, /Matches:.*`\/cart\/page\.html`/, 'gives a matching example');
    assert.match(text, /Does not match:.*`\/cart`/, 'gives a non-matching example');
  });

  test('the quick fix of shadowed-rule removes the rule', async () => {
    const original = (await openExample()).getText();
    const document = await untitledRobots(original);
    const diagnostic = await waitFor(
      () => vscode.languages.getDiagnostics(document.uri).find((d) => d.code === 'shadowed-rule' && d.range.start.line === 34),
      30_000,
      'shadowed-rule on line 35 of the copy',
    );
    const actions = await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((action): action is vscode.CodeAction => action.title === 'Remove the shadowed rule "Disallow: /cart/"');
    assert.ok(fix?.edit, `a quick fix for shadowed-rule; got ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));

    const lines = original.split('\n');
    lines.splice(34, 1);
    assert.equal(document.getText(), lines.join('\n'));
    await waitFor(
      () => !vscode.languages.getDiagnostics(document.uri).some((d) => d.code === 'shadowed-rule' && d.range.start.line === 34),
      30_000,
      'the shadowed-rule diagnostic to go away after the fix',
    );
  });

  test('formatting writes canonical keys, one space after the colon, a blank line between groups', async () => {
    const document = await untitledRobots('user-agent:*\ndisallow:/x\nuser-agent: a\nallow:/y\n');
    const edits = await waitFor(
      async () => vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', document.uri, { tabSize: 2, insertSpaces: true }),
      30_000,
      'formatting edits',
    );
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(document.getText(), 'User-agent: *\nDisallow: /x\n\nUser-agent: a\nAllow: /y\n');
  });
});
