/**
 * `robotsLens.compare` — "robots.txt: Compare with…": the impact of an edit, as a semantic
 * diff from another version (git HEAD or another file) to the unsaved buffer, shown in the
 * comparison panel.
 *
 * Programmatic: `executeCommand('robotsLens.compare', { otherText, otherLabel?, uri? })`
 * compares with the given text without prompts, opens or updates the panel, and returns
 * `{ summary, diff }`.
 */

import * as vscode from 'vscode';
import type { RobotsDiff } from '../../../server/src/core/diff';
import { isPlainObject, uriArgument } from '../command-arguments';
import { ComparePanel } from '../compare-panel';
import { gitHeadText } from '../git-head';
import type { RobotsServer } from '../language-client';
import { resolveRobotsDocument } from '../robots-document';

export const COMPARE_COMMAND = 'robotsLens.compare';

export interface CompareDeps {
  readonly server: RobotsServer;
  readonly extensionUri: vscode.Uri;
}

/** The argument of a programmatic call. */
export interface CompareArguments {
  /** The old version's text. */
  readonly otherText: string;
  /** Where it came from, for display. Default "the other version". */
  readonly otherLabel?: string;
  readonly uri?: vscode.Uri | string;
}

export interface CompareOutcome {
  readonly summary: string;
  readonly diff: RobotsDiff;
}

/** Compares the document with `otherText` and shows the result in the panel. */
export async function compareAndShow(deps: CompareDeps, document: vscode.TextDocument, otherText: string, otherLabel: string): Promise<CompareOutcome> {
  const result = await deps.server.compare(document.uri, { otherText, otherLabel });
  ComparePanel.show(deps.extensionUri, document, result, otherLabel);
  return { summary: result.summary, diff: result.diff };
}

export function registerCompare(deps: CompareDeps): vscode.Disposable {
  return vscode.commands.registerCommand(COMPARE_COMMAND, async (first?: unknown) => {
    if (isPlainObject(first)) {
      if (typeof first.otherText !== 'string') throw new Error(`${COMPARE_COMMAND} needs otherText: the text of the version to compare with.`);
      const document = await resolveRobotsDocument(uriArgument(first.uri));
      const label = typeof first.otherLabel === 'string' && first.otherLabel.trim() !== '' ? first.otherLabel : 'the other version';
      return compareAndShow(deps, document, first.otherText, label);
    }
    try {
      const document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : undefined);
      const other = await pickOther(document);
      if (!other) return undefined;
      return await compareAndShow(deps, document, other.text, other.label);
    } catch (error) {
      void vscode.window.showErrorMessage(`Compare with…: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  });
}

interface OtherVersion {
  readonly text: string;
  readonly label: string;
}

async function pickOther(document: vscode.TextDocument): Promise<OtherVersion | undefined> {
  const items: (vscode.QuickPickItem & { readonly id: 'git' | 'file' })[] = [
    { id: 'git', label: 'Git HEAD', description: 'the last committed version of this file' },
    { id: 'file', label: 'Another file…', description: 'pick a robots.txt from disk' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'Compare the current robots.txt with…', placeHolder: 'The version to compare with (the old one)' });
  if (!picked) return undefined;
  if (picked.id === 'git') {
    const head = await gitHeadText(document.uri);
    if (!head.ok) {
      void vscode.window.showWarningMessage(`Compare with Git HEAD: ${head.message}`);
      return undefined;
    }
    return { text: head.text, label: `git HEAD:${head.relativePath}` };
  }
  const files = await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: 'Compare',
    title: 'The robots.txt to compare with',
    ...(document.uri.scheme === 'file' ? { defaultUri: vscode.Uri.joinPath(document.uri, '..') } : {}),
  });
  const file = files?.[0];
  if (!file) return undefined;
  const bytes = await vscode.workspace.fs.readFile(file);
  return { text: new TextDecoder('utf-8').decode(bytes), label: vscode.workspace.asRelativePath(file) };
}
