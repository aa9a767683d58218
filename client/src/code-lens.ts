/**
 * CodeLens above each group, from `robotsLens/fileSummary`: which catalogue crawlers the
 * group governs (by their own token or through a fallback, as the matcher decides) —
 * clicking it opens the matrix for them — and "Test URL…" with those crawlers preselected.
 */

import * as vscode from 'vscode';
import type { GroupSummary } from '../../server/src/protocol';
import type { MatrixHint } from './commands/matrix';
import { SHOW_MATRIX_COMMAND } from './commands/matrix';
import type { TestUrlHint } from './commands/test-url';
import { TEST_URL_COMMAND } from './commands/test-url';
import type { RobotsServer } from './language-client';
import { SETTINGS_SECTION, readSettings } from './settings';
import { plural } from '@robots-lens/kernel/words';

/** Names shown before "+N more". */
const NAMES_SHOWN = 4;

export class GroupCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(`${SETTINGS_SECTION}.codeLens.enabled`)) this.changed.fire();
  });

  constructor(private readonly server: RobotsServer) {}

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    if (!readSettings(document.uri).codeLens) return [];
    let summary;
    try {
      summary = await this.server.fileSummary(document.uri, token);
    } catch {
      // The server logs its failures; a missing lens is better than an error per keystroke.
      return [];
    }
    // The summary is of the version the server has; after a newer edit VS Code asks again.
    if (token.isCancellationRequested || summary.version !== document.version) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const group of summary.groupSummaries) {
      if (group.line < 0 || group.line >= document.lineCount) continue;
      const range = document.lineAt(group.line).range;
      const matrixHint: MatrixHint = { agents: group.crawlers };
      lenses.push(
        new vscode.CodeLens(range, {
          title: governsTitle(group),
          tooltip: governsTooltip(group),
          // Without known crawlers there is nothing to put in the matrix.
          command: group.crawlers.length > 0 ? SHOW_MATRIX_COMMAND : '',
          arguments: [document.uri, matrixHint],
        }),
      );
      const testHint: TestUrlHint = { crawlers: group.crawlers };
      lenses.push(new vscode.CodeLens(range, { title: 'Test URL…', tooltip: 'Test a URL against this file with these crawlers preselected', command: TEST_URL_COMMAND, arguments: [document.uri, testHint] }));
    }
    return lenses;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

export function governsTitle(group: GroupSummary): string {
  const names = group.crawlers.slice(0, NAMES_SHOWN).join(', ');
  const more = group.crawlers.length > NAMES_SHOWN ? ` +${group.crawlers.length - NAMES_SHOWN} more` : '';
  if (group.everyOtherCrawler) {
    return group.crawlers.length > 0 ? `Every crawler without its own group: ${names}${more}` : 'Every crawler without its own group (no catalogue crawler falls back here)';
  }
  if (group.crawlers.length === 0) return 'No catalogue crawler uses this group';
  return `Governs ${names}${more}`;
}

function governsTooltip(group: GroupSummary): string {
  const rules = plural(group.rules, 'rule');
  const who = group.crawlers.length > 0 ? `Catalogue crawlers using this group (own token or fallback): ${group.crawlers.join(', ')}.` : 'No catalogue crawler selects this group.';
  return `${who} ${rules}. Click to see them in the crawler matrix.`;
}
