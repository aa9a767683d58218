/**
 * Where the language server runs on the desktop: the bundled `dist/server.js` in a Node
 * process over IPC. The web build swaps this file for `web/server-connection.ts`.
 */

import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { ROBOTS_LANGUAGE_ID } from './robots-document';

export function createLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const module = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // Saved files and unsaved buffers; other schemes (git diffs, output) are not linted.
    documentSelector: [
      { language: ROBOTS_LANGUAGE_ID, scheme: 'file' },
      { language: ROBOTS_LANGUAGE_ID, scheme: 'untitled' },
    ],
    outputChannelName: 'robots.txt Lens Language Server',
    // Hovers show rule text of fetched files: never trusted (no command links), never HTML.
    markdown: { isTrusted: false, supportHtml: false },
  };
  // The id `robotsLens` makes the client read `robotsLens.trace.server`.
  const client = new LanguageClient('robotsLens', 'robots.txt Lens Language Server', serverOptions, clientOptions);
  return client;
}
