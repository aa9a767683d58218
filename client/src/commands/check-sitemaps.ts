/**
 * `robotsLens.checkSitemaps`: the sitemaps of the robots.txt being edited (its `Sitemap:`
 * lines, or sitemap files picked) read in the language server, each listed URL decided
 * against the unsaved buffer; the URLs a crawler may not fetch are shown in a panel where
 * each deciding line is revealed by a click. Nothing is fetched until the user asks.
 *
 * Interactive (palette, editor menu): which sitemaps, then which crawlers; progress in a
 * cancellable notification. Programmatic: `executeCommand('robotsLens.checkSitemaps',
 * { uri?, agents?, sitemaps? })` asks nothing, shows the panel and returns the server's answer.
 */

import * as vscode from 'vscode';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { CheckSitemapsResult } from '../../../server/src/protocol';
import { isPlainObject, uriArgument } from '../command-arguments';
import { savedWords } from '../panels/saved-state';
import { pickCrawlers } from '../crawler-picker';
import type { RobotsServer } from '../language-client';
import { resolveRobotsDocument } from '../robots-document';
import { readSettings, stringList } from '../settings';
import { SitemapsPanel } from '../panels/sitemaps/panel';
import type { SitemapsPanelDeps } from '../panels/sitemaps/panel';
import { sitemapsView } from '../panels/sitemaps/view';

export const CHECK_SITEMAPS_COMMAND = 'robotsLens.checkSitemaps';

export interface CheckSitemapsDeps extends SitemapsPanelDeps {
  readonly server: RobotsServer;
}

interface SourceItem extends vscode.QuickPickItem {
  /** The sitemaps to read; empty: every `Sitemap:` line. Undefined: pick files. */
  readonly sitemaps?: readonly string[];
}

export function registerCheckSitemaps(deps: CheckSitemapsDeps): vscode.Disposable {
  return vscode.commands.registerCommand(CHECK_SITEMAPS_COMMAND, async (first?: unknown) => {
    if (isPlainObject(first)) {
      const document = await resolveRobotsDocument(uriArgument(first.uri));
      const agents = stringList(first.agents);
      const sitemaps = stringList(first.sitemaps);
      return check(deps, document, agents.length > 0 ? agents : readSettings(document.uri).defaultCrawlers, sitemaps);
    }
    try {
      const document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : undefined);
      const sitemaps = await pickSitemaps(document);
      if (sitemaps === undefined) return undefined;
      const agents = await pickCrawlers({ title: 'Check Sitemaps for…', preselected: readSettings(document.uri).defaultCrawlers, step: 2, totalSteps: 2 });
      if (agents === undefined) return undefined;
      return await check(deps, document, agents, sitemaps);
    } catch (error) {
      void vscode.window.showErrorMessage(`Check Sitemaps: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  });
}

/** Which sitemaps: the file's `Sitemap:` lines (all or one), or files; undefined when the user cancels. */
async function pickSitemaps(document: vscode.TextDocument): Promise<readonly string[] | undefined> {
  const lines = parseRobots(document.getText()).sitemaps.filter((s) => /^https?:\/\//i.test(s.url));
  const items: SourceItem[] = [];
  if (lines.length > 1) items.push({ label: `All ${lines.length} Sitemap: lines`, description: 'and the sitemaps their indexes name', sitemaps: [] });
  for (const s of lines) items.push({ label: s.url, description: `line ${s.line + 1}`, sitemaps: [s.url] });
  items.push({ label: 'Sitemap files…', description: '.xml or .xml.gz on disk; an index may name its children by relative paths' });
  const picked =
    lines.length === 0
      ? items[0]!
      : await vscode.window.showQuickPick(items, { title: 'Check Sitemaps (1/2)', placeHolder: 'Which sitemaps to check against this robots.txt', ignoreFocusOut: true });
  if (picked === undefined) return undefined;
  if (picked.sitemaps !== undefined) return picked.sitemaps;
  const files = await vscode.window.showOpenDialog({
    title: 'Sitemaps to check',
    openLabel: 'Check',
    canSelectMany: true,
    filters: { Sitemaps: ['xml', 'gz'], 'All files': ['*'] },
  });
  return files && files.length > 0 ? files.map((file) => file.fsPath) : undefined;
}

async function check(deps: CheckSitemapsDeps, document: vscode.TextDocument, agents: readonly string[], sitemaps: readonly string[]): Promise<CheckSitemapsResult | undefined> {
  let cancelled = false;
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Checking sitemaps', cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => (cancelled = true));
        const listening = deps.server.onCheckSitemapsProgress(document.uri, (p) =>
          progress.report({ message: `${p.sitemaps.toLocaleString('en-US')} read, ${p.urls.toLocaleString('en-US')} URL${p.urls === 1 ? '' : 's'} listed…` }),
        );
        try {
          return await deps.server.checkSitemaps(document.uri, { agents, ...(sitemaps.length > 0 ? { sitemaps } : {}) }, token);
        } finally {
          listening.dispose();
        }
      },
    );
    SitemapsPanel.show(deps, document, sitemapsView(result, vscode.workspace.asRelativePath(document.uri), savedWords(document, result.version)));
    return result;
  } catch (error) {
    if (cancelled) return undefined;
    throw error;
  }
}
