/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from './wait';

const EXTENSION_ID = 'robots-lens.robots-txt-lens';

suite('activation', () => {
  test('robots.txt opens as robots-txt and activates the extension', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the e2e run must open a workspace folder (examples/ by default)');

    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'robots.txt'));
    await vscode.window.showTextDocument(document);
    assert.equal(document.languageId, 'robots-txt');

    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
    await waitFor(() => extension.isActive, 30_000, `${EXTENSION_ID} to become active`);
  });
});
