/**
 * What a command offers when it cannot run here (in a browser, in Restricted Mode): the reason,
 * and as buttons what does work instead, so no command ends in an explanation alone.
 */

import * as vscode from 'vscode';
import { ROBOTS_LANGUAGE_ID } from './robots-document';

export interface Alternative {
  /** The button's text. */
  readonly title: string;
  run(): Promise<unknown>;
}

/** Shows why, with the alternatives as buttons, and runs the one picked. */
export async function offerAlternatives(message: string, alternatives: readonly Alternative[]): Promise<void> {
  const picked = await vscode.window.showWarningMessage(message, ...alternatives.map((a) => a.title));
  await alternatives.find((a) => a.title === picked)?.run();
}

/** A new robots.txt editor to paste a file into: it is checked as it is typed or pasted. */
export const pasteIntoNewFile: Alternative = {
  title: 'Paste into a New robots.txt',
  async run() {
    const document = await vscode.workspace.openTextDocument({ language: ROBOTS_LANGUAGE_ID, content: '' });
    await vscode.window.showTextDocument(document);
    vscode.window.setStatusBarMessage('Paste the robots.txt here: it is checked as you paste it.', 10_000);
  },
};

/** A robots.txt from the workspace or disk, opened in an editor. */
export const openRobotsFile: Alternative = {
  title: 'Open a robots.txt File…',
  async run() {
    const files = await vscode.window.showOpenDialog({ canSelectMany: false, title: 'Open a robots.txt', openLabel: 'Open' });
    if (files?.[0]) await vscode.window.showTextDocument(files[0]);
  },
};

/** VS Code's Workspace Trust editor, where the user may trust the workspace. */
export const manageWorkspaceTrust: Alternative = {
  title: 'Manage Workspace Trust',
  run: () => Promise.resolve(vscode.commands.executeCommand('workbench.trust.manage')),
};
