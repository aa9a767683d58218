/**
 * `robotsLens.testUrl`: which rule decides a URL for each crawler, on the unsaved buffer.
 *
 * Interactive (palette, editor menu, CodeLens): asks for the URL and the crawlers, shows one
 * row per crawler in the results panel beside the editor, keeps the full reasoning in the
 * output channel as history, highlights and reveals the winning lines.
 * Programmatic: `executeCommand('robotsLens.testUrl', { url, agents, uri?, origin? })`
 * returns the verdicts with no prompt and no UI.
 *
 * On a document opened by Fetch robots.txt… the origin it was fetched from is used (URLs on
 * other origins are not applicable), and when that robots.txt was unreachable or unavailable
 * the verdicts are the fetch state's (`reason: 'fetch-state'`), with the reason said.
 */

import * as vscode from 'vscode';
import type { FetchStateNote, TestUrlVerdict } from '../../../server/src/protocol';
import { isPlainObject, uriArgument } from '../command-arguments';
import { pickCrawlers } from '../crawler-picker';
import type { RobotsServer } from '../language-client';
import type { RecentUrls } from '../recent-urls';
import { lineTextOf, resolveRobotsDocument, revealLine } from '../robots-document';
import { readSettings, stringList } from '../settings';
import { askUrl } from '../url-input';
import { TestUrlPanel } from '../panels/test-url/panel';
import { testUrlView } from '../panels/test-url/view';
import { fetchStateText, verdictReport, winningLines } from '../verdict-report';
import { savedWords } from '../panels/saved-state';
import type { WinningLineHighlight } from '../winning-line';
import type { FetchedDocuments } from './fetch';

export const TEST_URL_COMMAND = 'robotsLens.testUrl';

/** The argument of a programmatic call. */
export interface TestUrlArguments {
  readonly url: string;
  /** Tokens or full User-Agent headers; default `robotsLens.testUrl.defaultCrawlers`. */
  readonly agents?: readonly string[] | string;
  /** The robots.txt document; default the active (or a visible) robots.txt editor. */
  readonly uri?: vscode.Uri | string;
  /** The origin the file governs: URLs on other origins are then not applicable. */
  readonly origin?: string;
}

/** What a CodeLens passes after the document: the crawlers its group governs. */
export interface TestUrlHint {
  readonly crawlers?: readonly string[];
}

export interface TestUrlDeps {
  readonly server: RobotsServer;
  readonly extensionUri: vscode.Uri;
  readonly output: vscode.OutputChannel;
  readonly highlight: WinningLineHighlight;
  readonly recent: RecentUrls;
  /** Where fetched documents came from: their origin is passed with every request. */
  readonly fetched?: FetchedDocuments;
}

export function registerTestUrl(deps: TestUrlDeps): vscode.Disposable {
  return vscode.commands.registerCommand(TEST_URL_COMMAND, (first?: unknown, second?: unknown) => {
    if (isPlainObject(first)) return testProgrammatically(deps, first);
    return testInteractively(deps, first instanceof vscode.Uri ? first : undefined, isPlainObject(second) ? (second as TestUrlHint) : {});
  });
}

async function testProgrammatically({ server, fetched }: TestUrlDeps, args: Record<string, unknown>): Promise<TestUrlVerdict[]> {
  if (typeof args.url !== 'string') throw new TypeError(`${TEST_URL_COMMAND}: "url" must be a string (a path or an absolute URL).`);
  const document = await resolveRobotsDocument(uriArgument(args.uri));
  let agents = typeof args.agents === 'string' ? [args.agents] : stringList(args.agents);
  if (agents.length === 0) agents = [...readSettings(document.uri).defaultCrawlers];
  if (agents.length === 0) throw new TypeError(`${TEST_URL_COMMAND}: "agents" names no crawler and robotsLens.testUrl.defaultCrawlers is empty.`);
  const origin = typeof args.origin === 'string' ? args.origin : fetched?.sourceOf(document.uri)?.origin;
  const result = await server.testUrl(document.uri, { url: args.url, agents, ...(origin !== undefined ? { origin } : {}) });
  return [...result.verdicts];
}

async function testInteractively(deps: TestUrlDeps, target: vscode.Uri | undefined, hint: TestUrlHint): Promise<TestUrlVerdict[] | undefined> {
  let document: vscode.TextDocument;
  try {
    document = await resolveRobotsDocument(target);
  } catch (error) {
    void vscode.window.showErrorMessage(`Test URL: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const name = vscode.workspace.asRelativePath(document.uri);
  const url = await askUrl(deps.recent.list(), { title: `Test URL against ${name}`, step: 1, totalSteps: 2 });
  if (url === undefined) return undefined;
  const settings = readSettings(document.uri);
  const preselected = hint.crawlers && hint.crawlers.length > 0 ? hint.crawlers : settings.defaultCrawlers;
  const agents = await pickCrawlers({ title: `Test ${url} for…`, preselected, step: 2, totalSteps: 2 });
  if (agents === undefined) return undefined;
  await deps.recent.remember(url);

  const origin = deps.fetched?.sourceOf(document.uri)?.origin;
  let verdicts: readonly TestUrlVerdict[];
  let fetchState: FetchStateNote | undefined;
  try {
    const result = await deps.server.testUrl(document.uri, { url, agents, ...(origin !== undefined ? { origin } : {}) });
    verdicts = result.verdicts;
    fetchState = result.fetchState;
  } catch (error) {
    void vscode.window.showErrorMessage(`Test URL failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }

  const options = { parserNotes: settings.parserNotes };
  // The Output channel keeps every test as history; the results panel shows this one.
  deps.output.appendLine(`── Test URL ${url} against ${name} (${savedWords(document, document.version)})${origin !== undefined ? `, robots.txt of ${origin}` : ''} ──`);
  if (fetchState) deps.output.appendLine(fetchStateText(fetchState));
  const lineText = lineTextOf(document);
  for (const verdict of verdicts) for (const line of verdictReport(verdict, lineText, options)) deps.output.appendLine(line);
  deps.output.appendLine('');

  const lines = winningLines(verdicts);
  const first = lines[0];
  if (first) await revealLine(document, first.line);
  deps.highlight.show(document, lines, verdicts[0]?.url);
  TestUrlPanel.show(deps, document, testUrlView(verdicts, { documentName: name, version: document.version, saved: savedWords(document, document.version), lineText, fetchState }, options));
  return [...verdicts];
}
