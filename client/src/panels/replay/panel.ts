/**
 * The access-log replay panel: one webview beside the editor. The server replays the logs
 * against the current buffer (`robotsLens/replay`); the panel keeps the full records (for
 * reveal and export) and posts the webview a compact copy of them plus the summary. It re-runs
 * (debounced) when the robots.txt changes; the webview keeps its filters and sorting.
 *
 * Log content (user agents, paths) is untrusted: the page is a static shell under a strict
 * CSP with a nonce, and `media/replay.js` inserts every value as text (architecture rule 8).
 */

import * as vscode from 'vscode';
import { webviewPageHtml } from '../../webview-page';
import { hasIpLists, replayCards } from './cards';
import type { ReplayCard } from './cards';
import { replayChart } from './chart';
import { purposeFilterOptions, purposesOfCrawlers } from './purposes';
import type { ReplayChart } from './chart';
import { refreshIpLists } from '../../ip-list-refresh';
import { csvHeader, csvRow, jsonLine } from '@robots-lens/replay';
import { plural } from '@robots-lens/kernel/words';
import type { AuditRecordDto, AuditSummaryDto, ReplayResult } from '../../../../server/src/protocol';
import type { RobotsServer } from '../../language-client';
import { Debounce } from '../../debounce';
import { droppedLogFiles } from './dropped-logs';
import { revealLine } from '../../robots-document';
import { logDisplayName } from '../../recent-logs';

export const REPLAY_VIEW_TYPE = 'robotsLens.replay';
const RERUN_DELAY_MS = 800;

/** One record as the webview gets it: only what it shows, filters and sorts on. */
export interface ReplayRow {
  readonly t: string;
  readonly ip: string;
  readonly m: string;
  readonly u: string;
  readonly s: number | null;
  /** Crawler token, else the agent token, else the client kind. */
  readonly c: string;
  /** The crawler's purposes from the catalogue ("ai-training, ai-search"); '' for other clients. */
  readonly p: string;
  readonly k: string;
  readonly v: string;
  readonly a: boolean | null;
  readonly l: number | null;
  readonly r: string | null;
  readonly x: boolean;
  readonly ua: string;
}

type ToWebview =
  | { readonly type: 'running'; readonly title: string; readonly logFiles: readonly string[] }
  | { readonly type: 'progress'; readonly lines: number; readonly requests: number; readonly bytesRead: number | null; readonly bytesTotal: number | null }
  | {
      readonly type: 'result';
      readonly title: string;
      readonly logFiles: readonly string[];
      readonly summary: AuditSummaryDto;
      readonly rows: readonly ReplayRow[];
      /** The purposes the Purpose filter offers, in the catalogue's order. */
      readonly purposes: readonly string[];
      readonly truncated: boolean;
      readonly ranges: string;
      readonly hasIpLists: boolean;
      readonly cards: readonly ReplayCard[];
      readonly chart: ReplayChart | null;
      readonly warnings: readonly string[];
    }
  | { readonly type: 'ranges'; readonly message: string; readonly busy: boolean; readonly failed: boolean }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'notice'; readonly message: string };

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

export class ReplayPanel implements vscode.Disposable {
  private static current: ReplayPanel | undefined;

  /** Shows the panel for the document and logs (reusing the open one) and runs the replay. */
  static show(deps: ReplayPanelDeps, target: ReplayTarget): { panel: ReplayPanel; done: Promise<ReplayResult | undefined> } {
    const panel = ReplayPanel.current ?? new ReplayPanel(deps);
    ReplayPanel.current = panel;
    panel.panel.reveal(vscode.ViewColumn.Beside, true);
    return { panel, done: panel.retarget(target) };
  }

  static state(): ReplayPanelState {
    const panel = ReplayPanel.current;
    if (!panel) return { open: false };
    return {
      open: true,
      title: panel.panel.title,
      ...(panel.last ? { lastPosted: panel.last.type } : {}),
      recordCount: panel.records.length,
      runs: panel.runs,
      ...(panel.rendered ? { rendered: panel.rendered } : {}),
      ...(panel.notice !== undefined ? { notice: panel.notice } : {}),
      logFiles: panel.target.logFiles,
    };
  }

  /** For tests: hands a message to the panel as if the webview had posted it. */
  static simulate(message: unknown): Promise<void> {
    return ReplayPanel.current ? ReplayPanel.current.receive(message) : Promise.resolve();
  }

  private readonly panel: vscode.WebviewPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private target!: ReplayTarget;
  private records: readonly AuditRecordDto[] = [];
  private last: ToWebview | undefined;
  private rendered: { matching: number; inDom: number } | undefined;
  private notice: string | undefined;
  private sequence = 0;
  private runs = 0;
  // A failure is shown in the panel.
  private readonly rerunSoon = new Debounce(RERUN_DELAY_MS, () => void this.run().catch(() => undefined));
  private running: vscode.CancellationTokenSource | undefined;
  private progress: vscode.Disposable | undefined;
  private refreshing = false;

  private constructor(private readonly deps: ReplayPanelDeps) {
    const mediaRoot = vscode.Uri.joinPath(deps.extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel(
      REPLAY_VIEW_TYPE,
      'Access-log replay',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [mediaRoot], retainContextWhenHidden: true },
    );
    this.panel.webview.html = replayHtml(this.panel.webview, mediaRoot);
    this.subscriptions.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
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
    this.panel.title = `Replay — ${vscode.workspace.asRelativePath(target.document.uri)}`;
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
      const purposesOf = purposesOfCrawlers(result.summary);
      const rows = result.records.map((record) => toRow(record, purposesOf));
      this.post({
        type: 'result',
        title: vscode.workspace.asRelativePath(document.uri),
        logFiles: names,
        summary: result.summary,
        rows,
        purposes: purposeFilterOptions(result.summary),
        truncated: result.truncated,
        ranges: result.ranges,
        hasIpLists: hasIpLists(result.ranges),
        cards: replayCards(result.summary, result.ranges),
        chart: replayChart(rows),
        warnings: result.warnings,
      });
      return result;
    } catch (error) {
      if (sequence !== this.sequence) return undefined;
      this.records = [];
      this.post({ type: 'error', message: `The replay failed: ${error instanceof Error ? error.message : String(error)}` });
      throw error;
    } finally {
      if (this.running === source) this.running = undefined;
      source.dispose();
    }
  }

  /** Messages come from the webview: check their shape before acting on them. */
  private async receive(message: unknown): Promise<void> {
    if (typeof message !== 'object' || message === null) return;
    const m = message as Record<string, unknown>;
    switch (m.type) {
      case 'ready':
        if (this.last) void this.panel.webview.postMessage(this.last);
        return;
      case 'rendered':
        if (typeof m.matching === 'number' && typeof m.inDom === 'number') this.rendered = { matching: m.matching, inDom: m.inDom };
        return;
      case 'reveal': {
        const record = typeof m.index === 'number' ? this.records[m.index] : undefined;
        if (record && record.line !== null) await revealLine(this.target.document, record.line - 1);
        return;
      }
      case 'export':
        if (m.format === 'csv' || m.format === 'jsonl') await this.export(m.format, Array.isArray(m.indices) ? m.indices : undefined);
        return;
      case 'cancel':
        this.running?.cancel();
        return;
      case 'refreshRanges':
        await this.refreshRanges();
        return;
      case 'drop':
        await this.replayDropped(m.uris, m.files);
        return;
    }
  }

  /** A log dropped on the panel replaces the replayed ones, against the same robots.txt. */
  private async replayDropped(uris: unknown, fileNames: unknown): Promise<void> {
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

  private async export(format: 'csv' | 'jsonl', indices: readonly unknown[] | undefined): Promise<void> {
    const records = indices
      ? indices.map((i) => (typeof i === 'number' ? this.records[i] : undefined)).filter((r): r is AuditRecordDto => r !== undefined)
      : this.records;
    if (records.length === 0) {
      this.post({ type: 'notice', message: 'Nothing to export.' });
      return;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `replay.${format === 'csv' ? 'csv' : 'jsonl'}`;
    const target = await vscode.window.showSaveDialog({
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
      filters: format === 'csv' ? { CSV: ['csv'] } : { 'JSON lines': ['jsonl', 'ndjson'] },
      title: `Export ${records.length.toLocaleString('en-US')} replayed requests`,
    });
    if (!target) return;
    const lines = format === 'csv' ? [csvHeader(), ...records.map(csvRow)] : records.map(jsonLine);
    try {
      // Through VS Code's file system: the save dialog may name a file of a virtual workspace.
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(`${lines.join('\n')}\n`));
      this.post({ type: 'notice', message: `Exported ${plural(records.length, 'request', (n) => n.toLocaleString('en-US'))} to ${vscode.workspace.asRelativePath(target)}.` });
    } catch (error) {
      void vscode.window.showErrorMessage(`Replay export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private post(message: ToWebview): void {
    if (message.type === 'notice' || message.type === 'ranges') this.notice = message.message;
    if (message.type === 'result' || message.type === 'error' || message.type === 'running') this.last = message;
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (ReplayPanel.current === this) ReplayPanel.current = undefined;
    this.rerunSoon.dispose();
    this.sequence++;
    this.running?.cancel();
    this.progress?.dispose();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }

  static disposeCurrent(): void {
    ReplayPanel.current?.dispose();
  }
}

function toRow(r: AuditRecordDto, purposesOf: (crawler: string | null) => string): ReplayRow {
  return {
    t: r.time,
    ip: r.ip,
    m: r.method,
    u: r.url,
    s: r.status,
    c: r.crawler ?? (r.agent !== '' ? r.agent : r.client),
    p: purposesOf(r.crawler),
    k: r.client,
    v: r.verification,
    a: r.allowed,
    l: r.line,
    r: r.rule,
    x: r.violation,
    ua: r.userAgent,
  };
}

/** A static shell with a strict CSP: the data arrives by postMessage and is inserted as text. */
function replayHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  return webviewPageHtml(webview, mediaRoot, {
    title: 'Access-log replay',
    script: 'replay.js',
    libraries: ['replay-chart.js'],
    style: 'replay.css',
    header: true,
    body: `  <div id="progress-area" hidden>
    <progress id="progress"></progress>
    <span id="progress-text" class="muted"></span>
    <button type="button" id="cancel" class="secondary">Cancel</button>
  </div>
  <p id="status" role="status" aria-live="polite"></p>
  <section id="cards" class="cards" aria-label="Summary"></section>
  <section aria-label="Allowed and disallowed over time per crawler">
    <h2>Crawler requests over time</h2>
    <div id="chart" class="chart"></div>
  </section>
  <section aria-label="Requests">
    <h2>Requests</h2>
    <form id="filters" class="toolbar" autocomplete="off">
      <label>Crawler <select id="f-crawler"></select></label>
      <label>Purpose <select id="f-purpose"></select></label>
      <label>Verification <select id="f-verification"></select></label>
      <label>Verdict <select id="f-verdict"></select></label>
      <label>Status <select id="f-status"></select></label>
      <label class="grow">Path <input id="f-path" type="search" spellcheck="false" placeholder="contains…"></label>
      <button type="button" id="export-csv" class="secondary">Export CSV</button>
      <button type="button" id="export-jsonl" class="secondary">Export JSON lines</button>
    </form>
    <p id="count" class="muted"></p>
    <div id="table" class="table" role="table" aria-label="Replayed requests">
      <div id="viewport" class="viewport" tabindex="-1">
        <div id="table-head" class="row head" role="row"></div>
        <div id="spacer" class="spacer">
          <div id="rows" class="rows" role="rowgroup"></div>
        </div>
      </div>
    </div>
    <p class="muted legend">Click a row or press Enter on it to reveal the deciding rule in the editor. Arrow keys move between rows.</p>
  </section>`,
  });
}
