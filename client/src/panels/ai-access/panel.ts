/**
 * The AI access panel: one webview beside the editor, fed by `robotsLens/aiAccess` on the
 * current buffer and refreshed (debounced) as the document changes, like the crawler matrix.
 * The panel only posts data; `media/ai-access.js` renders it as text and asks back to reveal
 * a line. While a refresh is pending the view is marked out of date; when a request fails it
 * is removed, so nothing is shown that the current buffer did not produce.
 */

import * as vscode from 'vscode';
import type { RobotsServer } from '../../language-client';
import { generateServerRulesFor } from '../../commands/server-rules';
import { revealLine } from '../../robots-document';
import type { WinningLineHighlight } from '../../winning-line';
import { LatestRefresh } from '../latest-refresh';
import { savedWords } from '../saved-state';
import { WebviewPanelHost } from '../webview-panel-host';
import { aiAccessResend, isAiAccessIn } from './messages';
import type { AiAccessIn, AiAccessOut } from './messages';
import { aiAccessPage } from './page';
import { aiAccessView } from './view';

export const AI_ACCESS_VIEW_TYPE = 'robotsLens.aiAccess';

export interface AiAccessPanelDeps {
  readonly server: RobotsServer;
  readonly highlight: WinningLineHighlight;
  readonly extensionUri: vscode.Uri;
}

export class AiAccessPanel extends WebviewPanelHost<AiAccessIn, AiAccessOut> {
  /** Shows the panel for the document, reusing the open one. */
  static show(deps: AiAccessPanelDeps, document: vscode.TextDocument): AiAccessPanel {
    const open = WebviewPanelHost.opened(AI_ACCESS_VIEW_TYPE);
    const panel = open instanceof AiAccessPanel ? open : new AiAccessPanel(deps);
    panel.retarget(document);
    panel.showBeside();
    return panel;
  }

  private document!: vscode.TextDocument;
  /** Lines the view on screen offers to reveal: a message naming another line is ignored. */
  private lines = new Set<number>();
  /** The crawlers the view on screen offers to enforce for. */
  private enforceable: readonly string[] = [];
  private readonly refresher = new LatestRefresh((isLatest) => this.refresh(isLatest));

  private constructor(private readonly deps: AiAccessPanelDeps) {
    super(deps.extensionUri, { viewType: AI_ACCESS_VIEW_TYPE, title: 'AI access', page: aiAccessPage, accepts: isAiAccessIn, resend: aiAccessResend });
    this.watch(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) this.scheduleRefresh();
      }),
      // Saving changes no verdict, only the words "unsaved changes": the same answer, said again.
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document === this.document) void this.refresher.now();
      }),
    );
  }

  private retarget(document: vscode.TextDocument): void {
    this.document = document;
    this.title = `AI access — ${vscode.workspace.asRelativePath(document.uri)}`;
    void this.refresher.now();
  }

  private scheduleRefresh(): void {
    this.post({ type: 'busy', message: 'The document changed: updating…' });
    this.refresher.soon();
  }

  private async refresh(isLatest: () => boolean): Promise<void> {
    const document = this.document;
    try {
      // Re-opening is free when the document is open, and re-syncs it when VS Code closed it.
      await vscode.workspace.openTextDocument(document.uri);
      const result = await this.deps.server.aiAccess(document.uri);
      if (!isLatest()) return;
      const view = aiAccessView(result, { documentName: vscode.workspace.asRelativePath(document.uri), saved: savedWords(document, result.version) });
      this.lines = new Set([
        ...view.purposes.flatMap((purpose) => purpose.rows.map((row) => row.groupLine)),
        ...view.preferences.rows.flatMap((row) => row.cells.map((cell) => cell.line)),
      ].filter((line): line is number => line !== null));
      this.enforceable = view.enforceable;
      this.post({ type: 'view', view });
    } catch (error) {
      if (!isLatest()) return;
      this.lines = new Set();
      this.enforceable = [];
      this.post({ type: 'error', message: `AI access could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  protected receive(message: AiAccessIn): void {
    if (message.type === 'enforce') {
      // The crawlers offered are those of the view on screen, never a list the page sends.
      if (this.enforceable.length > 0) void generateServerRulesFor(this.document, this.enforceable);
      return;
    }
    if (!this.lines.has(message.line)) return;
    const { line } = message;
    const note = message.note.slice(0, 200);
    void revealLine(this.document, line).then(() => {
      if (note !== '') this.deps.highlight.show(this.document, [{ line, note }]);
    });
  }

  override dispose(): void {
    this.refresher.dispose();
    super.dispose();
  }
}
