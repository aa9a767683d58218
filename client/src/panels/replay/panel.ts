/**
 * The access-log replay panel: one webview beside the editor. The server replays the logs
 * against the current buffer (`robotsLens/replay`); the panel keeps the full records (for
 * reveal and export) and posts the webview a compact copy of them plus the summary. It re-runs
 * (debounced) when the robots.txt changes; the webview keeps its filters and sorting.
 *
 * Log content (user agents, paths) is untrusted: the page is a static shell under a strict
 * CSP with a nonce, and `media/replay.js` inserts every value as text (docs/architecture.md, "Untrusted text stays text").
 */

import * as vscode from 'vscode';
import type { AuditRecordDto, ReplayResult } from '../../../../server/src/protocol';
import { Debounce } from '../../debounce';
import { refreshIpLists } from '../../ip-list-refresh';
import type { RobotsServer } from '../../language-client';
import { logDisplayName } from '../../recent-logs';
import { revealLine } from '../../robots-document';
import { generateServerRulesFor } from '../../commands/server-rules';
import { WebviewPanelHost } from '../webview-panel-host';
import { droppedLogFiles } from './dropped-logs';
import { exportRecords } from './export';
import { isReplayIn, replayResend } from './messages';
import type { ReplayIn, ReplayOut } from './messages';
import { replayPage } from './page';
import { replayResultView } from './view';

export const REPLAY_VIEW_TYPE = 'robotsLens.replay';
const RERUN_DELAY_MS = 800;

export interface ReplayPanelDeps {
  readonly server: RobotsServer;
  readonly extensionUri: vscode.Uri;
  /** Adds logs to the recently replayed ones (a log dropped on the panel is one). */
  readonly remember?: (logFiles: readonly string[]) => Promise<void>;
}

export interface ReplayTarget {
  readonly document: vscode.TextDocument;
  readonly logFiles: readonly string[];
  readonly graceHours?: number;
  /** The reorder window, minutes (`robotsLens.replay.reorderWindowMinutes`). */
  readonly reorderWindowMinutes?: number;
}

/** What tests can see of the panel (through the hidden `robotsLens.replayPanelState` command). */
export interface ReplayPanelState {
  readonly open: boolean;
  readonly title?: string;
  readonly lastPosted?: string;
  readonly recordCount?: number;
  /** Replays completed in this panel (re-runs after edits included). */
  readonly runs?: number;
  /** Last report of the webview after rendering: rows matching the filters and rows in the DOM. */
  readonly rendered?: { readonly matching: number; readonly inDom: number };
  /** The last notice shown in the panel's status line. */
  readonly notice?: string;
  /** The logs of the current replay, as the panel names them. */
  readonly logFiles?: readonly string[];
}

export class ReplayPanel extends WebviewPanelHost<ReplayIn, ReplayOut> {
  /** Shows the panel for the document and logs (reusing the open one) and runs the replay. */
  static show(deps: ReplayPanelDeps, target: ReplayTarget): { panel: ReplayPanel; done: Promise<ReplayResult | undefined> } {
    const panel = ReplayPanel.current() ?? new ReplayPanel(deps);
    panel.showBeside();
    return { panel, done: panel.retarget(target) };
  }

  static state(): ReplayPanelState {
    const panel = ReplayPanel.current();
    if (!panel) return { open: false };
    const last = panel.lastPosted;
    return {
      open: true,
      title: panel.title,
      ...(last ? { lastPosted: last.type } : {}),
      recordCount: panel.records.length,
      runs: panel.runs,
      ...(panel.rendered ? { rendered: panel.rendered } : {}),
      ...(panel.notice !== undefined ? { notice: panel.notice } : {}),
      logFiles: panel.target.logFiles,
    };
  }

  /** For tests: hands a message to the panel as if the webview had posted it. */
  static simulate(message: unknown): Promise<void> {
    return ReplayPanel.current()?.deliver(message) ?? Promise.resolve();
  }

  private static current(): ReplayPanel | undefined {
    const open = WebviewPanelHost.opened(REPLAY_VIEW_TYPE);
    return open instanceof ReplayPanel ? open : undefined;
  }

  private target!: ReplayTarget;
  private records: readonly AuditRecordDto[] = [];
  private rendered: { matching: number; inDom: number } | undefined;
  /** The crawlers the result on screen offers to enforce for. */
  private enforceable: readonly string[] = [];
  private notice: string | undefined;
  private sequence = 0;
  private runs = 0;
  // A failure is shown in the panel.
  private readonly rerunSoon = new Debounce(RERUN_DELAY_MS, () => void this.run().catch(() => undefined));
  private running: vscode.CancellationTokenSource | undefined;
  private progress: vscode.Disposable | undefined;
  private refreshing = false;

  private constructor(private readonly deps: ReplayPanelDeps) {
    super(deps.extensionUri, {
      viewType: REPLAY_VIEW_TYPE,
      title: 'Access-log replay',
      page: replayPage,
      retainContextWhenHidden: true,
      accepts: isReplayIn,
      resend: replayResend,
    });
    this.watch(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.target?.document && event.contentChanges.length > 0) this.scheduleRerun();
      }),
    );
  }

  private retarget(target: ReplayTarget): Promise<ReplayResult | undefined> {
    this.target = target;
    this.progress?.dispose();
    this.progress = this.deps.server.onReplayProgress(target.document.uri, (p) =>
      this.post({ type: 'progress', lines: p.lines, requests: p.requests, bytesRead: p.bytesRead, bytesTotal: p.bytesTotal }),
    );
    this.title = `Replay — ${vscode.workspace.asRelativePath(target.document.uri)}`;
    return this.run();
  }

  private scheduleRerun(): void {
    this.post({ type: 'notice', message: 'robots.txt changed: replaying again…' });
    this.rerunSoon.schedule();
  }

  private async run(): Promise<ReplayResult | undefined> {
    const sequence = ++this.sequence;
    this.running?.cancel();
    this.running?.dispose();
    const source = new vscode.CancellationTokenSource();
    this.running = source;
    const { document, logFiles, graceHours, reorderWindowMinutes } = this.target;
    const names = logFiles.map((file) => logDisplayName(file));
    this.post({ type: 'running', title: vscode.workspace.asRelativePath(document.uri), logFiles: names });
    try {
      // Re-opening is free when the document is open, and re-syncs it when VS Code closed it.
      await vscode.workspace.openTextDocument(document.uri);
      const options = { ...(graceHours !== undefined ? { graceHours } : {}), ...(reorderWindowMinutes !== undefined ? { reorderWindowMinutes } : {}) };
      const result = await this.deps.server.replay(document.uri, { logFiles, ...options }, source.token);
      if (sequence !== this.sequence) return result;
      this.records = result.records;
      this.rendered = undefined;
      this.runs++;
      const view = replayResultView(result, vscode.workspace.asRelativePath(document.uri), names);
      this.enforceable = view.enforceable;
      this.post({ type: 'result', ...view });
      return result;
    } catch (error) {
      if (sequence !== this.sequence) return undefined;
      this.records = [];
      this.enforceable = [];
      this.post({ type: 'error', message: `The replay failed: ${error instanceof Error ? error.message : String(error)}` });
      throw error;
    } finally {
      if (this.running === source) this.running = undefined;
      source.dispose();
    }
  }

  protected async receive(message: ReplayIn): Promise<void> {
    switch (message.type) {
      case 'rendered':
        this.rendered = { matching: message.matching, inDom: message.inDom };
        return;
      case 'reveal': {
        const record = this.records[message.index];
        if (record && record.line !== null) await revealLine(this.target.document, record.line - 1);
        return;
      }
      case 'export': {
        const { indices } = message;
        const records = indices ? indices.map((i) => this.records[i]).filter((r): r is AuditRecordDto => r !== undefined) : this.records;
        const notice = await exportRecords(records, message.format);
        if (notice !== undefined) this.post({ type: 'notice', message: notice });
        return;
      }
      case 'cancel':
        this.running?.cancel();
        return;
      case 'refreshRanges':
        await this.refreshRanges();
        return;
      case 'enforce':
        // Only what the view on screen offered: the crawlers that violated robots.txt in this replay.
        if (this.target && this.enforceable.length > 0) await generateServerRulesFor(this.target.document, this.enforceable);
        return;
      case 'drop':
        await this.replayDropped(message.uris, message.files);
        return;
    }
  }

  /** A log dropped on the panel replaces the replayed ones, against the same robots.txt. */
  private async replayDropped(uris: readonly string[], fileNames: readonly string[]): Promise<void> {
    const dropped = await droppedLogFiles(uris, fileNames);
    if ('problem' in dropped) {
      this.post({ type: 'notice', message: dropped.problem });
      return;
    }
    const { document, graceHours, reorderWindowMinutes } = this.target;
    await this.deps.remember?.(dropped.files);
    // A failure is shown in the panel.
    const options = { ...(graceHours !== undefined ? { graceHours } : {}), ...(reorderWindowMinutes !== undefined ? { reorderWindowMinutes } : {}) };
    await this.retarget({ document, logFiles: dropped.files, ...options }).catch(() => undefined);
  }

  /** Downloads the crawler IP lists as `robots-lens ranges --refresh` does, then replays again to use them. */
  private async refreshRanges(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Refreshing crawler IP lists', cancellable: false },
        (progress) =>
          refreshIpLists(this.deps.server, (done, total) => {
            const message = `Downloading crawler IP lists: ${done} of ${total}…`;
            progress.report({ message: `${done} of ${total}`, increment: 100 / total });
            this.post({ type: 'ranges', message, busy: true, failed: false });
          }),
      );
      this.post({ type: 'ranges', message: outcome.message, busy: false, failed: !outcome.ok });
      if (outcome.stored > 0) await this.run().catch(() => undefined);
    } finally {
      this.refreshing = false;
    }
  }

  protected override post(message: ReplayOut): void {
    if (message.type === 'notice' || message.type === 'ranges') this.notice = message.message;
    super.post(message);
  }

  override dispose(): void {
    this.rerunSoon.dispose();
    this.sequence++;
    this.running?.cancel();
    this.progress?.dispose();
    super.dispose();
  }
}
