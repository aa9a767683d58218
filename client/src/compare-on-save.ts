/**
 * On save (`robotsLens.compare.onSave`, default on): a robots.txt under git that the user saves
 * is compared with its git HEAD version; when the verdicts or groups change, a non-modal
 * message says how in one sentence, with "Show details" opening the comparison panel. When an
 * access log was replayed in the workspace, the latest one is counted too: how many of its
 * requests the change decides differently. Auto-saves say nothing: with auto-save after a
 * delay, every pause in typing would bring a message.
 */

import * as vscode from 'vscode';
import { ComparePanel } from './panels/compare/panel';
import { compareWithLatestLog } from './compare-with-log';
import type { CompareWithLogDeps } from './compare-with-log';
import { gitHeadText } from './git-head';
import { isRobotsDocument } from './robots-document';
import { SaveReasons } from './save-reasons';
import { SETTINGS_SECTION } from './settings';

const SHOW_DETAILS = 'Show details';

export interface CompareOnSaveDeps extends CompareWithLogDeps {
  readonly extensionUri: vscode.Uri;
}

export function registerCompareOnSave(deps: CompareOnSaveDeps): vscode.Disposable {
  const comparable = (document: vscode.TextDocument): boolean => isRobotsDocument(document) && document.uri.scheme === 'file';
  const reasons = new SaveReasons(comparable);
  // One comparison at a time, in save order: a slow comparison of an older save (a big log)
  // must never report after a newer one. A save superseded while it waits is skipped.
  let queue = Promise.resolve();
  const latestSave = new Map<string, number>();
  let saves = 0;
  const saved = vscode.workspace.onDidSaveTextDocument((document) => {
    if (!comparable(document)) return;
    if (reasons.takeWasAutoSave(document)) return;
    if (!vscode.workspace.getConfiguration(SETTINGS_SECTION, document.uri).get<boolean>('compare.onSave', true)) return;
    const key = document.uri.toString();
    const save = ++saves;
    latestSave.set(key, save);
    queue = queue.then(async () => {
      if (latestSave.get(key) !== save) return;
      try {
        await compareOnSave(deps, document);
      } catch {
        // A failed background comparison must not interrupt saving; the command reports errors.
      }
    });
  });
  return vscode.Disposable.from(reasons, saved);
}

async function compareOnSave(deps: CompareOnSaveDeps, document: vscode.TextDocument): Promise<void> {
  const head = await gitHeadText(document.uri);
  // Not in git, or not committed yet: nothing to compare with, and nothing to say on every save.
  if (!head.ok) return;
  const label = `git HEAD:${head.relativePath}`;
  const result = await compareWithLatestLog(deps, document, { text: head.text, label });
  if (result.diff.unchanged && result.diff.shadowing.length === 0) return;
  // Only the message waits for the user: the next save's comparison need not wait for a click.
  void vscode.window.showInformationMessage(`robots.txt vs git HEAD: ${result.summary}`, SHOW_DETAILS).then((choice) => {
    if (choice === SHOW_DETAILS) ComparePanel.show(deps, document, result, { text: head.text, label });
  });
}
