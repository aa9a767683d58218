// The bundled example workspace the e2e run opens (examples/ by default).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** Opens the workspace's robots.txt and shows it in an editor. */
export async function showExample(): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the e2e run must open the examples/ workspace');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'robots.txt'));
  await vscode.window.showTextDocument(document);
  return document;
}
