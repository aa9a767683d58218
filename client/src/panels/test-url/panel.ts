/**
 * Test URL's results panel: one row per crawler beside the editor, each winning line a
 * button that reveals it. The Output channel keeps the full text of every test as history;
 * the panel shows the latest. Verdict text comes from the document and the user: the page is
 * a static shell and `media/test-url.js` inserts every value as text.
 */

import type * as vscode from 'vscode';
import { revealLine } from '../../robots-document';
import type { WinningLineHighlight } from '../../winning-line';
import { watchSavedWords } from '../saved-words-watch';
import { WebviewPanelHost } from '../webview-panel-host';
import { isTestUrlIn } from './messages';
import type { TestUrlIn, TestUrlOut } from './messages';
import { testUrlPage } from './page';
import type { TestUrlView } from './view';

export const TEST_URL_VIEW_TYPE = 'robotsLens.testUrlResults';

export interface TestUrlPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly output: vscode.OutputChannel;
  readonly highlight: WinningLineHighlight;
}

export class TestUrlPanel extends WebviewPanelHost<TestUrlIn, TestUrlOut> {
  /** Shows the results for the document, reusing the open panel. */
  static show(deps: TestUrlPanelDeps, document: vscode.TextDocument, view: TestUrlView): void {
    const open = WebviewPanelHost.opened(TEST_URL_VIEW_TYPE);
    const panel = open instanceof TestUrlPanel ? open : new TestUrlPanel(deps);
    panel.document = document;
    panel.view = view;
    panel.title = `Test URL — ${view.url}`;
    panel.post({ type: 'results', view });
    panel.showBeside();
  }

  private document: vscode.TextDocument | undefined;
  private view: TestUrlView | undefined;

  private constructor(private readonly deps: TestUrlPanelDeps) {
    super(deps.extensionUri, { viewType: TEST_URL_VIEW_TYPE, title: 'Test URL', page: testUrlPage, accepts: isTestUrlIn, resend: (message) => message });
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

  protected async receive(message: TestUrlIn): Promise<void> {
    if (message.type === 'showLog') {
      this.deps.output.show(true);
      return;
    }
    if (!this.document || !this.view) return;
    const row = this.view.rows[message.row];
    const line = row?.winning ? row.winning.line - 1 : row?.groupLine;
    if (!row || line === undefined || line === null) return;
    await revealLine(this.document, line);
    this.deps.highlight.show(this.document, [{ line, note: `${row.agent}: ${row.state}` }], this.view.url);
  }
}
