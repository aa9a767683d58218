/**
 * The language client's typed face: the custom requests of `protocol/` with VS Code URIs,
 * converted exactly as the client converts them for document sync, so the server always finds the document.
 * Where the server runs is `server-connection.ts` (Node) or `web/server-connection.ts`.
 */

import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  AiAccessRequest,
  CheckSitemapsProgressNotification,
  CheckSitemapsRequest,
  CheckUrlRequest,
  FetchedDocumentNotification,
  FetchRequest,
  FileSummaryRequest,
  MatrixRequest,
  RefreshIpListsProgressNotification,
  RefreshIpListsRequest,
  ReplayProgressNotification,
  ReplayRequest,
  SurveySitesRequest,
  TestUrlRequest,
} from '../../server/src/protocol';
import type {
  AiAccessResult,
  CheckSitemapsParams,
  CheckSitemapsProgressParams,
  CheckSitemapsResult,
  CheckUrlParams,
  FetchedSource,
  FetchParams,
  FetchResult,
  FileSummaryResult,
  MatrixParams,
  MatrixResult,
  RefreshIpListsResult,
  ReplayParams,
  ReplayProgressParams,
  ReplayResult,
  SurveySitesParams,
  SurveySitesResult,
  TestUrlParams,
  TestUrlResult,
} from '../../server/src/protocol';
import { BlockAiRequest, CompareRequest } from '../../server/src/protocol';
import type { BlockAiParams, BlockAiResult } from '../../server/src/protocol';
import type { CompareParams, CompareResult, UrlCheckReportDto } from '../../server/src/protocol';

/** The typed requests the commands, views and CodeLens send. */
export interface RobotsServer {
  testUrl(document: vscode.Uri, params: Omit<TestUrlParams, 'uri'>, token?: vscode.CancellationToken): Promise<TestUrlResult>;
  matrix(document: vscode.Uri, params: Omit<MatrixParams, 'uri'>, token?: vscode.CancellationToken): Promise<MatrixResult>;
  fileSummary(document: vscode.Uri, token?: vscode.CancellationToken): Promise<FileSummaryResult>;
  /** The catalogue's crawlers by purpose and the preferences per path, on the unsaved buffer. */
  aiAccess(document: vscode.Uri, token?: vscode.CancellationToken): Promise<AiAccessResult>;
  /** The "Block AI training, keep search" edit of the unsaved buffer, with what it skipped and why. */
  blockAi(document: vscode.Uri, params: Omit<BlockAiParams, 'uri'>, token?: vscode.CancellationToken): Promise<BlockAiResult>;
  /** The server fetches, so the extension host needs no HTTP of its own. */
  fetch(params: FetchParams, token?: vscode.CancellationToken): Promise<FetchResult>;
  checkUrl(params: CheckUrlParams, token?: vscode.CancellationToken): Promise<UrlCheckReportDto>;
  /** Tells the server where a fetched document came from (null: forget it). */
  fetchedDocument(document: vscode.Uri, source: FetchedSource | null): Promise<void>;
  /** Replays access logs against the unsaved buffer, in the server. */
  replay(document: vscode.Uri, params: Omit<ReplayParams, 'uri'>, token?: vscode.CancellationToken): Promise<ReplayResult>;
  /** Progress of the replays of a document. */
  onReplayProgress(document: vscode.Uri, listener: (progress: ReplayProgressParams) => void): vscode.Disposable;
  /** The semantic diff from another version (as text) to the unsaved buffer. */
  compare(document: vscode.Uri, params: Omit<CompareParams, 'uri'>, token?: vscode.CancellationToken): Promise<CompareResult>;
  /** Reads sitemaps in the server and decides their URLs against the unsaved buffer. */
  checkSitemaps(document: vscode.Uri, params: Omit<CheckSitemapsParams, 'uri'>, token?: vscode.CancellationToken): Promise<CheckSitemapsResult>;
  /** Progress of the sitemap checks of a document. */
  onCheckSitemapsProgress(document: vscode.Uri, listener: (progress: CheckSitemapsProgressParams) => void): vscode.Disposable;
  /** Surveys many sites' robots.txt in the server (Survey Sites…). */
  surveySites(params: SurveySitesParams, token?: vscode.CancellationToken): Promise<SurveySitesResult>;
  /** Downloads the crawler IP lists in the server, into the folder its replay reads; `onProgress` per list. */
  refreshIpLists(onProgress: (done: number, total: number) => void): Promise<RefreshIpListsResult>;
}

export function robotsServer(client: BaseLanguageClient): RobotsServer {
  const uri = (document: vscode.Uri): string => client.code2ProtocolConverter.asUri(document);
  // One handler for the notification; panels subscribe per document.
  const replayListeners = new Set<{ readonly uri: string; readonly listener: (progress: ReplayProgressParams) => void }>();
  client.onNotification(ReplayProgressNotification, (progress) => {
    for (const { uri: wanted, listener } of replayListeners) if (wanted === progress.uri) listener(progress);
  });
  const sitemapListeners = new Set<{ readonly uri: string; readonly listener: (progress: CheckSitemapsProgressParams) => void }>();
  client.onNotification(CheckSitemapsProgressNotification, (progress) => {
    for (const { uri: wanted, listener } of sitemapListeners) if (wanted === progress.uri) listener(progress);
  });
  // One refresh at a time (the panel runs one): its progress goes to the caller of the last.
  let refreshProgress: ((done: number, total: number) => void) | undefined;
  client.onNotification(RefreshIpListsProgressNotification, (progress) => refreshProgress?.(progress.done, progress.total));
  // Restricted Mode: what reads log files or the network waits for the workspace to be trusted.
  const trusted = <T>(what: string, run: () => Promise<T>): Promise<T> =>
    vscode.workspace.isTrusted ? run() : Promise.reject(new Error(restrictedModeMessage(what)));
  return {
    testUrl: (document, params, token) => client.sendRequest(TestUrlRequest, { ...params, uri: uri(document) }, token),
    matrix: (document, params, token) => client.sendRequest(MatrixRequest, { ...params, uri: uri(document) }, token),
    fileSummary: (document, token) => client.sendRequest(FileSummaryRequest, { uri: uri(document) }, token),
    aiAccess: (document, token) => client.sendRequest(AiAccessRequest, { uri: uri(document) }, token),
    blockAi: (document, params, token) => client.sendRequest(BlockAiRequest, { ...params, uri: uri(document) }, token),
    fetch: (params, token) => trusted('Fetching a live robots.txt', () => client.sendRequest(FetchRequest, params, token)),
    checkUrl: (params, token) => trusted('Check URL', () => client.sendRequest(CheckUrlRequest, params, token)),
    fetchedDocument: (document, source) => client.sendNotification(FetchedDocumentNotification, { uri: uri(document), source }),
    replay: (document, params, token) => trusted('Replaying access logs', () => client.sendRequest(ReplayRequest, { ...params, uri: uri(document) }, token)),
    compare: (document, params, token) => {
      const send = () => client.sendRequest(CompareRequest, { ...params, uri: uri(document) }, token);
      if ((params.sitemaps ?? []).length > 0) return trusted('Counting URLs in sitemaps', send);
      return (params.logFiles ?? []).length > 0 ? trusted('Counting logged requests', send) : send();
    },
    checkSitemaps: (document, params, token) => trusted('Checking sitemaps', () => client.sendRequest(CheckSitemapsRequest, { ...params, uri: uri(document) }, token)),
    surveySites: (params, token) => trusted('Surveying sites', () => client.sendRequest(SurveySitesRequest, params, token)),
    onCheckSitemapsProgress: (document, listener) => {
      const entry = { uri: uri(document), listener };
      sitemapListeners.add(entry);
      return new vscode.Disposable(() => sitemapListeners.delete(entry));
    },
    refreshIpLists: (onProgress) =>
      trusted('Refreshing crawler IP lists', async () => {
        refreshProgress = onProgress;
        try {
          return await client.sendRequest(RefreshIpListsRequest, {});
        } finally {
          if (refreshProgress === onProgress) refreshProgress = undefined;
        }
      }),
    onReplayProgress: (document, listener) => {
      const entry = { uri: uri(document), listener };
      replayListeners.add(entry);
      return new vscode.Disposable(() => replayListeners.delete(entry));
    },
  };
}

/** Why a feature is off in Restricted Mode, and how to turn it on. */
export function restrictedModeMessage(what: string): string {
  return `${what} is off in Restricted Mode: it reads log files or the network. Trust this workspace (Workspaces: Manage Workspace Trust) to use it.`;
}
