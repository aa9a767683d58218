/**
 * The language server, given a connection: capabilities, settings, documents, and one
 * handler per feature, each run through `runSafe`. The entry points (`server.ts` for Node,
 * `web-server.ts` for a web worker) only create the connection and pick the platform
 * (`platform.ts`) that serves live fetches, logs and comparisons with logs; everything
 * else starts here.
 */

import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import type { CancellationToken, Connection, InitializeResult } from 'vscode-languageserver';
import { RobotsDocuments } from './documents';
import type { ParsedDocument } from './documents';
import { blockAiActions, blockAiParams, blockAiResult } from './features/block-ai-actions';
import { codeActions } from './features/code-actions';
import { doComplete } from './features/completion';
import { DiagnosticsPublisher, readLintSeverities } from './features/diagnostics';
import { FetchedDocuments } from './features/fetched-documents';
import { fileSummary } from './features/file-summary-request';
import { SitemapHints } from './features/sitemap-hints';
import { foldingRanges } from './features/folding';
import { formatDocument } from './features/formatting';
import { doHover } from './features/hover';
import { selectionRanges } from './features/selection';
import { documentSymbols } from './features/symbols';
import { CompareRequest, SETTINGS_SECTION } from './protocol';
import {
  AiAccessRequest,
  BlockAiRequest,
  CheckSitemapsProgressNotification,
  CheckSitemapsRequest,
  RefreshIpListsProgressNotification,
  RefreshIpListsRequest,
  CheckUrlRequest,
  FetchedDocumentNotification,
  FetchRequest,
  SurveySitesRequest,
  FileSummaryRequest,
  MatrixRequest,
  ReplayCountsNotification,
  ReplayProgressNotification,
  ReplayRequest,
  TestUrlRequest,
} from './protocol';
import { paramsObject } from './features/request-params';
import type { ServerPlatform } from './platform';
import { runSafe, runSafeVoid } from './run-safe';

export function startServer(connection: Connection, platform: ServerPlatform): void {
  const log = (message: string): void => connection.console.error(message);
  const documents = new RobotsDocuments(log);
  const fetched = new FetchedDocuments((uri) => documents.documents.get(uri) !== undefined);

  let configurationRequests = false;
  let dynamicConfigurationRegistration = false;
  // The first diagnostics wait for the settings, so a rule turned off never flashes up.
  let settingsLoaded!: () => void;
  const settingsReady = new Promise<void>((resolve) => (settingsLoaded = resolve));

  const publisher = new DiagnosticsPublisher(documents, (params) => connection.sendDiagnostics(params), () => settingsReady, log);
  const sitemapHints = new SitemapHints();
  publisher.addSource((parsed) => sitemapHints.diagnostics(parsed));

  connection.onInitialize((params): InitializeResult => {
    const workspace = params.capabilities.workspace;
    configurationRequests = workspace?.configuration === true;
    dynamicConfigurationRegistration = workspace?.didChangeConfiguration?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [':', ' ', '/'] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Source] },
        documentSymbolProvider: { label: 'robots.txt' },
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        selectionRangeProvider: true,
      },
      serverInfo: { name: 'robots.txt Lens', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (dynamicConfigurationRegistration) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch((error: unknown) => log(`Could not register for configuration changes: ${String(error)}`));
    }
    runSafeVoid(log, 'Loading settings', async () => {
      try {
        await loadSettings(undefined);
      } finally {
        // Defaults are better than diagnostics that never come.
        settingsLoaded();
      }
    });
  });

  /** Asks the client for the settings when it can answer; else uses what a change notification carried. */
  async function loadSettings(pushed: unknown): Promise<void> {
    let section: unknown = undefined;
    if (configurationRequests) {
      try {
        section = await connection.workspace.getConfiguration(SETTINGS_SECTION);
      } catch (error) {
        log(`Could not read the ${SETTINGS_SECTION} settings; using defaults: ${String(error)}`);
      }
    } else if (typeof pushed === 'object' && pushed !== null) {
      section = (pushed as Record<string, unknown>)[SETTINGS_SECTION];
    }
    documents.setSeverities(readLintSeverities(section, (message) => connection.console.warn(message)));
  }

  connection.onDidChangeConfiguration((params) => {
    runSafeVoid(log, 'Reloading settings', async () => {
      await loadSettings(params.settings);
      settingsLoaded();
      publisher.refreshAll();
    });
  });

  documents.documents.onDidOpen(({ document }) => runSafeVoid(log, `Opening ${document.uri}`, () => publisher.opened(document.uri)));
  documents.documents.onDidChangeContent(({ document }) => runSafeVoid(log, `Changing ${document.uri}`, () => publisher.changed(document.uri)));
  documents.documents.onDidClose(({ document }) =>
    runSafeVoid(log, `Closing ${document.uri}`, () => {
      documents.forget(document.uri);
      fetched.forget(document.uri);
      sitemapHints.forget(document.uri);
      publisher.closed(document.uri);
    }),
  );
  documents.documents.listen(connection);

  /**
   * The parsed document a request is about. Params that are no object or carry no string
   * `uri`, and an unknown document, are InvalidParams for custom requests.
   */
  const parsedOrThrow = (params: unknown, request: string): ParsedDocument => {
    const uri = paramsObject(params, request).uri;
    if (typeof uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `"uri" must be the string URI of an open robots.txt document.`);
    const parsed = documents.get(uri);
    if (!parsed) throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not an open robots.txt document.`);
    return parsed;
  };
  /** Runs a standard feature on an open document; null when the document is not open. */
  const feature = <T>(what: string, uri: string, token: CancellationToken, work: (parsed: ParsedDocument) => T) =>
    runSafe<T | null>(log, what, token, null, () => {
      const parsed = documents.get(uri);
      return parsed ? work(parsed) : null;
    });

  connection.onHover((params, token) =>
    feature('Hover', params.textDocument.uri, token, (parsed) =>
      doHover(parsed, params.position, (line) => documents.replayCount(parsed, line)),
    ),
  );
  connection.onCompletion((params, token) => feature('Completion', params.textDocument.uri, token, (parsed) => doComplete(parsed, params.position)));
  connection.onCodeAction((params, token) =>
    feature('Code actions', params.textDocument.uri, token, (parsed) => [...codeActions(parsed, documents.findings(parsed), params), ...blockAiActions(parsed, params, new Date().toISOString().slice(0, 10))]),
  );
  connection.onDocumentSymbol((params, token) => feature('Document symbols', params.textDocument.uri, token, documentSymbols));
  connection.onFoldingRanges((params, token) => feature('Folding ranges', params.textDocument.uri, token, foldingRanges));
  connection.onDocumentFormatting((params, token) => feature('Formatting', params.textDocument.uri, token, formatDocument));
  connection.onSelectionRanges((params, token) =>
    feature('Selection ranges', params.textDocument.uri, token, (parsed) => selectionRanges(parsed, params.positions)),
  );

  const failed = (what: string) => new ResponseError<void>(ErrorCodes.InternalError, `${what} failed; the server log has the details.`);
  connection.onRequest(TestUrlRequest, (params, token) =>
    runSafe(log, 'Test URL', token, failed('Test URL'), () => fetched.testUrl(parsedOrThrow(params, 'robotsLens/testUrl'), params)),
  );
  connection.onRequest(MatrixRequest, (params, token) =>
    runSafe(log, 'Crawler matrix', token, failed('The crawler matrix'), () => fetched.matrix(parsedOrThrow(params, 'robotsLens/matrix'), params, token)),
  );
  connection.onRequest(AiAccessRequest, (params, token) =>
    runSafe(log, 'AI access', token, failed('The AI access view'), () => fetched.aiAccess(parsedOrThrow(params, 'robotsLens/aiAccess'))),
  );
  connection.onRequest(BlockAiRequest, (params, token) =>
    runSafe(log, 'Block AI crawlers', token, failed('The block edit'), () => {
      const { scope, contentSignal } = blockAiParams(params);
      return blockAiResult(parsedOrThrow(params, 'robotsLens/blockAi'), scope, contentSignal, new Date().toISOString().slice(0, 10));
    }),
  );
  connection.onRequest(FileSummaryRequest, (params, token) =>
    runSafe(log, 'File summary', token, failed('The file summary'), () => {
      const parsed = parsedOrThrow(params, 'robotsLens/fileSummary');
      return fileSummary(parsed, documents.findings(parsed));
    }),
  );
  connection.onRequest(FetchRequest, (params, token) => runSafe(log, 'Fetch robots.txt', token, failed('Fetching robots.txt'), () => platform.fetchRobots(params)));
  connection.onRequest(CheckUrlRequest, (params, token) => runSafe(log, 'Check URL', token, failed('Check URL'), () => platform.checkUrl(params)));
  connection.onRequest(SurveySitesRequest, (params, token) => runSafe(log, 'Survey Sites', token, failed('The survey'), () => platform.surveySites(params)));
  connection.onRequest(ReplayRequest, (params, token) =>
    runSafe(log, 'Replay', token, failed('The replay'), () => {
      const parsed = parsedOrThrow(params, 'robotsLens/replay');
      const origin = fetched.get(parsed.uri)?.origin;
      return platform.replay(parsed, params, token, {
        ...(origin !== undefined ? { origin } : {}),
        progress: (progress) => void connection.sendNotification(ReplayProgressNotification, progress),
        // Counts describe the version replayed: after an edit during the replay they would point at other rules.
        setCounts: (replayed, counts) => {
          if (documents.get(replayed.uri)?.version === replayed.version) documents.setReplayCounts(replayed.uri, counts);
        },
      });
    }),
  );
  connection.onRequest(CompareRequest, (params, token) =>
    runSafe(log, 'Compare', token, failed('The comparison'), () => {
      const parsed = parsedOrThrow(params, 'robotsLens/compare');
      const origin = fetched.get(parsed.uri)?.origin;
      return platform.compare(parsed, params, token, origin !== undefined ? { origin } : {});
    }),
  );
  connection.onRequest(CheckSitemapsRequest, (params, token) =>
    runSafe(log, 'Check sitemaps', token, failed('Checking sitemaps'), async () => {
      const parsed = parsedOrThrow(params, 'robotsLens/checkSitemaps');
      const fetchedFrom = fetched.get(parsed.uri)?.url;
      const result = await platform.checkSitemaps(parsed, params, token, {
        progress: (progress) => void connection.sendNotification(CheckSitemapsProgressNotification, progress),
        ...(fetchedFrom !== undefined ? { fetchedFrom } : {}),
      });
      // Hints speak of the version checked; after an edit during the check they would not be true.
      if (!result.cancelled && documents.get(parsed.uri)?.version === result.version) {
        sitemapHints.set(parsed.uri, result.version, result.roots);
        publisher.refresh(parsed.uri);
      }
      return result;
    }, true),
  );
  connection.onRequest(RefreshIpListsRequest, (_params, token) =>
    runSafe(log, 'Refresh IP lists', token, failed('Refreshing the crawler IP lists'), () =>
      platform.refreshIpLists((done, total) => void connection.sendNotification(RefreshIpListsProgressNotification, { done, total })),
    ),
  );
  connection.onNotification(FetchedDocumentNotification, (params) => runSafeVoid(log, 'Fetched document', () => fetched.set(params)));
  connection.onNotification(ReplayCountsNotification, (params) =>
    runSafeVoid(log, 'Replay counts', () => documents.setReplayCounts(params.uri, Array.isArray(params.counts) ? params.counts : [])),
  );

  connection.onShutdown(() => publisher.dispose());
  connection.listen();
}
