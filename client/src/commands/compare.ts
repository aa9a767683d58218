/**
 * `robotsLens.compare` — "robots.txt: Compare with…": the impact of an edit, as a semantic
 * diff from another version (git HEAD, another file, or the live robots.txt of a site) to the
 * unsaved buffer, shown in the
 * comparison panel; with the access log replayed last in the workspace, also the logged
 * requests it decides differently, per crawler, with examples (as the comparison on save).
 *
 * Programmatic: `executeCommand('robotsLens.compare', { otherText, otherLabel?, uri? })`
 * compares with the given text without prompts, opens or updates the panel, and returns
 * `{ summary, diff, requests? }`.
 */

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CompareRequests, RobotsDiffDto } from '../../../server/src/protocol';
import { isPlainObject, uriArgument } from '../command-arguments';
import { ComparePanel } from '../panels/compare/panel';
import { compareWithLatestLog } from '../compare-with-log';
import type { CompareWithLogDeps } from '../compare-with-log';
import { gitHeadText } from '../git-head';
import { restrictedModeMessage } from '../language-client';
import { LIVE_FETCH_UNAVAILABLE } from '../live-fetch';
import { askLiveVersion } from '../live-version';
import type { LiveVersionDeps } from '../live-version';
import { resolveRobotsDocument } from '../robots-document';

export const COMPARE_COMMAND = 'robotsLens.compare';

export interface CompareDeps extends CompareWithLogDeps {
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
  readonly diff: RobotsDiffDto;
  /** The requests of the workspace's latest replayed log, when there is one. */
  readonly requests?: CompareRequests;
}

/** Compares the document with `otherText` and shows the result in the panel. */
export async function compareAndShow(deps: CompareDeps, document: vscode.TextDocument, otherText: string, otherLabel: string): Promise<CompareOutcome> {
  // A big log takes a while to count: the status bar says what is going on meanwhile.
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: `Comparing ${path.basename(document.uri.path)} with ${otherLabel}` },
    () => compareWithLatestLog(deps, document, { text: otherText, label: otherLabel }),
  );
  ComparePanel.show(deps, document, result, { text: otherText, label: otherLabel });
  return { summary: result.summary, diff: result.diff, ...(result.requests ? { requests: result.requests } : {}) };
}

/** The palette command also fetches live versions. */
export interface CompareCommandDeps extends CompareDeps, LiveVersionDeps {}

export function registerCompare(deps: CompareCommandDeps): vscode.Disposable {
  return vscode.commands.registerCommand(COMPARE_COMMAND, async (first?: unknown) => {
    if (isPlainObject(first)) {
      if (typeof first.otherText !== 'string') throw new Error(`${COMPARE_COMMAND} needs otherText: the text of the version to compare with.`);
      const document = await resolveRobotsDocument(uriArgument(first.uri));
      const label = typeof first.otherLabel === 'string' && first.otherLabel.trim() !== '' ? first.otherLabel : 'the other version';
      return compareAndShow(deps, document, first.otherText, label);
    }
    try {
      const document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : undefined);
      const other = await pickOther(deps, document);
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

async function pickOther(deps: LiveVersionDeps, document: vscode.TextDocument): Promise<OtherVersion | undefined> {
  const items: (vscode.QuickPickItem & { readonly id: 'git' | 'file' | 'live' })[] = [
    { id: 'git', label: 'Git HEAD', description: 'the last committed version of this file' },
    { id: 'file', label: 'Another file…', description: 'pick a robots.txt from disk' },
    { id: 'live', label: 'Live robots.txt…', description: 'fetch a site\'s robots.txt as crawlers do' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'Compare the current robots.txt with…', placeHolder: 'The version to compare with (the old one)' });
  if (!picked) return undefined;
  if (picked.id === 'git') {
    const head = await gitHeadText(document.uri);
    if (!head.ok) return otherInstead(`Compare with Git HEAD: ${head.message}`, document);
    return { text: head.text, label: `git HEAD:${head.relativePath}` };
  }
  if (picked.id === 'live') {
    if (LIVE_FETCH_UNAVAILABLE !== undefined) return otherInstead(`Compare with live robots.txt: ${LIVE_FETCH_UNAVAILABLE}`, document);
    // As Fetch robots.txt… does: in Restricted Mode, refuse before asking for a site.
    if (!vscode.workspace.isTrusted) return otherInstead(`Compare with live robots.txt: ${restrictedModeMessage('Fetching a live robots.txt')}`, document);
    return askLiveVersion(deps, document);
  }
  return anotherFile(document);
}

/** Where the chosen version cannot be had: why, and the versions that can, as buttons. */
async function otherInstead(message: string, document: vscode.TextDocument): Promise<OtherVersion | undefined> {
  const [file, clipboard] = ['Another File…', 'Compare with the Clipboard'];
  const picked = await vscode.window.showWarningMessage(message, file, clipboard);
  if (picked === file) return anotherFile(document);
  if (picked !== clipboard) return undefined;
  const text = await vscode.env.clipboard.readText();
  if (text.trim() === '') {
    void vscode.window.showWarningMessage('Compare with the clipboard: the clipboard holds no text. Copy the old version of the robots.txt first.');
    return undefined;
  }
  return { text, label: 'the clipboard' };
}

async function anotherFile(document: vscode.TextDocument): Promise<OtherVersion | undefined> {
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
