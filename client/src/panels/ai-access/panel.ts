/**
 * The AI access panel: one webview beside the editor, fed by `robotsLens/aiAccess` on the
 * current buffer and refreshed (debounced) as the document changes, like the crawler matrix.
 * The panel only posts data; `media/ai-access.js` renders it as text and asks back to reveal
 * a line. While a refresh is pending the view is marked out of date; when a request fails it
 * is removed, so nothing is shown that the current buffer did not produce.
 */

import * as vscode from 'vscode';
import { aiAccessView } from './view';
import type { AiAccessView } from './view';
import { Debounce } from '../../debounce';
import type { RobotsServer } from '../../language-client';
import { revealLine } from '../../robots-document';
import { webviewPageHtml } from '../../webview-page';
import type { WinningLineHighlight } from '../../winning-line';

export const AI_ACCESS_VIEW_TYPE = 'robotsLens.aiAccess';
const REFRESH_DELAY_MS = 300;

type ToWebview =
  | { readonly type: 'view'; readonly view: AiAccessView }
  | { readonly type: 'busy'; readonly message: string }
  | { readonly type: 'error'; readonly message: string };

export interface AiAccessPanelDeps {
  readonly server: RobotsServer;
  readonly highlight: WinningLineHighlight;
  readonly extensionUri: vscode.Uri;
}

export class AiAccessPanel implements vscode.Disposable {
  private static current: AiAccessPanel | undefined;

  /** Shows the panel for the document, reusing the open one. */
  static show(deps: AiAccessPanelDeps, document: vscode.TextDocument): AiAccessPanel {
    const panel = AiAccessPanel.current ?? new AiAccessPanel(deps);
    AiAccessPanel.current = panel;
    panel.retarget(document);
    panel.panel.reveal(vscode.ViewColumn.Beside, true);
    return panel;
  }

  private readonly panel: vscode.WebviewPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private document!: vscode.TextDocument;
  /** Lines the view on screen offers to reveal: a message naming another line is ignored. */
  private lines = new Set<number>();
  private last: ToWebview | undefined;
  private sequence = 0;
  private readonly refreshSoon = new Debounce(REFRESH_DELAY_MS, () => void this.refresh());

  private constructor(private readonly deps: AiAccessPanelDeps) {
    const mediaRoot = vscode.Uri.joinPath(deps.extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel(
      AI_ACCESS_VIEW_TYPE,
      'AI access',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [mediaRoot] },
    );
    this.panel.webview.html = aiAccessHtml(this.panel.webview, mediaRoot);
    this.subscriptions.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) this.scheduleRefresh();
      }),
    );
  }

  private retarget(document: vscode.TextDocument): void {
    this.document = document;
    this.panel.title = `AI access — ${vscode.workspace.asRelativePath(document.uri)}`;
    void this.refresh();
  }

  private scheduleRefresh(): void {
    this.post({ type: 'busy', message: 'The document changed: updating…' });
    this.refreshSoon.schedule();
  }

  private async refresh(): Promise<void> {
    const sequence = ++this.sequence;
    const document = this.document;
    try {
      // Re-opening is free when the document is open, and re-syncs it when VS Code closed it.
      await vscode.workspace.openTextDocument(document.uri);
      const result = await this.deps.server.aiAccess(document.uri);
      if (sequence !== this.sequence) return;
      const view = aiAccessView(result, { documentName: vscode.workspace.asRelativePath(document.uri) });
      this.lines = new Set([
        ...view.purposes.flatMap((purpose) => purpose.rows.map((row) => row.groupLine)),
        ...view.preferences.rows.flatMap((row) => row.cells.map((cell) => cell.line)),
      ].filter((line): line is number => line !== null));
      this.post({ type: 'view', view });
    } catch (error) {
      if (sequence !== this.sequence) return;
      this.lines = new Set();
      this.post({ type: 'error', message: `AI access could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  /** Messages come from the webview: check their shape before acting on them. */
  private receive(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const m = message as Record<string, unknown>;
    if (m.type === 'ready') {
      // A webview reloaded (e.g. after being hidden) has lost its state: send the last one again.
      if (this.last) void this.panel.webview.postMessage(this.last);
    } else if (m.type === 'reveal' && typeof m.line === 'number' && this.lines.has(m.line)) {
      const line = m.line;
      const note = typeof m.note === 'string' ? m.note.slice(0, 200) : '';
      void revealLine(this.document, line).then(() => {
        if (note !== '') this.deps.highlight.show(this.document, [{ line, note }]);
      });
    }
  }

  private post(message: ToWebview): void {
    if (message.type !== 'busy') this.last = message;
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (AiAccessPanel.current === this) AiAccessPanel.current = undefined;
    this.refreshSoon.dispose();
    this.sequence++;
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }

  /** Closes the panel, if open (on deactivation). */
  static disposeCurrent(): void {
    AiAccessPanel.current?.dispose();
  }
}

/** A static shell with a strict CSP: the data arrives by postMessage and is inserted as text. */
function aiAccessHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  return webviewPageHtml(webview, mediaRoot, {
    title: 'AI access',
    script: 'ai-access.js',
    style: 'ai-access.css',
    header: true,
    body: `  <p id="status" role="status" aria-live="polite"></p>
  <div id="content">
    <section aria-labelledby="purposes-heading">
      <h2 id="purposes-heading">Crawlers by purpose</h2>
      <p class="muted legend">What each crawler of the catalogue may fetch under this robots.txt. "Nothing" and "everything" hold for every URL; the rest may fetch some paths. A crawler with several purposes is listed under each. Rules are what a compliant crawler enforces: a fetcher marked "user-initiated: may ignore robots.txt" acts for a person, and its operator does not say it follows them.</p>
      <div id="purposes"></div>
    </section>
    <section aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">AI-use preferences per path</h2>
      <p id="preferences-caption" class="muted"></p>
      <div id="preferences" class="table-scroll"></div>
    </section>
  </div>`,
  });
}
