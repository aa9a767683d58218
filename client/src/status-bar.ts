/**
 * Status bar item for robots.txt editors: "robots.txt: N groups, M rules" from
 * `robotsLens/fileSummary` (the problem counts are VS Code's own item beside it, so they are
 * said once, there, and in the tooltip); clicking it opens the Problems panel. It follows the active
 * editor and is refreshed when the server publishes new diagnostics for it.
 */

import * as vscode from 'vscode';
import type { RobotsServer } from './language-client';
import { isRobotsDocument } from './robots-document';
import { statusText, statusTooltip } from './status-text';

export class FileSummaryStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('robotsLens.summary', vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[] = [];
  private sequence = 0;

  constructor(private readonly server: RobotsServer) {
    this.item.name = 'robots.txt Lens summary';
    this.item.command = 'workbench.actions.view.problems';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      // Diagnostics are published after each change is linted: the summary is current then.
      vscode.languages.onDidChangeDiagnostics((event) => {
        const active = vscode.window.activeTextEditor?.document;
        if (active && event.uris.some((uri) => uri.toString() === active.uri.toString())) this.update();
      }),
    );
    this.update();
  }

  private update(): void {
    const document = vscode.window.activeTextEditor?.document;
    const sequence = ++this.sequence;
    if (!isRobotsDocument(document)) {
      this.item.hide();
      return;
    }
    this.server.fileSummary(document.uri).then(
      (summary) => {
        if (sequence !== this.sequence) return;
        this.item.text = statusText(summary);
        this.item.tooltip = statusTooltip(summary);
        this.item.show();
      },
      () => {
        // No summary (server starting or stopped): show nothing rather than stale numbers.
        if (sequence === this.sequence) this.item.hide();
      },
    );
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}
