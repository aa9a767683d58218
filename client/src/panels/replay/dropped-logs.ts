/**
 * What was dropped on the replay panel, as log files the server can read. The webview only
 * passes on strings (the panel's guard checked that much), so each one is checked here: a URI the extension host can read as a
 * path (`file:`, or `vscode-remote:` when the extension runs beside the files, as in
 * code-server) naming an existing file. Anything else is explained, never guessed at.
 */

import * as vscode from 'vscode';
import { isFile } from '../../recent-logs';

export type DroppedLogs = { readonly files: string[] } | { readonly problem: string };

const MAX_DROPPED = 20;

export async function droppedLogFiles(uris: readonly string[], fileNames: readonly string[]): Promise<DroppedLogs> {
  const texts = uris.slice(0, MAX_DROPPED);
  const files: string[] = [];
  const skipped: string[] = [];
  for (const text of texts) {
    const path = await readablePath(text);
    if (path !== undefined) files.push(path);
    else skipped.push(text);
  }
  if (files.length > 0) return { files };
  if (skipped.length > 0) return { problem: `Only log files can be replayed; ${skipped.length === 1 ? 'this is' : 'these are'} not a readable file: ${skipped.join(', ')}.` };
  if (fileNames.length > 0) {
    return {
      problem:
        `${fileNames.join(', ')}: a file dragged in from outside VS Code carries no path the panel may read. ` +
        'Drag it from the Explorer (hold Shift to drop into the panel), or use "Replay Access Log…".',
    };
  }
  return { problem: 'Nothing that names a file was dropped.' };
}

async function readablePath(text: string): Promise<string | undefined> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(text, true);
  } catch {
    return undefined;
  }
  if (uri.scheme === 'file') return (await isFile(uri.fsPath)) ? uri.fsPath : undefined;
  if (uri.scheme !== 'vscode-remote') return undefined;
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if ((stat.type & vscode.FileType.File) === 0) return undefined;
  } catch {
    return undefined;
  }
  return uri.path;
}
