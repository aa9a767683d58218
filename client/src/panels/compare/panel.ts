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
import { compareRequestsView } from './requests-view';
import type { CompareRequestsView } from './requests-view';
import { compareSitemapsView, sitemapOfferView } from './sitemaps-view';
import type { CompareSitemapsView, SitemapOfferView } from './sitemaps-view';
import { webviewPageHtml } from '../../webview-page';
import { displayToken, groupCrawlerDiffs } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { CompareResult, CrawlerDiffDto } from '../../../../server/src/protocol';
import { compareWithLatestLog } from '../../compare-with-log';
import type { CompareWithLogDeps, LoggedCompareResult } from '../../compare-with-log';
import { revealLine } from '../../robots-document';

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
  /** What the buttons of the sitemap section offer. */
  readonly sitemapOffer: SitemapOfferView;
  /** Present once the user had the sitemaps counted. */
  readonly sitemaps?: CompareSitemapsView;
}

export interface ComparePanelDeps extends CompareWithLogDeps {
  readonly extensionUri: vscode.Uri;
}

/** The version compared with, kept to send the comparison again with sitemaps. */
export interface CompareOther {
  readonly text: string;
  readonly label: string;
}

type ToWebview =
  | { readonly type: 'compare'; readonly view: CompareView }
  | { readonly type: 'notice'; readonly message: string }
  | { readonly type: 'sitemaps-busy'; readonly busy: boolean };

function heading(crawlers: readonly CrawlerDiffDto[]): string {
  const ordered = [...crawlers.filter((c) => c.token === '*'), ...crawlers.filter((c) => c.token !== '*')];
  const names = ordered.slice(0, NAMES_IN_HEADING).map((c) => displayToken(c));
  const more = crawlers.length - names.length;
  const count = crawlers.length > 1 ? ` (${crawlers.length} crawlers)` : '';
  return `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}${count}`;
}

/** `sitemapUrls`: the buffer's `Sitemap:` values, offered to be counted. */
export function compareView(result: CompareResult & { readonly logLeftOut?: string }, documentName: string, otherLabel: string, sitemapUrls: readonly string[] = []): CompareView {
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
    sitemapOffer: sitemapOfferView(sitemapUrls),
    ...(result.sitemaps ? { sitemaps: compareSitemapsView(result.sitemaps) } : {}),
  };
}

export class ComparePanel implements vscode.Disposable {
  private static current: ComparePanel | undefined;

  /** Shows the comparison, reusing the open panel. */
  static show(deps: ComparePanelDeps, document: vscode.TextDocument, result: LoggedCompareResult, other: CompareOther): ComparePanel {
    const panel = ComparePanel.current ?? new ComparePanel(deps);
    ComparePanel.current = panel;
    panel.update(document, result, other);
    panel.panel.reveal(vscode.ViewColumn.Beside, true);
    return panel;
  }

  private readonly panel: vscode.WebviewPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private document: vscode.TextDocument | undefined;
  private other: CompareOther | undefined;
  private counting = false;
  private last: ToWebview | undefined;

  private constructor(private readonly deps: ComparePanelDeps) {
    const mediaRoot = vscode.Uri.joinPath(deps.extensionUri, 'media');
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

  private update(document: vscode.TextDocument, result: LoggedCompareResult, other: CompareOther): void {
    this.document = document;
    this.other = other;
    const name = vscode.workspace.asRelativePath(document.uri);
    this.panel.title = `Compare — ${name}`;
    this.post({ type: 'compare', view: compareView(result, name, other.label, sitemapUrlsOf(document)) });
  }

  /**
   * The user asked for the sitemaps: the comparison is sent again with them (and the same
   * log), so the panel shows one answer for the current buffer. Cancellable, as it fetches.
   */
  private async countSitemaps(pick: boolean): Promise<void> {
    const document = this.document;
    const other = this.other;
    if (!document || !other || this.counting) return;
    let sitemaps: readonly string[] = sitemapUrlsOf(document);
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
      if (ComparePanel.current === this) this.update(document, result, other);
    } catch (error) {
      const why = cancelled ? 'cancelled.' : error instanceof Error ? error.message : String(error);
      this.post({ type: 'notice', message: `Sitemaps not counted: ${why}` });
    } finally {
      this.counting = false;
      this.post({ type: 'sitemaps-busy', busy: false });
    }
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
    } else if (m.type === 'countSitemaps' || m.type === 'pickSitemaps') {
      void this.countSitemaps(m.type === 'pickSitemaps');
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

/** The buffer's `Sitemap:` values with an http(s) URL: what "Count URLs in your sitemaps" reads. */
function sitemapUrlsOf(document: vscode.TextDocument): string[] {
  return [...new Set(parseRobots(document.getText()).sitemaps.map((s) => s.url).filter((url) => /^https?:\/\//i.test(url)))];
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
  <section id="sitemaps">
    <h2>URLs listed in your sitemaps</h2>
    <p id="sitemaps-offer" class="muted"></p>
    <p class="sitemap-buttons"><button type="button" id="count-sitemaps" hidden></button> <button type="button" id="pick-sitemaps"></button></p>
    <div id="sitemaps-result" hidden>
      <p id="sitemaps-headline" class="summary"></p>
      <p id="sitemaps-read" class="muted"></p>
      <p id="sitemaps-allowed"></p>
      <ul id="sitemaps-errors" class="sitemap-errors"></ul>
      <div id="sitemap-crawlers"></div>
      <ul id="sitemaps-notices" class="muted"></ul>
    </div>
  </section>
  <section id="requests" hidden>
    <h2 id="requests-title"></h2>
    <div id="request-crawlers"></div>
    <p id="requests-note" class="muted"></p>
    <ul id="requests-warnings" class="warnings" hidden></ul>
  </section>
  <p class="muted legend">Lines of the current version are links: click or press Enter to reveal them in the editor. Lines of the other version are named only.</p>`,
  });
}
