/**
 * The committed version of a file: `git show HEAD:<path>` run in the file's own repository,
 * with no shell. Says clearly why there is none (not a saved file, not in git, not committed).
 */

import { execFile } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';

const GIT_TIMEOUT_MS = 10_000;
const MAX_BUFFER = 32 * 1024 * 1024;

export type GitHeadResult =
  | { readonly ok: true; readonly text: string; readonly relativePath: string }
  | { readonly ok: false; readonly reason: 'not-a-file' | 'not-in-git' | 'not-committed' | 'git-failed'; readonly message: string };

function git(args: readonly string[], cwd: string): Promise<{ ok: true; stdout: string } | { ok: false; stderr: string; missing: boolean }> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, encoding: 'utf8', windowsHide: true }, (error, stdout, stderr) => {
      if (error) resolve({ ok: false, stderr: String(stderr || error.message).trim(), missing: (error as NodeJS.ErrnoException).code === 'ENOENT' });
      else resolve({ ok: true, stdout: String(stdout) });
    });
  });
}

/** The text of the file at git HEAD, or why there is none. */
export async function gitHeadText(uri: vscode.Uri): Promise<GitHeadResult> {
  if (uri.scheme !== 'file') return { ok: false, reason: 'not-a-file', message: 'The document is not a saved file, so it has no version in git.' };
  // git runs hooks and helpers a repository's config names: never in an untrusted workspace.
  if (!vscode.workspace.isTrusted) {
    return { ok: false, reason: 'git-failed', message: 'git is not run in Restricted Mode. Trust this workspace (Workspaces: Manage Workspace Trust) to compare with git HEAD.' };
  }
  const dir = path.dirname(uri.fsPath);
  const top = await git(['rev-parse', '--show-toplevel'], dir);
  if (!top.ok) {
    return {
      ok: false,
      reason: 'not-in-git',
      message: top.missing ? 'git was not found on the PATH, so there is no git HEAD to compare with.' : `${path.basename(uri.fsPath)} is not in a git repository, so there is no git HEAD to compare with.`,
    };
  }
  // Paths relative to the current directory (`./name`) avoid any case or symlink mismatch with the toplevel.
  const relative = `./${path.basename(uri.fsPath)}`;
  const shown = await git(['show', `HEAD:${relative}`], dir);
  const relativePath = path.relative(top.stdout.trim(), uri.fsPath).split(path.sep).join('/');
  if (!shown.ok) {
    return {
      ok: false,
      reason: 'not-committed',
      message: `${relativePath} has no committed version at git HEAD (${shown.stderr.split('\n')[0] ?? 'git show failed'}).`,
    };
  }
  return { ok: true, text: shown.stdout, relativePath };
}
