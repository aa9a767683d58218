/**
 * The crawler matrix panel: one webview beside the editor, fed by `robotsLens/matrix` on
 * the current buffer and refreshed (debounced) as the document changes. The panel only
 * posts data; the webview script renders it as text and asks back to reveal a cell's line.
 *
 * While a refresh is pending the table is marked out of date; when a request fails the
 * table is removed, so a verdict is never shown that the current buffer did not produce.
 */

import * as vscode from 'vscode';
import { parseTarget } from '@robots-lens/kernel/match';
import type { FetchedDocuments } from '../../commands/fetch';
import type { RobotsServer } from '../../language-client';
import { lineTextOf, revealLine } from '../../robots-document';
import { SETTINGS_SECTION, readSettings } from '../../settings';
import type { WinningLineHighlight } from '../../winning-line';
import { LatestRefresh } from '../latest-refresh';
import { savedWords } from '../saved-state';
import { WebviewPanelHost } from '../webview-panel-host';
import { isMatrixIn, matrixResend } from './messages';
import type { MatrixIn, MatrixOut } from './messages';
import { matrixPage } from './page';
import { otherOriginNotice } from './paths';
import { matrixView } from './view';
import type { MatrixView } from './view';

export const MATRIX_VIEW_TYPE = 'robotsLens.matrix';

export interface MatrixPanelDeps {
  readonly server: RobotsServer;
  readonly highlight: WinningLineHighlight;
  readonly extensionUri: vscode.Uri;
  /** Where fetched documents came from: their origin is passed with every request. */
  readonly fetched?: FetchedDocuments;
}

export interface MatrixTarget {
  readonly document: vscode.TextDocument;
  /** Rows asked for (a CodeLens's crawlers); undefined: `robotsLens.matrix.crawlers` or the well-known ones. */
  readonly agents?: readonly string[];
}

export class MatrixPanel extends WebviewPanelHost<MatrixIn, MatrixOut> {
  /** Shows the panel for the document, reusing the open one. */
  static show(deps: MatrixPanelDeps, target: MatrixTarget): MatrixPanel {
    const open = WebviewPanelHost.opened(MATRIX_VIEW_TYPE);
    const panel = open instanceof MatrixPanel ? open : new MatrixPanel(deps);
    panel.retarget(target);
    panel.showBeside();
    return panel;
  }

  private document!: vscode.TextDocument;
  private agents: readonly string[] | undefined;
  /** Paths the user chose; undefined means the file's own (the server's default). */
  private paths: string[] | undefined;
  private view: MatrixView | undefined;
  private readonly refresher = new LatestRefresh((isLatest) => this.refresh(isLatest));

  private constructor(private readonly deps: MatrixPanelDeps) {
    super(deps.extensionUri, { viewType: MATRIX_VIEW_TYPE, title: 'Crawler matrix', page: matrixPage, accepts: isMatrixIn, resend: matrixResend });
    this.watch(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) this.scheduleRefresh();
      }),
      // Saving changes no verdict, only the words "unsaved changes": the same answer, said again.
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document === this.document) void this.refresher.now();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (this.agents === undefined && event.affectsConfiguration(`${SETTINGS_SECTION}.matrix.crawlers`, this.document.uri)) this.scheduleRefresh();
      }),
    );
  }

  private retarget(target: MatrixTarget): void {
    if (this.document !== target.document) this.paths = undefined;
    this.document = target.document;
    this.agents = target.agents && target.agents.length > 0 ? target.agents : undefined;
    this.title = `Crawler matrix — ${vscode.workspace.asRelativePath(target.document.uri)}`;
    void this.refresher.now();
  }

  private scheduleRefresh(): void {
    this.post({ type: 'busy', message: 'The document changed: updating…' });
    this.refresher.soon();
  }

  /** Recomputes the matrix; `notice` is shown with the result (a message sent before it would be replaced). */
  private async refresh(isLatest: () => boolean, notice?: string): Promise<void> {
    const document = this.document;
    try {
      // Re-opening is free when the document is open, and re-syncs it when VS Code closed it.
      await vscode.workspace.openTextDocument(document.uri);
      const agents = this.agents ?? readSettings(document.uri).matrixCrawlers;
      const version = document.version;
      const origin = this.deps.fetched?.sourceOf(document.uri)?.origin;
      const result = await this.deps.server.matrix(document.uri, {
        ...(agents.length > 0 ? { agents } : {}),
        ...(this.paths ? { paths: this.paths } : {}),
        ...(origin !== undefined ? { origin } : {}),
      });
      if (!isLatest()) return;
      this.view = matrixView(result, {
        documentName: vscode.workspace.asRelativePath(document.uri),
        version,
        saved: savedWords(document, version),
        customPaths: this.paths !== undefined,
        lineText: lineTextOf(document),
      });
      const notes = [this.view.fetchState, this.view.truncated, notice].filter((note): note is string => note !== undefined && note !== '');
      this.post({ type: 'matrix', view: this.view, ...(notes.length > 0 ? { notice: notes.join(' ') } : {}) });
    } catch (error) {
      if (!isLatest()) return;
      this.view = undefined;
      this.post({ type: 'error', message: `The matrix could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  protected receive(message: MatrixIn): void {
    switch (message.type) {
      case 'reveal':
        void this.reveal(message.row, message.column);
        return;
      case 'addPaths':
        this.addPaths(message.paths);
        return;
      case 'removePath':
        this.removePath(message.path);
        return;
      case 'resetPaths':
        this.paths = undefined;
        void this.refresher.now();
        return;
    }
  }

  private async reveal(row: number, column: number): Promise<void> {
    const viewRow = this.view?.rows[row];
    const cell = column < 0 ? undefined : viewRow?.cells[column];
    const line = column < 0 ? viewRow?.groupLine : cell?.line;
    if (!viewRow || line === undefined || line === null) return;
    await revealLine(this.document, line);
    const note = cell ? `${viewRow.agent}, ${this.view?.paths[column] ?? ''}: ${cell.text.toLowerCase()}` : `${viewRow.agent} uses this group`;
    this.deps.highlight.show(this.document, [{ line, note }]);
  }

  private addPaths(input: readonly string[]): void {
    const current = this.paths ?? [...(this.view?.paths ?? [])];
    const before = [...current];
    const rejected: string[] = [];
    for (const raw of input) {
      const path = raw.trim();
      if (path === '') continue;
      const parsed = parseTarget(path);
      if (!parsed.ok) rejected.push(parsed.message);
      else if (!current.includes(path)) current.push(path);
    }
    this.paths = current;
    const elsewhere = otherOriginNotice(before, current.slice(before.length), this.deps.fetched?.sourceOf(this.document.uri)?.origin);
    const notes = [rejected.length > 0 ? `Not added: ${rejected.join(' ')}` : undefined, elsewhere].filter((note): note is string => note !== undefined);
    const notice = notes.length > 0 ? notes.join(' ') : undefined;
    void this.refresher.now((isLatest) => this.refresh(isLatest, notice));
  }

  private removePath(path: string): void {
    const current = this.paths ?? [...(this.view?.paths ?? [])];
    const remaining = current.filter((other) => other !== path);
    if (remaining.length === 0) {
      this.post({ type: 'notice', message: 'The matrix needs at least one path.' });
      return;
    }
    this.paths = remaining;
    void this.refresher.now();
  }

  override dispose(): void {
    this.refresher.dispose();
    super.dispose();
  }
}
