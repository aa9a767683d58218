/**
 * Where the language server runs in a browser (vscode.dev, github.dev, code-server): the
 * bundled `dist/web/server.js` in a web worker. Swapped in for `../server-connection.ts` by
 * the web build. The worker script is loaded from the extension's own files: on an https
 * extension URI directly; on a `vscode-remote:` one (code-server), which a Worker cannot be
 * created from, through a fetch whose response URL (or, failing that, text) starts it.
 */

import * as vscode from 'vscode';
import { BrowserMessageReader, LanguageClient } from 'vscode-languageclient/browser';
import type { LanguageClientOptions, MessageTransports } from 'vscode-languageclient/browser';
import { JsonMessageWriter } from '../../../server/src/web/json-message-writer';
import type { createLanguageClient as nodeCreateLanguageClient } from '../server-connection';
import { ReadIpListsRequest, ReadLogRequest } from '../../../server/src/protocol';
import { ROBOTS_LANGUAGE_ID } from '../robots-document';
import { readIpLists } from './ip-lists';
import { WebLogReader } from './log-reader';

// The browser globals this file uses; the client is type-checked without the DOM library.
declare const Worker: new (url: string, options?: { readonly name?: string }) => unknown;
declare const URL: { createObjectURL(blob: Blob): string };
declare const location: { readonly origin: string };

/** Schemes of the browser's file systems: local files, unsaved buffers, GitHub repositories, remote folders. */
const SCHEMES = ['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'vscode-test-web'];

export const createLanguageClient: typeof nodeCreateLanguageClient = (context) => {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
  const clientOptions: LanguageClientOptions = {
    documentSelector: SCHEMES.map((scheme) => ({ language: ROBOTS_LANGUAGE_ID, scheme })),
    outputChannelName: 'robots.txt Lens Language Server',
    // Hovers show rule text of fetched files: never trusted (no command links), never HTML.
    markdown: { isTrusted: false, supportHtml: false },
  };
  const start = async (): Promise<MessageTransports> => {
    const worker = (await startWorker(script)) as ConstructorParameters<typeof BrowserMessageReader>[0];
    // Messages go as their JSON, exactly as over IPC on the desktop (see JsonMessageWriter).
    return { reader: new BrowserMessageReader(worker), writer: new JsonMessageWriter(worker) };
  };
  // The id `robotsLens` makes the client read `robotsLens.trace.server`.
  const client = new LanguageClient('robotsLens', 'robots.txt Lens Language Server', start, clientOptions);
  // The worker has no file system: the replay asks for the log's text here.
  const logs = new WebLogReader();
  client.onRequest(ReadLogRequest, (params) => logs.read(params));
  client.onRequest(ReadIpListsRequest, () => readIpLists(context.globalStorageUri));
  return client as unknown as ReturnType<typeof nodeCreateLanguageClient>;
};

async function startWorker(script: vscode.Uri): Promise<unknown> {
  const options = { name: 'robots.txt Lens Language Server' };
  if (script.scheme === 'https' || script.scheme === 'http') return new Worker(script.toString(true), options);
  const response = await fetch(script.toString(true));
  if (!response.ok) throw new Error(`The language server script could not be loaded (${response.status} ${response.statusText}).`);
  // Same origin: the response URL starts the worker; else the script's text, as a blob.
  if (new globalThis.URL(response.url).origin === location.origin) return new Worker(response.url, options);
  return new Worker(URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' })), options);
}
