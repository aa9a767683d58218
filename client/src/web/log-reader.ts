/**
 * The client's half of the replay in a web worker: answers `robotsLens/readLog` with the log's
 * text, read through VS Code's file system (virtual ones such as github.dev's included). A log
 * is read whole into memory, so its size is capped (`MAX_LOG_BYTES`); beyond it the replay
 * says to use the CLI.
 */

import * as vscode from 'vscode';
import { ErrorCodes, ResponseError } from 'vscode-languageclient/browser';
import type { ReadLogParams, ReadLogResult } from '../../../server/src/protocol';
import { logPieces } from './log-text';
import type { LogPiece } from './log-text';

/** The largest log (compressed size for gzip) replayed in the browser: 512 MiB. */
export const MAX_LOG_BYTES = 512 * 1024 * 1024;

interface OpenLog {
  readonly pieces: AsyncGenerator<LogPiece>;
  readonly bytesTotal: number;
  next: number;
}

/** One open log per path: a replay reads its logs in turn, and index 0 starts a file over. */
export class WebLogReader {
  private readonly open = new Map<string, OpenLog>();

  async read(params: ReadLogParams): Promise<ReadLogResult> {
    let log = this.open.get(params.file);
    if (params.index === 0) {
      await log?.pieces.return(undefined);
      log = await this.start(params.file);
      this.open.set(params.file, log);
    }
    if (!log || params.index !== log.next) throw new Error(`${params.file} was not read from the start.`);
    log.next++;
    const piece = await log.pieces.next();
    if (piece.done) {
      this.open.delete(params.file);
      return { text: null, bytesRead: log.bytesTotal, bytesTotal: log.bytesTotal };
    }
    return { text: piece.value.text, bytesRead: piece.value.bytesRead, bytesTotal: log.bytesTotal };
  }

  private async start(file: string): Promise<OpenLog> {
    const uri = logUri(file);
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_LOG_BYTES) {
      // A ResponseError is answered as it is: the replay panel shows this sentence, not a wrapped one.
      throw new ResponseError(
        ErrorCodes.InvalidRequest,
        `${file} is ${(stat.size / 1048576).toFixed(0)} MiB: the browser replays logs up to ${MAX_LOG_BYTES / 1048576} MiB. ` +
          'Replay it with the robots-lens CLI (robots-lens replay) or robots.txt Lens in desktop VS Code.',
      );
    }
    const bytes = await vscode.workspace.fs.readFile(uri);
    return { pieces: logPieces(bytes), bytesTotal: bytes.length, next: 0 };
  }
}

/** A log path as the replay names it (the fsPath of a workspace file), on its workspace's file system. */
export function logUri(file: string): vscode.Uri {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(file)) return vscode.Uri.parse(file);
  const folders = vscode.workspace.workspaceFolders ?? [];
  const inside = folders.find((folder) => file === folder.uri.fsPath || file.startsWith(`${folder.uri.fsPath.replace(/\/$/, '')}/`));
  const folder = inside ?? folders[0];
  return folder ? folder.uri.with({ path: file }) : vscode.Uri.file(file);
}
