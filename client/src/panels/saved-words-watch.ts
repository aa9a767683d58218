/**
 * Keeps a panel's "saved" / "unsaved changes" words true while it stays open: the answer is
 * of one version of the document, and the words change as the document is edited and saved.
 */

import * as vscode from 'vscode';
import { savedWords } from './saved-state';
import type { SavedWords } from './saved-state';

export interface SavedWordsView {
  readonly version: number;
  readonly saved: SavedWords;
}

/**
 * Listens for edits and saves; when the words for the panel's view change, `update` gets the
 * view with its new words. `current` gives the panel's document and view (either may be absent).
 */
export function watchSavedWords<V extends SavedWordsView>(
  current: () => { readonly document: vscode.TextDocument | undefined; readonly view: V | undefined },
  update: (view: V) => void,
): vscode.Disposable[] {
  const check = (document: vscode.TextDocument): void => {
    const { document: shown, view } = current();
    if (document !== shown || view === undefined) return;
    const saved = savedWords(document, view.version);
    if (saved !== view.saved) update({ ...view, saved });
  };
  return [vscode.workspace.onDidChangeTextDocument((event) => check(event.document)), vscode.workspace.onDidSaveTextDocument(check)];
}
