/**
 * The language client: starts the bundled server (`dist/server.js`) over node IPC and
 * exposes the typed custom requests of `protocol.ts` with VS Code URIs, converted exactly
 * as the client converts them for document sync, so the server always finds the document.
 */

import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import type { UrlCheckReport } from '../../server/src/core';
import {
  CheckUrlRequest,
  FetchedDocumentNotification,
  FetchRequest,
  FileSummaryRequest,
  MatrixRequest,
  ReplayProgressNotification,
  ReplayRequest,
  TestUrlRequest,
} from '../../server/src/protocol';
import type {
  CheckUrlParams,
  FetchedSource,
  FetchParams,
  FetchResult,
  FileSummaryResult,
  MatrixParams,
  MatrixResult,
  ReplayParams,
  ReplayProgressParams,
  ReplayResult,
  TestUrlParams,
  TestUrlResult,
} from '../../server/src/protocol';
import { CompareRequest } from '../../server/src/protocol';
import type { CompareParams, CompareResult } from '../../server/src/protocol';
import { ROBOTS_LANGUAGE_ID } from './robots-document';

/** The typed requests the commands, views and CodeLens send. */
export interface RobotsServer {
  testUrl(document: vscode.Uri, params: Omit<TestUrlParams, 'uri'>, token?: vscode.CancellationToken): Promise<TestUrlResult>;
  matrix(document: vscode.Uri, params: Omit<MatrixParams, 'uri'>, token?: vscode.CancellationToken): Promise<MatrixResult>;
  fileSummary(document: vscode.Uri, token?: vscode.CancellationToken): Promise<FileSummaryResult>;
  /** The server fetches, so the extension host needs no HTTP of its own. */
  fetch(params: FetchParams, token?: vscode.CancellationToken): Promise<FetchResult>;
  checkUrl(params: CheckUrlParams, token?: vscode.CancellationToken): Promise<UrlCheckReport>;
  /** Tells the server where a fetched document came from (null: forget it). */
  fetchedDocument(document: vscode.Uri, source: FetchedSource | null): Promise<void>;
  /** Replays access logs against the unsaved buffer, in the server. */
  replay(document: vscode.Uri, params: Omit<ReplayParams, 'uri'>, token?: vscode.CancellationToken): Promise<ReplayResult>;
  /** Progress of the replays of a document. */
  onReplayProgress(document: vscode.Uri, listener: (progress: ReplayProgressParams) => void): vscode.Disposable;
  /** The semantic diff from another version (as text) to the unsaved buffer. */
  compare(document: vscode.Uri, params: Omit<CompareParams, 'uri'>, token?: vscode.CancellationToken): Promise<CompareResult>;
}

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

export function robotsServer(client: LanguageClient): RobotsServer {
  const uri = (document: vscode.Uri): string => client.code2ProtocolConverter.asUri(document);
  // One handler for the notification; panels subscribe per document.
  const replayListeners = new Set<{ readonly uri: string; readonly listener: (progress: ReplayProgressParams) => void }>();
  client.onNotification(ReplayProgressNotification, (progress) => {
    for (const { uri: wanted, listener } of replayListeners) if (wanted === progress.uri) listener(progress);
  });
  return {
    testUrl: (document, params, token) => client.sendRequest(TestUrlRequest, { ...params, uri: uri(document) }, token),
    matrix: (document, params, token) => client.sendRequest(MatrixRequest, { ...params, uri: uri(document) }, token),
    fileSummary: (document, token) => client.sendRequest(FileSummaryRequest, { uri: uri(document) }, token),
    fetch: (params, token) => client.sendRequest(FetchRequest, params, token),
    checkUrl: (params, token) => client.sendRequest(CheckUrlRequest, params, token),
    fetchedDocument: (document, source) => client.sendNotification(FetchedDocumentNotification, { uri: uri(document), source }),
    replay: (document, params, token) => client.sendRequest(ReplayRequest, { ...params, uri: uri(document) }, token),
    compare: (document, params, token) => client.sendRequest(CompareRequest, { ...params, uri: uri(document) }, token),
    onReplayProgress: (document, listener) => {
      const entry = { uri: uri(document), listener };
      replayListeners.add(entry);
      return new vscode.Disposable(() => replayListeners.delete(entry));
    },
  };
}
