/**
 * On save (`robotsLens.compare.onSave`, default on): a saved robots.txt under git is compared
 * with its git HEAD version; when the verdicts or groups change, a non-modal message says how
 * in one sentence, with "Show details" opening the comparison panel.
 */

import * as vscode from 'vscode';
import { ComparePanel } from './compare-panel';
import { gitHeadText } from './git-head';
import type { RobotsServer } from './language-client';
import { isRobotsDocument } from './robots-document';
import { SETTINGS_SECTION } from './settings';

const SHOW_DETAILS = 'Show details';

export function registerCompareOnSave(deps: { readonly server: RobotsServer; readonly extensionUri: vscode.Uri }): vscode.Disposable {
  return vscode.workspace.onDidSaveTextDocument((document) => {
    if (!isRobotsDocument(document) || document.uri.scheme !== 'file') return;
    if (!vscode.workspace.getConfiguration(SETTINGS_SECTION, document.uri).get<boolean>('compare.onSave', true)) return;
    void compareOnSave(deps, document).catch(() => {
      // A failed background comparison must not interrupt saving; the command reports errors.
    });
  });
}

async function compareOnSave(deps: { readonly server: RobotsServer; readonly extensionUri: vscode.Uri }, document: vscode.TextDocument): Promise<void> {
  const head = await gitHeadText(document.uri);
  // Not in git, or not committed yet: nothing to compare with, and nothing to say on every save.
  if (!head.ok) return;
  const label = `git HEAD:${head.relativePath}`;
  const result = await deps.server.compare(document.uri, { otherText: head.text, otherLabel: label });
  if (result.diff.unchanged && result.diff.shadowing.length === 0) return;
  const choice = await vscode.window.showInformationMessage(`robots.txt vs git HEAD: ${result.summary}`, SHOW_DETAILS);
  if (choice === SHOW_DETAILS) ComparePanel.show(deps.extensionUri, document, result, label);
}
