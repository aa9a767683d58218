/**
 * The robots.txt Lens extension: starts the language client and wires the commands and
 * views to it. Everything else lives in one file per job beside this one. The same file is
 * the `main` (Node) and the `browser` entry: the web build swaps the few Node-only files for
 * their `web/` twins (see `scripts/build.mjs`).
 */

import * as vscode from 'vscode';
import { State } from 'vscode-languageclient';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { GroupCodeLensProvider } from './code-lens';
import { registerAiAccess } from './commands/ai-access';
import { registerBlockAi } from './commands/block-ai';
import { registerServerRules } from './commands/server-rules';
import { registerLanguageModelTools } from './lm-tools';
import { registerCheckSitemaps } from './commands/check-sitemaps';
import { registerCheckUrl } from './commands/check-url';
import { registerSurveySites } from './commands/survey-sites';
import { registerCompare } from './commands/compare';
import { FetchedDocuments, registerFetch } from './commands/fetch';
import { registerMatrix } from './commands/matrix';
import { registerReplayLog } from './commands/replay-log';
import { registerTestUrl } from './commands/test-url';
import { registerCompareOnSave } from './compare-on-save';
import { WebviewPanelHost } from './panels/webview-panel-host';
import { robotsServer } from './language-client';
import { RecentUrls } from './recent-urls';
import { ROBOTS_LANGUAGE_ID } from './robots-document';
import { createLanguageClient } from './server-connection';
import { FileSummaryStatus } from './status-bar';
import { WinningLineHighlight } from './winning-line';

let client: BaseLanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('robots.txt Lens');
  client = createLanguageClient(context);
  const server = robotsServer(client);
  const highlight = new WinningLineHighlight();
  const codeLenses = new GroupCodeLensProvider(server);
  const fetched = new FetchedDocuments(server);
  // Shared: Compare with… offers the sites fetched and the URLs tested here.
  const recentTested = new RecentUrls(context.globalState);
  const recentSites = new RecentUrls(context.globalState, 'robotsLens.fetch.recent');

  context.subscriptions.push(
    output,
    highlight,
    codeLenses,
    fetched,
    registerTestUrl({ server, extensionUri: context.extensionUri, output, highlight, recent: recentTested, fetched }),
    registerMatrix({ server, highlight, extensionUri: context.extensionUri, fetched }),
    registerAiAccess({ server, highlight, extensionUri: context.extensionUri }),
    registerFetch({ server, fetched, recent: recentSites }),
    registerCheckUrl({ server, output, fetched, recent: new RecentUrls(context.globalState, 'robotsLens.checkUrl.recent') }),
    registerReplayLog({ server, extensionUri: context.extensionUri, globalState: context.globalState, workspaceState: context.workspaceState }),
    registerCompare({ server, extensionUri: context.extensionUri, globalState: context.globalState, workspaceState: context.workspaceState, output, fetched, recentSites, recentTested }),
    registerBlockAi(server),
    registerServerRules(),
    registerLanguageModelTools(server),
    registerCheckSitemaps({ server, extensionUri: context.extensionUri, highlight }),
    registerSurveySites({ server, extensionUri: context.extensionUri, highlight }),
    registerCompareOnSave({ server, extensionUri: context.extensionUri, globalState: context.globalState, workspaceState: context.workspaceState, output }),
    // A restarted server has forgotten where the fetched documents came from.
    client.onDidChangeState((event) => {
      if (event.newState === State.Running) fetched.resend();
    }),
    vscode.languages.registerCodeLensProvider({ language: ROBOTS_LANGUAGE_ID }, codeLenses),
    new FileSummaryStatus(server),
    // Panels left open are closed with the extension.
    { dispose: () => WebviewPanelHost.closeAll() },
  );

  // Requests wait for the start themselves, so activation does not have to.
  client.start().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    output.appendLine(`The robots.txt Lens language server did not start: ${message}`);
    void vscode.window.showErrorMessage(`robots.txt Lens: the language server did not start (${message}).`);
  });
}

export function deactivate(): Promise<void> | undefined {
  return client?.stop();
}
