/**
 * The access logs replayed before: the setting `robotsLens.replay.lastLogFiles` (per workspace,
 * editable by hand, workspace-relative paths allowed) and the list kept in global state (across
 * windows), latest first in both. The replay offers them first; the comparison on save counts
 * the requests of the latest one that belongs to the document's workspace.
 */

import * as path from 'node:path';
import * as vscode from 'vscode';
import { SETTINGS_SECTION, stringList } from './settings';

/** The global-state key; the same name as the setting, which it mirrors across windows. */
export const RECENT_LOGS_KEY = 'robotsLens.replay.lastLogFiles';
const MAX_RECENT = 10;

/** Workspace-relative paths (allowed in the setting) resolve against the document's folder. */
export function absoluteLogPath(file: string, scope: vscode.Uri): string {
  if (path.isAbsolute(file)) return file;
  const folder = vscode.workspace.getWorkspaceFolder(scope) ?? vscode.workspace.workspaceFolders?.[0];
  return folder ? path.join(folder.uri.fsPath, file) : path.resolve(file);
}

/** The latest first, without repeats, at most ten. */
export function mergeRecent(latest: readonly string[], previous: unknown): string[] {
  return [...new Set([...latest, ...stringList(previous)])].slice(0, MAX_RECENT);
}

/** Every log replayed before, as absolute paths: the setting's first, then global state's. */
export function recentLogFiles(globalState: vscode.Memento, scope: vscode.Uri): string[] {
  return [...new Set([...configuredLogFiles(scope), ...stringList(globalState.get<unknown>(RECENT_LOGS_KEY))])];
}

/**
 * The log that speaks for this document's traffic: the latest one replayed in its workspace that
 * still exists. Global state also holds logs of other projects, whose requests say nothing about
 * this file, so only the ones inside the document's workspace folder count from there.
 */
export async function latestWorkspaceLog(globalState: vscode.Memento, scope: vscode.Uri): Promise<string | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(scope)?.uri.fsPath;
  const remembered = stringList(globalState.get<unknown>(RECENT_LOGS_KEY)).filter((file) => folder !== undefined && isInside(file, folder));
  for (const file of new Set([...configuredLogFiles(scope), ...remembered])) {
    if (await isFile(file)) return file;
  }
  return undefined;
}

function configuredLogFiles(scope: vscode.Uri): string[] {
  return stringList(vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).get<unknown>('replay.lastLogFiles')).map((file) => absoluteLogPath(file, scope));
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

async function isFile(file: string): Promise<boolean> {
  try {
    // A bit mask: a symbolic link to a file is a file too.
    return ((await vscode.workspace.fs.stat(vscode.Uri.file(file))).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}
