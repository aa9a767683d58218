/**
 * What every panel of the extension shares: one webview beside the editor per kind (a command
 * shows the open one again rather than opening a second), its static page, the `ready` a page
 * posts when it (re)loads, answered with the last state it should show, and the close.
 *
 * Messages from a page are untrusted (a page shows text from documents and logs): each one is
 * checked by the panel's guard before the panel sees it, so a panel only handles the typed
 * messages of its `messages.ts`.
 */

import * as vscode from 'vscode';
import { webviewPageHtml } from '../webview-page';
import type { WebviewPage } from '../webview-page';

/** Every message either way names its kind in `type`. */
export interface PanelMessage {
  readonly type: string;
}

export interface PanelSpec<In extends PanelMessage, Out extends PanelMessage> {
  /** The webview panel id (`robotsLens.matrix`, …): `when` clauses and tests name it. */
  readonly viewType: string;
  /** The tab's title until the panel names its document. */
  readonly title: string;
  readonly page: WebviewPage;
  /** Keep the page alive while hidden (filters, scroll, the table's state) instead of reloading it. */
  readonly retainContextWhenHidden?: boolean;
  /** Accepts the messages the panel handles; anything else the page posts is dropped. */
  readonly accepts: (message: unknown) => message is In;
  /**
   * What of a posted message a reloaded page must get again, or undefined: state yes, news of
   * the moment (a progress, a passing notice) no.
   */
  readonly resend: (message: Out) => Out | undefined;
}

function isReady(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'ready';
}

export abstract class WebviewPanelHost<In extends PanelMessage, Out extends PanelMessage> implements vscode.Disposable {
  /** The open panel of each view type. */
  private static readonly open = new Map<string, vscode.Disposable>();

  /**
   * The open panel of the view type, if any: one panel of a kind at a time. The panel class
   * checks it is one of its own (`instanceof`) before reusing it.
   */
  protected static opened(viewType: string): vscode.Disposable | undefined {
    return WebviewPanelHost.open.get(viewType);
  }

  /** Closes every open panel (on deactivation). */
  static closeAll(): void {
    for (const panel of [...WebviewPanelHost.open.values()]) panel.dispose();
  }

  private readonly panel: vscode.WebviewPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private last: Out | undefined;
  private disposed = false;

  protected constructor(extensionUri: vscode.Uri, private readonly spec: PanelSpec<In, Out>) {
    const mediaRoot = vscode.Uri.joinPath(extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel(
      spec.viewType,
      spec.title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [mediaRoot], ...(spec.retainContextWhenHidden ? { retainContextWhenHidden: true } : {}) },
    );
    this.panel.webview.html = webviewPageHtml(this.panel.webview, mediaRoot, spec.page);
    this.subscriptions.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: unknown) => void this.deliver(message)),
    );
    WebviewPanelHost.open.set(spec.viewType, this);
  }

  /** Handles a checked message from the page. */
  protected abstract receive(message: In): void | Promise<void>;

  /**
   * A message as the page posted it: `ready` is answered here (a page reloaded after being
   * hidden has lost its state), the panel's own go to `receive` once its guard accepts them.
   */
  protected async deliver(message: unknown): Promise<void> {
    if (isReady(message)) {
      if (this.last) void this.panel.webview.postMessage(this.last);
    } else if (this.spec.accepts(message)) {
      await this.receive(message);
    }
  }

  protected post(message: Out): void {
    const kept = this.spec.resend(message);
    if (kept !== undefined) this.last = kept;
    void this.panel.webview.postMessage(message);
  }

  /** The message a reloaded page would get again. */
  protected get lastPosted(): Out | undefined {
    return this.last;
  }

  protected get title(): string {
    return this.panel.title;
  }

  protected set title(title: string) {
    this.panel.title = title;
  }

  /** Brings the panel forward beside the editor, leaving the focus where it is. */
  protected showBeside(): void {
    this.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  /** Disposed with the panel (document listeners and the like). */
  protected watch(...disposables: vscode.Disposable[]): void {
    this.subscriptions.push(...disposables);
  }

  /** Closes the panel; a panel with more to stop overrides this and calls it last. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (WebviewPanelHost.open.get(this.spec.viewType) === this) WebviewPanelHost.open.delete(this.spec.viewType);
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }
}
