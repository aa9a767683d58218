/**
 * Which robots.txt document a command is about: the one it was given (a URI from a menu,
 * a CodeLens or a programmatic call), else the active editor, else a visible one.
 */

import * as vscode from 'vscode';

export const ROBOTS_LANGUAGE_ID = 'robots-txt';

export function isRobotsDocument(document: vscode.TextDocument | undefined): document is vscode.TextDocument {
  return document?.languageId === ROBOTS_LANGUAGE_ID;
}

/** Opens (without showing) the robots.txt document a command names or, without one, the one the user looks at. */
export async function resolveRobotsDocument(target: vscode.Uri | string | undefined): Promise<vscode.TextDocument> {
  if (target !== undefined) {
    const uri = typeof target === 'string' ? vscode.Uri.parse(target, true) : target;
    // Opening is what makes the language server know the document; it is cheap when already open.
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== ROBOTS_LANGUAGE_ID) {
      throw new Error(`${uri.toString(true)} is not a robots.txt document (its language is ${document.languageId}).`);
    }
    return document;
  }
  const active = vscode.window.activeTextEditor?.document;
  if (isRobotsDocument(active)) return active;
  const visible = vscode.window.visibleTextEditors.map((editor) => editor.document).find(isRobotsDocument);
  if (visible) return visible;
  const open = vscode.workspace.textDocuments.find(isRobotsDocument);
  if (open) return open;
  throw new Error('Open a robots.txt file first.');
}

/** The text of a 0-based line, or undefined past the end: for quoting rules by line number. */
export function lineTextOf(document: vscode.TextDocument): (line: number) => string | undefined {
  return (line) => (line >= 0 && line < document.lineCount ? document.lineAt(line).text : undefined);
}

/** The editor showing the document, preferring the active one; undefined when none is visible. */
export function visibleEditorFor(document: vscode.TextDocument): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (active?.document === document) return active;
  return vscode.window.visibleTextEditors.find((editor) => editor.document === document);
}

/** Shows the document with the line selected and in view, in the editor column it already has. */
export async function revealLine(document: vscode.TextDocument, line: number): Promise<vscode.TextEditor> {
  const existing = visibleEditorFor(document);
  const editor = await vscode.window.showTextDocument(document, {
    viewColumn: existing?.viewColumn ?? vscode.ViewColumn.One,
    preserveFocus: false,
  });
  const safeLine = Math.min(Math.max(0, line), document.lineCount - 1);
  const range = document.lineAt(safeLine).range;
  editor.selection = new vscode.Selection(range.start, range.start);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
