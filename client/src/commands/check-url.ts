/**
 * `robotsLens.checkUrl`: two separate questions about one live URL, answered in the
 * language server — may the crawler crawl it (the site's robots.txt, fetch state first), and
 * what does the page say about indexing (X-Robots-Tag and robots meta tags) — and how they
 * interact: a crawler that may not crawl a page never sees its noindex.
 *
 * Interactive (palette): asks for the URL and the crawlers, writes each report to the
 * "robots.txt Lens" output channel (the text `robots-lens check` prints) and summarises.
 * Programmatic: `executeCommand('robotsLens.checkUrl', { url, agent? })` returns the check
 * report with no prompt and no UI; `agent` defaults to the first of
 * `robotsLens.testUrl.defaultCrawlers`.
 */

import * as vscode from 'vscode';
import { manageWorkspaceTrust, offerAlternatives } from '../alternatives';
import type { Alternative } from '../alternatives';
import { restrictedModeMessage } from '../language-client';
import { LIVE_FETCH_UNAVAILABLE } from '../live-fetch';
import { formatCheckReport } from '@robots-lens/fetch/check-url';
import { isPlainObject } from '../command-arguments';
import { pickCrawlers } from '../crawler-picker';
import type { RobotsServer } from '../language-client';
import type { RecentUrls } from '../recent-urls';
import { readSettings } from '../settings';
import type { FetchedDocuments } from './fetch';
import type { UrlCheckReportDto } from '../../../server/src/protocol';

export const CHECK_URL_COMMAND = 'robotsLens.checkUrl';

/** The argument of a programmatic call. */
export interface CheckUrlArguments {
  /** An absolute http(s) URL. */
  readonly url: string;
  /** A product token or a full User-Agent header. */
  readonly agent?: string;
  readonly timeoutMs?: number;
}

export interface CheckUrlDeps {
  readonly server: RobotsServer;
  readonly output: vscode.OutputChannel;
  readonly recent: RecentUrls;
  /** To offer the origin of a fetched robots.txt the user is looking at. */
  readonly fetched: FetchedDocuments;
}

export function registerCheckUrl(deps: CheckUrlDeps): vscode.Disposable {
  return vscode.commands.registerCommand(CHECK_URL_COMMAND, (first?: unknown) => {
    if (isPlainObject(first)) return checkProgrammatically(deps.server, first);
    return checkInteractively(deps);
  });
}

async function checkProgrammatically(server: RobotsServer, args: Record<string, unknown>): Promise<UrlCheckReportDto> {
  if (typeof args.url !== 'string' || args.url.trim() === '') throw new TypeError(`${CHECK_URL_COMMAND}: "url" must be an absolute http(s) URL.`);
  const agent = typeof args.agent === 'string' && args.agent.trim() !== '' ? args.agent.trim() : readSettings().defaultCrawlers[0];
  if (agent === undefined) throw new TypeError(`${CHECK_URL_COMMAND}: "agent" names no crawler and robotsLens.testUrl.defaultCrawlers is empty.`);
  const timeoutMs = typeof args.timeoutMs === 'number' ? args.timeoutMs : undefined;
  return server.checkUrl({ url: args.url.trim(), agent, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}

/** Test URL answers from the open robots.txt alone, where Check URL cannot fetch. */
const testUrlInstead: Alternative = { title: 'Test URL…', run: () => Promise.resolve(vscode.commands.executeCommand('robotsLens.testUrl')) };

async function checkInteractively(deps: CheckUrlDeps): Promise<UrlCheckReportDto[] | undefined> {
  if (LIVE_FETCH_UNAVAILABLE !== undefined) return void (await offerAlternatives(LIVE_FETCH_UNAVAILABLE, [testUrlInstead]));
  if (!vscode.workspace.isTrusted) return void (await offerAlternatives(restrictedModeMessage('Check URL'), [manageWorkspaceTrust, testUrlInstead]));
  const active = vscode.window.activeTextEditor?.document;
  const fetchedOrigin = active !== undefined ? deps.fetched.sourceOf(active.uri)?.origin : undefined;
  const recent = deps.recent.list();
  const url = await vscode.window.showInputBox({
    title: 'Check URL (1/2)',
    prompt: 'A page URL: may a crawler crawl it (robots.txt), and what does the page say about indexing (X-Robots-Tag, robots meta)?',
    placeHolder: 'https://www.example.com/page.html',
    value: fetchedOrigin !== undefined ? `${fetchedOrigin}/` : recent[0] ?? '',
    ignoreFocusOut: true,
    validateInput: pageUrlProblem,
  });
  if (url === undefined || url.trim() === '') return undefined;
  const defaults = readSettings().defaultCrawlers;
  const agents = await pickCrawlers({ title: `Check ${url.trim()} for…`, preselected: defaults.slice(0, 1), step: 2, totalSteps: 2 });
  if (agents === undefined) return undefined;
  await deps.recent.remember(url.trim());

  let reports: UrlCheckReportDto[];
  let cancelled = false;
  try {
    reports = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Checking ${url.trim()}…`, cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => (cancelled = true));
        return Promise.all(agents.map((agent) => deps.server.checkUrl({ url: url.trim(), agent }, token)));
      },
    );
  } catch (error) {
    if (cancelled) return undefined;
    void vscode.window.showErrorMessage(`Check URL failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }

  for (const report of reports) {
    deps.output.appendLine(`── Check URL ${report.url} for ${report.crawler ?? report.agent} ──`);
    deps.output.append(formatCheckReport(report));
    deps.output.appendLine('');
  }
  deps.output.show(true);
  void vscode.window.showInformationMessage(checkSummary(reports), 'Show Details').then((choice) => {
    if (choice) deps.output.show();
  });
  return reports;
}

/** Why a typed URL cannot be checked, or undefined when it can. */
export function pageUrlProblem(value: string): string | undefined {
  const typed = value.trim();
  if (typed === '') return undefined;
  if (!/^https?:\/\//i.test(typed)) return 'Give the full URL, starting with http:// or https://.';
  try {
    new URL(typed);
  } catch {
    return `"${typed}" is not a URL.`;
  }
  return undefined;
}

/** One line per crawler: crawl permission, then what that means for the page's indexing directives. */
export function checkSummary(reports: readonly UrlCheckReportDto[]): string {
  return reports.map((report) => report.assessment.headline).join(' ');
}
