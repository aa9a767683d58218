/**
 * `robotsLens.testUrl`: which rule decides a URL for each crawler, on the unsaved buffer.
 *
 * Interactive (palette, editor menu, CodeLens): asks for the URL and the crawlers, writes
 * the full reasoning to the output channel, highlights and reveals the winning lines.
 * Programmatic: `executeCommand('robotsLens.testUrl', { url, agents, uri?, origin? })`
 * returns the verdicts with no prompt and no UI.
 */

import * as vscode from 'vscode';
import type { Verdict } from '../../../server/src/core/match';
import { isPlainObject, uriArgument } from '../command-arguments';
import { pickCrawlers } from '../crawler-picker';
import type { RobotsServer } from '../language-client';
import type { RecentUrls } from '../recent-urls';
import { lineTextOf, resolveRobotsDocument, revealLine } from '../robots-document';
import { readSettings, stringList } from '../settings';
import { askUrl } from '../url-input';
import { verdictReport, verdictSummary, winningLines } from '../verdict-report';
import type { WinningLineHighlight } from '../winning-line';

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
  readonly output: vscode.OutputChannel;
  readonly highlight: WinningLineHighlight;
  readonly recent: RecentUrls;
}

export function registerTestUrl(deps: TestUrlDeps): vscode.Disposable {
  return vscode.commands.registerCommand(TEST_URL_COMMAND, (first?: unknown, second?: unknown) => {
    if (isPlainObject(first)) return testProgrammatically(deps.server, first);
    return testInteractively(deps, first instanceof vscode.Uri ? first : undefined, isPlainObject(second) ? (second as TestUrlHint) : {});
  });
}

async function testProgrammatically(server: RobotsServer, args: Record<string, unknown>): Promise<Verdict[]> {
  if (typeof args.url !== 'string') throw new TypeError(`${TEST_URL_COMMAND}: "url" must be a string (a path or an absolute URL).`);
  const document = await resolveRobotsDocument(uriArgument(args.uri));
  let agents = typeof args.agents === 'string' ? [args.agents] : stringList(args.agents);
  if (agents.length === 0) agents = [...readSettings(document.uri).defaultCrawlers];
  if (agents.length === 0) throw new TypeError(`${TEST_URL_COMMAND}: "agents" names no crawler and robotsLens.testUrl.defaultCrawlers is empty.`);
  const result = await server.testUrl(document.uri, { url: args.url, agents, ...(typeof args.origin === 'string' ? { origin: args.origin } : {}) });
  return [...result.verdicts];
}

async function testInteractively(deps: TestUrlDeps, target: vscode.Uri | undefined, hint: TestUrlHint): Promise<Verdict[] | undefined> {
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

  let verdicts: readonly Verdict[];
  try {
    verdicts = (await deps.server.testUrl(document.uri, { url, agents })).verdicts;
  } catch (error) {
    void vscode.window.showErrorMessage(`Test URL failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }

  const options = { parserNotes: settings.parserNotes };
  deps.output.appendLine(`── Test URL ${url} against ${name} (version ${document.version}) ──`);
  const lineText = lineTextOf(document);
  for (const verdict of verdicts) for (const line of verdictReport(verdict, lineText, options)) deps.output.appendLine(line);
  deps.output.appendLine('');
  deps.output.show(true);

  const lines = winningLines(verdicts);
  const first = lines[0];
  if (first) await revealLine(document, first.line);
  deps.highlight.show(document, lines);
  void vscode.window.showInformationMessage(verdictSummary(verdicts, options), 'Show Details').then((choice) => {
    if (choice) deps.output.show();
  });
  return [...verdicts];
}
