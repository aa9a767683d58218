/**
 * The comparison panel: the semantic diff from another version (git HEAD, another file) to
 * the buffer, grouped by crawler, and with a log, the requests each crawler made that are
 * decided differently, with examples. The panel posts plain data; `media/compare.js` renders
 * it as text. A new-version line is a link that reveals the line in the editor; old-version
 * lines are only named ("old line 12"), since that version is not open.
 */

import * as vscode from 'vscode';
import { compareRequestsView } from './compare-requests-view';
import type { CompareRequestsView } from './compare-requests-view';
import { webviewPageHtml } from './webview-page';
import { displayToken, groupCrawlerDiffs } from '../../server/src/core';
import type { CrawlerDiff } from '../../server/src/core';
import type { CompareResult } from '../../server/src/protocol';
import type { LoggedCompareResult } from './compare-with-log';
import { revealLine } from './robots-document';

export const COMPARE_VIEW_TYPE = 'robotsLens.compare';
/** Crawler names spelled out in a heading (as the CLI's `diff`). */
const NAMES_IN_HEADING = 8;

export interface CompareChangeView {
  readonly kind: 'newly-disallowed' | 'newly-allowed';
  readonly description: string;
  readonly examples: readonly string[];
  readonly exact: boolean;
  readonly undecided: boolean;
  /** 1-based lines in the buffer compared. */
  readonly newLines: readonly number[];
  /** 1-based lines in the other version. */
  readonly oldLines: readonly number[];
}

export interface CompareGroupView {
  readonly heading: string;
  readonly groupChange?: string;
  readonly changes: readonly CompareChangeView[];
}

export interface CompareView {
  readonly title: string;
  readonly summary: string;
  readonly groups: readonly CompareGroupView[];
  readonly shadowing: readonly { readonly description: string; readonly line: number }[];
  /** Present when a log was counted. */
  readonly requests?: CompareRequestsView;
  /** Why the latest replayed log was not counted, when it was not. */
  readonly logLeftOut?: string;
}

type ToWebview = { readonly type: 'compare'; readonly view: CompareView } | { readonly type: 'notice'; readonly message: string };

function heading(crawlers: readonly CrawlerDiff[]): string {
  const ordered = [...crawlers.filter((c) => c.token === '*'), ...crawlers.filter((c) => c.token !== '*')];
  const names = ordered.slice(0, NAMES_IN_HEADING).map((c) => displayToken(c));
  const more = crawlers.length - names.length;
  const count = crawlers.length > 1 ? ` (${crawlers.length} crawlers)` : '';
  return `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}${count}`;
}

export function compareView(result: CompareResult & { readonly logLeftOut?: string }, documentName: string, otherLabel: string): CompareView {
  return {
    title: `${otherLabel} → ${documentName}`,
    summary: result.summary,
    groups: groupCrawlerDiffs(result.diff.crawlers).map((group) => ({
      heading: heading(group.crawlers),
      ...(group.groupChange ? { groupChange: group.groupChange.description } : {}),
      changes: group.changes.map((change) => ({
        kind: change.kind,
        description: change.description,
        // Inexact descriptions carry their examples already.
        examples: change.exact ? change.examples : [],
        exact: change.exact,
        undecided: change.undecided === true,
        newLines: change.newLines,
        oldLines: change.oldLines,
      })),
    })),
    shadowing: result.diff.shadowing.map((s) => ({ description: s.description, line: s.rule.line })),
    ...(result.requests ? { requests: compareRequestsView(result.requests) } : {}),
    ...(result.logLeftOut !== undefined ? { logLeftOut: result.logLeftOut } : {}),
  };
}

export class ComparePanel implements vscode.Disposable {
  private static current: ComparePanel | undefined;

  /** Shows the comparison, reusing the open panel. */
  static show(extensionUri: vscode.Uri, document: vscode.TextDocument, result: LoggedCompareResult, otherLabel: string): ComparePanel {
    const panel = ComparePanel.current ?? new ComparePanel(extensionUri);
    ComparePanel.current = panel;
    panel.update(document, result, otherLabel);
    panel.panel.reveal(vscode.ViewColumn.Beside, true);
    return panel;
  }

  private readonly panel: vscode.WebviewPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private document: vscode.TextDocument | undefined;
  private last: ToWebview | undefined;

  private constructor(extensionUri: vscode.Uri) {
    const mediaRoot = vscode.Uri.joinPath(extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel(
      COMPARE_VIEW_TYPE,
      'Compare robots.txt',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [mediaRoot] },
    );
    this.panel.webview.html = compareHtml(this.panel.webview, mediaRoot);
    this.subscriptions.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) {
          this.post({ type: 'notice', message: 'The document changed since this comparison: run Compare with… again for the current text.' });
        }
      }),
    );
  }

  private update(document: vscode.TextDocument, result: LoggedCompareResult, otherLabel: string): void {
    this.document = document;
    const name = vscode.workspace.asRelativePath(document.uri);
    this.panel.title = `Compare — ${name}`;
    this.post({ type: 'compare', view: compareView(result, name, otherLabel) });
  }

  /** Messages come from the webview: check their shape before acting on them. */
  private receive(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const m = message as Record<string, unknown>;
    if (m.type === 'ready') {
      if (this.last) void this.panel.webview.postMessage(this.last);
    } else if (m.type === 'reveal' && typeof m.line === 'number' && Number.isInteger(m.line) && this.document) {
      // 1-based in the diff; 0-based in the editor.
      if (m.line >= 1 && m.line <= this.document.lineCount) void revealLine(this.document, m.line - 1);
    }
  }

  private post(message: ToWebview): void {
    if (message.type === 'compare') this.last = message;
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (ComparePanel.current === this) ComparePanel.current = undefined;
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }

  static disposeCurrent(): void {
    ComparePanel.current?.dispose();
  }

  /** Whether the panel is open (for tests). */
  static isOpen(): boolean {
    return ComparePanel.current !== undefined;
  }
}

/** A static shell under a strict CSP: the data arrives by postMessage and is inserted as text. */
function compareHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  return webviewPageHtml(webview, mediaRoot, {
    title: 'Compare robots.txt',
    script: 'compare.js',
    style: 'compare.css',
    body: `  <header>
    <h1 id="title">Compare robots.txt</h1>
    <p id="summary" class="summary">Loading…</p>
  </header>
  <p id="status" role="status" aria-live="polite"></p>
  <div id="groups"></div>
  <section id="requests" hidden>
    <h2 id="requests-title"></h2>
    <div id="request-crawlers"></div>
    <p id="requests-note" class="muted"></p>
  </section>
  <p class="muted legend">Lines of the current version are links: click or press Enter to reveal them in the editor. Lines of the other version are named only.</p>`,
  });
}
