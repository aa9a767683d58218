/**
 * The client's half of IP-list verification in a browser: answers `robotsLens/readIpLists`
 * with the crawler IP lists (`.json`, `.txt`) of each workspace folder's `.robots-lens/ip-lists/`
 * and of the extension's own storage, read through VS Code's file system, so a virtual
 * workspace (github.dev) holds them like any other file. A browser cannot download the
 * operators' lists itself (cross-origin), so they come from where the user put them.
 */

import * as vscode from 'vscode';
import type { IpListFile, ReadIpListsResult } from '../../../server/src/protocol';

/** Where a workspace keeps its crawler IP lists, relative to the folder. */
export const WORKSPACE_IP_LISTS = '.robots-lens/ip-lists';
/** The largest list read (the operators' lists are a few hundred KiB). */
const MAX_LIST_BYTES = 16 * 1024 * 1024;
const MAX_LISTS = 200;

export async function readIpLists(storage: vscode.Uri | undefined): Promise<ReadIpListsResult> {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ uri: vscode.Uri.joinPath(folder.uri, ...WORKSPACE_IP_LISTS.split('/')), label: `${folder.name}/${WORKSPACE_IP_LISTS}` }));
  if (storage) folders.push({ uri: vscode.Uri.joinPath(storage, 'ip-lists'), label: "the extension's storage" });
  const files: IpListFile[] = [];
  const problems: string[] = [];
  for (const folder of folders) {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(folder.uri);
    } catch {
      continue; // No such folder: nothing put there.
    }
    for (const [name] of entries.filter(([n, t]) => (t & vscode.FileType.File) !== 0 && /\.(json|txt)$/i.test(n)).sort()) {
      if (files.length >= MAX_LISTS) break;
      const uri = vscode.Uri.joinPath(folder.uri, name);
      try {
        if ((await vscode.workspace.fs.stat(uri)).size > MAX_LIST_BYTES) {
          problems.push(`${name}: larger than ${MAX_LIST_BYTES / 1048576} MiB, not a crawler IP list; ignored.`);
          continue;
        }
        files.push({ name, text: new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri)) });
      } catch (error) {
        problems.push(`${name} (${folder.label}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { files, folders: folders.map((folder) => folder.label), problems };
}
