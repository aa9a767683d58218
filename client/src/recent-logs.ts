/**
 * The access logs replayed before, latest first: the ones replayed in this workspace (kept in
 * workspace state), the setting `robotsLens.replay.lastLogFiles` (read only, for lists written by
 * hand; workspace-relative paths allowed), then the ones replayed in any window (global state).
 * The replay offers them first; the comparison on save counts the requests of the latest one
 * that belongs to the document's workspace. Nothing here writes into the user's files: remembering
 * goes to the extension's own state, never to a settings file.
 */

import * as path from 'node:path';
import * as vscode from 'vscode';
import { SETTINGS_SECTION, stringList } from './settings';

/** The key in workspace and global state; the same name as the setting it stands beside. */
export const RECENT_LOGS_KEY = 'robotsLens.replay.lastLogFiles';
const MAX_RECENT = 10;

/** Where the extension remembers the logs replayed: per workspace and across windows. */
export interface LogMemory {
  readonly workspaceState: vscode.Memento;
  readonly globalState: vscode.Memento;
}

/** Workspace-relative paths (allowed in the setting) resolve against the document's folder. */
export function absoluteLogPath(file: string, scope: vscode.Uri): string {
  if (path.isAbsolute(file)) return file;
  const folder = vscode.workspace.getWorkspaceFolder(scope) ?? vscode.workspace.workspaceFolders?.[0];
  return folder ? path.join(folder.uri.fsPath, file) : path.resolve(file);
}

/** The latest first, without repeats, at most ten. */
/**
 * A log path as the user reads it: relative to the workspace folder it is in. A browser's
 * extension host sees a remote folder as `vscode-remote:` while log paths are plain paths, so
 * the path is also looked up on each folder's own file system.
 */
export function logDisplayName(file: string): string {
  const relative = vscode.workspace.asRelativePath(file);
  if (relative !== file) return relative;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme === 'file') continue;
    const there = vscode.workspace.asRelativePath(folder.uri.with({ path: file }));
    if (there !== file) return there;
  }
  return relative;
}

export function mergeRecent(latest: readonly string[], previous: unknown): string[] {
  return [...new Set([...latest, ...stringList(previous)])].slice(0, MAX_RECENT);
}

/** Adds logs, as absolute paths, to the ones remembered for this workspace and across windows. */
export async function rememberLogs(memory: LogMemory, logFiles: readonly string[]): Promise<void> {
  for (const state of [memory.workspaceState, memory.globalState]) {
    await state.update(RECENT_LOGS_KEY, mergeRecent(logFiles, state.get<unknown>(RECENT_LOGS_KEY)));
  }
}

/** Every log replayed before, as absolute paths: this workspace's, the setting's, then global state's. */
export function recentLogFiles(memory: LogMemory, scope: vscode.Uri): string[] {
  return [...new Set([...remembered(memory.workspaceState), ...configuredLogFiles(scope), ...remembered(memory.globalState)])];
}

/**
 * The log that speaks for this document's traffic: the latest one replayed in its workspace that
 * still exists. Global state also holds logs of other projects, whose requests say nothing about
 * this file, so only the ones inside the document's workspace folder count from there.
 */
export async function latestWorkspaceLog(memory: LogMemory, scope: vscode.Uri): Promise<string | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(scope)?.uri.fsPath;
  const elsewhere = remembered(memory.globalState).filter((file) => folder !== undefined && isInside(file, folder));
  for (const file of new Set([...remembered(memory.workspaceState), ...configuredLogFiles(scope), ...elsewhere])) {
    if (await isFile(file)) return file;
  }
  return undefined;
}

function remembered(state: vscode.Memento): string[] {
  return stringList(state.get<unknown>(RECENT_LOGS_KEY));
}

function configuredLogFiles(scope: vscode.Uri): string[] {
  return stringList(vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).get<unknown>('replay.lastLogFiles')).map((file) => absoluteLogPath(file, scope));
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Where a log path may be read: as a `file:` URI, and on the file system of each workspace
 * folder that is not `file:`. A browser's extension host (code-server's web worker) sees the
 * workspace as `vscode-remote:`, and its `file:` system holds only files the user picked; the
 * replay reads a path on the workspace's file system there (`web/log-reader.ts`).
 */
export function logFileUris(file: string): vscode.Uri[] {
  const elsewhere = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme !== 'file').map((folder) => folder.uri.with({ path: file }));
  return [vscode.Uri.file(file), ...elsewhere];
}

/** Whether a log path names a file (a bit mask: a symbolic link to a file is a file too). */
export async function isFile(file: string): Promise<boolean> {
  for (const uri of logFileUris(file)) {
    try {
      if (((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0) return true;
    } catch {
      // Not there: the next place, if any.
    }
  }
  return false;
}
