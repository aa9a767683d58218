/**
 * Test URL's results panel: one row per crawler beside the editor, each winning line a
 * button that reveals it. The Output channel keeps the full text of every test as history;
 * the panel shows the latest. Verdict text comes from the document and the user: the page is
 * a static shell and `media/test-url.js` inserts every value as text.
 */

import * as vscode from 'vscode';
import { revealLine } from '../../robots-document';
import type { TestUrlView } from './view';
import { webviewPageHtml } from '../../webview-page';
import type { WinningLineHighlight } from '../../winning-line';

export const TEST_URL_VIEW_TYPE = 'robotsLens.testUrlResults';

export interface TestUrlPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly output: vscode.OutputChannel;
  readonly highlight: WinningLineHighlight;
}

export class TestUrlPanel implements vscode.Disposable {
  private static current: TestUrlPanel | undefined;

  /** Shows the results for the document, reusing the open panel. */
  static show(deps: TestUrlPanelDeps, document: vscode.TextDocument, view: TestUrlView): void {
    const panel = TestUrlPanel.current ?? new TestUrlPanel(deps);
    TestUrlPanel.current = panel;
    panel.document = document;
    panel.view = view;
    panel.panel.title = `Test URL — ${view.url}`;
    void panel.panel.webview.postMessage({ type: 'results', view });
    panel.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  private readonly panel: vscode.WebviewPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private document: vscode.TextDocument | undefined;
  private view: TestUrlView | undefined;

  private constructor(private readonly deps: TestUrlPanelDeps) {
    const mediaRoot = vscode.Uri.joinPath(deps.extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel(
      TEST_URL_VIEW_TYPE,
      'Test URL',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [mediaRoot] },
    );
    this.panel.webview.html = webviewPageHtml(this.panel.webview, mediaRoot, {
      title: 'Test URL',
      script: 'test-url.js',
      style: 'test-url.css',
      header: true,
      body: `  <p id="summary" role="status" aria-live="polite"></p>
  <p id="fetch-state" class="notice" hidden></p>
  <div class="scroll"><table id="results" class="results"></table></div>
  <p class="muted legend">Click a winning line (or a group, when no rule decided) to reveal it in the editor. <button type="button" id="show-log" class="link">Show the log of every test</button></p>`,
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
    } else if (m.type === 'showLog') {
      this.deps.output.show(true);
    } else if (m.type === 'reveal' && typeof m.row === 'number' && this.document && this.view) {
      const row = this.view.rows[m.row];
      const line = row?.winning ? row.winning.line - 1 : row?.groupLine;
      if (!row || line === undefined || line === null) return;
      await revealLine(this.document, line);
      this.deps.highlight.show(this.document, [{ line, note: `${row.agent}: ${row.state}` }]);
    }
  }

  dispose(): void {
    if (TestUrlPanel.current === this) TestUrlPanel.current = undefined;
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }

  static disposeCurrent(): void {
    TestUrlPanel.current?.dispose();
  }
}
