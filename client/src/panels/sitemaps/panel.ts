/**
 * Check Sitemaps' results panel: per crawler a count, then one row per blocked URL whose
 * deciding line is a button that reveals it in the editor. URLs and rule text come from
 * sitemaps and the document: the page is a static shell and `media/sitemaps.js` inserts
 * every value as text.
 */

import * as vscode from 'vscode';
import { revealLine } from '../../robots-document';
import type { SitemapsView } from './view';
import { webviewPageHtml } from '../../webview-page';
import type { WinningLineHighlight } from '../../winning-line';

export const SITEMAPS_VIEW_TYPE = 'robotsLens.sitemaps';

export interface SitemapsPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly highlight: WinningLineHighlight;
}

export class SitemapsPanel implements vscode.Disposable {
  private static current: SitemapsPanel | undefined;

  /** Shows the results for the document, reusing the open panel. */
  static show(deps: SitemapsPanelDeps, document: vscode.TextDocument, view: SitemapsView): void {
    const panel = SitemapsPanel.current ?? new SitemapsPanel(deps);
    SitemapsPanel.current = panel;
    panel.document = document;
    panel.view = view;
    void panel.panel.webview.postMessage({ type: 'results', view });
    panel.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  private readonly panel: vscode.WebviewPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private document: vscode.TextDocument | undefined;
  private view: SitemapsView | undefined;

  private constructor(private readonly deps: SitemapsPanelDeps) {
    const mediaRoot = vscode.Uri.joinPath(deps.extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel(
      SITEMAPS_VIEW_TYPE,
      'Sitemaps',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [mediaRoot], retainContextWhenHidden: true },
    );
    this.panel.webview.html = webviewPageHtml(this.panel.webview, mediaRoot, {
      title: 'Sitemaps',
      script: 'sitemaps.js',
      style: 'test-url.css',
      body: `  <header>
    <h1>Sitemaps checked against robots.txt</h1>
    <p id="subtitle" class="muted">Loading…</p>
  </header>
  <p id="summary" role="status" aria-live="polite"></p>
  <ul id="crawlers"></ul>
  <div id="notices"></div>
  <div class="scroll"><table id="blocked" class="results"></table></div>
  <p id="omitted" class="muted" hidden></p>
  <h2 class="small">Sitemaps read</h2>
  <ul id="sitemaps"></ul>
  <div id="aside-block" hidden><h2 class="small">Not decided by this robots.txt</h2><ul id="aside"></ul></div>
  <p class="muted legend">Click a deciding line to reveal it in the editor.</p>`,
    });
    this.subscriptions.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
    );
  }

  /** Messages come from the webview: check their shape before acting on them. */
  private async receive(message: unknown): Promise<void> {
    if (typeof message !== 'object' || message === null) return;
    const m = message as Record<string, unknown>;
    if (m.type === 'ready' && this.view) {
      void this.panel.webview.postMessage({ type: 'results', view: this.view });
    } else if (m.type === 'reveal' && typeof m.row === 'number' && this.document && this.view) {
      const row = this.view.rows[m.row];
      if (!row || row.line < 1) return;
      await revealLine(this.document, row.line - 1);
      this.deps.highlight.show(this.document, [{ line: row.line - 1, note: `${row.agent}: blocks ${row.url}` }]);
    }
  }

  dispose(): void {
    if (SitemapsPanel.current === this) SitemapsPanel.current = undefined;
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }

  static disposeCurrent(): void {
    SitemapsPanel.current?.dispose();
  }
}
