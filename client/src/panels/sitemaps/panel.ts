/**
 * Check Sitemaps' results panel: per crawler a count, then one row per blocked URL whose
 * deciding line is a button that reveals it in the editor. URLs and rule text come from
 * sitemaps and the document: the page is a static shell and `media/sitemaps.js` inserts
 * every value as text.
 */

import type * as vscode from 'vscode';
import { revealLine } from '../../robots-document';
import type { WinningLineHighlight } from '../../winning-line';
import { watchSavedWords } from '../saved-words-watch';
import { WebviewPanelHost } from '../webview-panel-host';
import { isSitemapsIn } from './messages';
import type { SitemapsIn, SitemapsOut } from './messages';
import { sitemapsPage } from './page';
import type { SitemapsView } from './view';

export const SITEMAPS_VIEW_TYPE = 'robotsLens.sitemaps';

export interface SitemapsPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly highlight: WinningLineHighlight;
}

export class SitemapsPanel extends WebviewPanelHost<SitemapsIn, SitemapsOut> {
  /** Shows the results for the document, reusing the open panel. */
  static show(deps: SitemapsPanelDeps, document: vscode.TextDocument, view: SitemapsView): void {
    const open = WebviewPanelHost.opened(SITEMAPS_VIEW_TYPE);
    const panel = open instanceof SitemapsPanel ? open : new SitemapsPanel(deps);
    panel.document = document;
    panel.view = view;
    panel.post({ type: 'results', view });
    panel.showBeside();
  }

  private document: vscode.TextDocument | undefined;
  private view: SitemapsView | undefined;

  private constructor(private readonly deps: SitemapsPanelDeps) {
    super(deps.extensionUri, {
      viewType: SITEMAPS_VIEW_TYPE,
      title: 'Sitemaps',
      page: sitemapsPage,
      retainContextWhenHidden: true,
      accepts: isSitemapsIn,
      resend: (message) => message,
    });
    // The panel keeps one answer: it says whether that is of the saved file, of unsaved edits,
    // or of a text edited since, as the document is saved and edited.
    this.watch(
      ...watchSavedWords(
        () => ({ document: this.document, view: this.view }),
        (view) => {
          this.view = view;
          this.post({ type: 'results', view });
        },
      ),
    );
  }

  protected async receive(message: SitemapsIn): Promise<void> {
    const row = this.view?.rows[message.row];
    if (!this.document || !row || row.line < 1) return;
    await revealLine(this.document, row.line - 1);
    this.deps.highlight.show(this.document, [{ line: row.line - 1, note: `${row.agent}: blocks ${row.url}` }]);
  }
}
