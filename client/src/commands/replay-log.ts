/**
 * `robotsLens.replayLog`: replays an access log against the unsaved robots.txt buffer and
 * shows the result in the replay panel beside the editor.
 *
 * Interactive (palette, editor menu): offers the recently replayed logs (this workspace's, a
 * hand-written `robotsLens.replay.lastLogFiles`, then the ones replayed in other windows), else an
 * open dialog. Programmatic: `executeCommand('robotsLens.replayLog', { logFiles: [path], uri?, graceHours? })`
 * asks nothing, opens or updates the panel and returns `{ summary, truncated, recordCount }`.
 * Either way the logs replayed are remembered in workspace and global state, never in settings.
 */

import * as path from 'node:path';
import * as vscode from 'vscode';
import { manageWorkspaceTrust, offerAlternatives } from '../alternatives';
import { isPlainObject, uriArgument } from '../command-arguments';
import { restrictedModeMessage } from '../language-client';
import { absoluteLogPath, logDisplayName, recentLogFiles, rememberLogs } from '../recent-logs';
import type { LogMemory } from '../recent-logs';
import { ReplayPanel } from '../panels/replay/panel';
import type { ReplayPanelDeps, ReplayPanelState } from '../panels/replay/panel';
import { resolveRobotsDocument } from '../robots-document';
import { SETTINGS_SECTION, stringList } from '../settings';
import type { AuditSummaryDto } from '../../../server/src/protocol';

export const REPLAY_LOG_COMMAND = 'robotsLens.replayLog';
/** Not contributed: lets tests see the panel and act as its webview. */
export const REPLAY_PANEL_STATE_COMMAND = 'robotsLens.replayPanelState';

export interface ReplayLogResult {
  readonly summary: AuditSummaryDto;
  readonly truncated: boolean;
  readonly recordCount: number;
}

export interface ReplayLogDeps extends ReplayPanelDeps, LogMemory {}

export function registerReplayLog(commandDeps: ReplayLogDeps): vscode.Disposable {
  // A log dropped on the panel joins the recent ones, as a programmatic replay's does.
  const deps: ReplayLogDeps = { ...commandDeps, remember: (logFiles) => rememberLogs(commandDeps, logFiles) };
  return vscode.Disposable.from(
    vscode.commands.registerCommand(REPLAY_LOG_COMMAND, async (first?: unknown) => {
      if (isPlainObject(first)) return replayProgrammatically(deps, first);
      try {
        const document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : undefined);
        // Before a log is picked: in Restricted Mode no log is read, and the message says how to change that.
        if (!vscode.workspace.isTrusted) return void (await offerAlternatives(restrictedModeMessage('Replaying access logs'), [manageWorkspaceTrust]));
        const logFiles = await pickLogFiles(deps, document.uri);
        if (!logFiles) return undefined;
        await rememberLogs(deps, logFiles);
        // Errors are shown in the panel too; the message makes them visible when it is hidden.
        await ReplayPanel.show(deps, { document, logFiles, ...graceOf(document.uri), ...reorderWindowOf(document.uri) }).done;
      } catch (error) {
        void vscode.window.showErrorMessage(`Replay: ${error instanceof Error ? error.message : String(error)}`);
      }
      return undefined;
    }),
    vscode.commands.registerCommand(REPLAY_PANEL_STATE_COMMAND, async (simulate?: unknown): Promise<ReplayPanelState> => {
      if (simulate !== undefined) await ReplayPanel.simulate(simulate);
      return ReplayPanel.state();
    }),
  );
}

async function replayProgrammatically(deps: ReplayLogDeps, args: Record<string, unknown>): Promise<ReplayLogResult> {
  const logFiles = stringList(args.logFiles);
  if (logFiles.length === 0) throw new Error('"logFiles" must be a non-empty list of file paths.');
  const document = await resolveRobotsDocument(uriArgument(args.uri));
  const graceHours = typeof args.graceHours === 'number' ? { graceHours: args.graceHours } : graceOf(document.uri);
  const absolute = logFiles.map((file) => absoluteLogPath(file, document.uri));
  await rememberLogs(deps, absolute);
  const result = await ReplayPanel.show(deps, { document, logFiles: absolute, ...graceHours, ...reorderWindowOf(document.uri) }).done;
  if (!result) throw new Error('The replay was superseded by a newer one.');
  return { summary: result.summary, truncated: result.truncated, recordCount: result.records.length };
}

function graceOf(scope: vscode.Uri): { graceHours?: number } {
  const value = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).get<unknown>('replay.cacheGraceHours');
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? { graceHours: value } : {};
}

function reorderWindowOf(scope: vscode.Uri): { reorderWindowMinutes?: number } {
  const value = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).get<unknown>('replay.reorderWindowMinutes');
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? { reorderWindowMinutes: value } : {};
}

async function pickLogFiles(deps: ReplayLogDeps, scope: vscode.Uri): Promise<string[] | undefined> {
  const recent = recentLogFiles(deps, scope);
  if (recent.length > 0) {
    type Item = vscode.QuickPickItem & { readonly files?: string[] };
    const items: Item[] = [
      ...recent.map((file): Item => ({ label: path.basename(file), description: logDisplayName(file), files: [file] })),
      { label: '$(folder-opened) Choose log files…' },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: 'Replay access log', placeHolder: 'A log replayed before, or choose files' });
    if (!picked) return undefined;
    if (picked.files) return picked.files;
  }
  const folder = vscode.workspace.getWorkspaceFolder(scope)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  const chosen = await vscode.window.showOpenDialog({
    title: 'Replay access log',
    openLabel: 'Replay',
    canSelectMany: true,
    ...(folder ? { defaultUri: folder } : {}),
    filters: { 'Access logs': ['log', 'gz', 'txt', 'json', 'jsonl', '1', '2'], 'All files': ['*'] },
  });
  return chosen && chosen.length > 0 ? chosen.map((uri) => uri.fsPath) : undefined;
}
