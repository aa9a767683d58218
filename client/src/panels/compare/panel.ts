/**
 * The comparison panel: the semantic diff from another version (git HEAD, another file) to
 * the buffer, grouped by crawler, and with a log, the requests each crawler made that are
 * decided differently, with examples. The panel posts plain data; `media/compare.js` renders
 * it as text. A new-version line is a link that reveals the line in the editor; old-version
 * lines are only named ("old line 12"), since that version is not open. Its sitemap section
 * reads nothing until the user clicks: then the comparison is sent again with the buffer's
 * `Sitemap:` URLs (or picked files) and says how many URLs listed there the edit flips.
 */

import * as vscode from 'vscode';
import { compareWithLatestLog } from '../../compare-with-log';
import type { CompareWithLogDeps, LoggedCompareResult } from '../../compare-with-log';
import { revealLine } from '../../robots-document';
import { WebviewPanelHost } from '../webview-panel-host';
import { compareResend, isCompareIn } from './messages';
import type { CompareIn, CompareOut } from './messages';
import { comparePage } from './page';
import { compareView, sitemapUrlsOf } from './view';

export const COMPARE_VIEW_TYPE = 'robotsLens.compare';

export interface ComparePanelDeps extends CompareWithLogDeps {
  readonly extensionUri: vscode.Uri;
}

/** The version compared with, kept to send the comparison again with sitemaps. */
export interface CompareOther {
  readonly text: string;
  readonly label: string;
}

export class ComparePanel extends WebviewPanelHost<CompareIn, CompareOut> {
  /** Shows the comparison, reusing the open panel. */
  static show(deps: ComparePanelDeps, document: vscode.TextDocument, result: LoggedCompareResult, other: CompareOther): ComparePanel {
    const open = WebviewPanelHost.opened(COMPARE_VIEW_TYPE);
    const panel = open instanceof ComparePanel ? open : new ComparePanel(deps);
    panel.update(document, result, other);
    panel.showBeside();
    return panel;
  }

  private document: vscode.TextDocument | undefined;
  private other: CompareOther | undefined;
  private counting = false;

  private constructor(private readonly deps: ComparePanelDeps) {
    super(deps.extensionUri, { viewType: COMPARE_VIEW_TYPE, title: 'Compare robots.txt', page: comparePage, accepts: isCompareIn, resend: compareResend });
    this.watch(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) {
          this.post({ type: 'notice', message: 'The document changed since this comparison: run Compare with… again for the current text.' });
        }
      }),
    );
  }

  private update(document: vscode.TextDocument, result: LoggedCompareResult, other: CompareOther): void {
    this.document = document;
    this.other = other;
    const name = vscode.workspace.asRelativePath(document.uri);
    this.title = `Compare — ${name}`;
    const text = document.getText();
    this.post({ type: 'compare', view: compareView(result, name, other.label, sitemapUrlsOf(text), { old: other.text, new: text }) });
  }

  /**
   * The user asked for the sitemaps: the comparison is sent again with them (and the same
   * log), so the panel shows one answer for the current buffer. Cancellable, as it fetches.
   */
  private async countSitemaps(pick: boolean): Promise<void> {
    const document = this.document;
    const other = this.other;
    if (!document || !other || this.counting) return;
    let sitemaps: readonly string[] = sitemapUrlsOf(document.getText());
    if (pick) {
      const files = await vscode.window.showOpenDialog({ title: 'Sitemaps to count', openLabel: 'Count', canSelectMany: true, filters: { Sitemaps: ['xml', 'gz'], 'All files': ['*'] } });
      if (!files || files.length === 0) return;
      sitemaps = files.map((file) => file.fsPath);
    }
    if (sitemaps.length === 0) return;
    this.counting = true;
    this.post({ type: 'sitemaps-busy', busy: true });
    let cancelled = false;
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Counting URLs in your sitemaps', cancellable: true },
        (_progress, token) => {
          token.onCancellationRequested(() => (cancelled = true));
          return compareWithLatestLog(this.deps, document, other, token, sitemaps);
        },
      );
      if (WebviewPanelHost.opened(COMPARE_VIEW_TYPE) === this) this.update(document, result, other);
    } catch (error) {
      const why = cancelled ? 'cancelled.' : error instanceof Error ? error.message : String(error);
      this.post({ type: 'notice', message: `Sitemaps not counted: ${why}` });
    } finally {
      this.counting = false;
      this.post({ type: 'sitemaps-busy', busy: false });
    }
  }

  protected receive(message: CompareIn): void {
    if (message.type === 'reveal') {
      // 1-based in the diff; 0-based in the editor.
      if (this.document && message.line >= 1 && message.line <= this.document.lineCount) void revealLine(this.document, message.line - 1);
    } else {
      void this.countSitemaps(message.type === 'pickSitemaps');
    }
  }
}
