/**
 * Why each document is being saved: an explicit save (Ctrl+S, File > Save) or an auto-save
 * (after a delay, on focus change). `onDidSaveTextDocument` does not say; the matching
 * `onWillSaveTextDocument` does, so the reason is remembered from one to the other.
 */

import * as vscode from 'vscode';

export class SaveReasons implements vscode.Disposable {
  private readonly pending = new Map<string, vscode.TextDocumentSaveReason>();
  private readonly subscription: vscode.Disposable;

  /** Remembers the reasons of the documents `applies` accepts (the others are never asked about). */
  constructor(applies: (document: vscode.TextDocument) => boolean) {
    this.subscription = vscode.workspace.onWillSaveTextDocument((event) => {
      if (applies(event.document)) this.pending.set(event.document.uri.toString(), event.reason);
    });
  }

  /**
   * Whether the save just reported for `document` was an auto-save; consumes the remembered
   * reason. Unknown counts as explicit: "Save without Formatting" runs no save participants,
   * so it fires no will-save event, and it is a save the user asked for. The version is not
   * compared: other extensions' will-save edits change it between the two events.
   */
  takeWasAutoSave(document: vscode.TextDocument): boolean {
    const key = document.uri.toString();
    const reason = this.pending.get(key);
    this.pending.delete(key);
    return reason !== undefined && reason !== vscode.TextDocumentSaveReason.Manual;
  }

  dispose(): void {
    this.subscription.dispose();
    this.pending.clear();
  }
}
