/**
 * Highlights the rule lines that decided a verdict (Test URL, a matrix cell) until the
 * document changes: a whole-line background plus a short note after the line that says which
 * URL it is for, since the editor shows no panel title beside it.
 */

import * as vscode from 'vscode';

export interface WinningLine {
  /** 0-based line of the deciding rule (or of the group, when no rule matched). */
  readonly line: number;
  /** What it decided, e.g. "GPTBot: disallowed". */
  readonly note: string;
}

export class WinningLineHighlight implements vscode.Disposable {
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
    borderColor: new vscode.ThemeColor('editor.rangeHighlightBorder'),
    borderStyle: 'solid',
    borderWidth: '0 0 0 2px',
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.rangeHighlightForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Center,
  });
  private readonly subscriptions: vscode.Disposable[] = [];
  private shown: { readonly document: vscode.TextDocument; readonly options: vscode.DecorationOptions[] } | undefined;

  constructor() {
    this.subscriptions.push(
      // A stale highlight would point at the wrong rule: any edit clears it.
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.shown?.document && event.contentChanges.length > 0) this.clear();
      }),
      // Editors are recreated when a tab comes back into view: decorate them again.
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        const shown = this.shown;
        if (!shown) return;
        for (const editor of editors) if (editor.document === shown.document) editor.setDecorations(this.decoration, shown.options);
      }),
    );
  }

  /** `about`: the URL the notes are for, said before them ("/cart/ — GPTBot: disallowed"). */
  show(document: vscode.TextDocument, lines: readonly WinningLine[], about?: string): void {
    this.clear();
    // Several crawlers may share a winning line: one note lists them all.
    const notes = new Map<number, string[]>();
    for (const { line, note } of lines) {
      if (line < 0 || line >= document.lineCount) continue;
      notes.set(line, [...(notes.get(line) ?? []), note]);
    }
    const options = [...notes].map(
      ([line, lineNotes]): vscode.DecorationOptions => ({
        range: document.lineAt(line).range,
        renderOptions: {
          after: {
            contentText: `  ← ${about !== undefined && about !== '' ? `${about} — ` : ''}${lineNotes.join(' · ')}`,
            color: new vscode.ThemeColor('editorCodeLens.foreground'),
            fontStyle: 'italic',
          },
        },
      }),
    );
    this.shown = { document, options };
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document === document) editor.setDecorations(this.decoration, options);
    }
  }

  clear(): void {
    const shown = this.shown;
    this.shown = undefined;
    if (!shown) return;
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document === shown.document) editor.setDecorations(this.decoration, []);
    }
  }

  dispose(): void {
    this.clear();
    this.decoration.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
