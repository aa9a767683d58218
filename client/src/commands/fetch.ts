/**
 * `robotsLens.fetch`: fetch a site's /robots.txt the way crawlers do (in the language
 * server) and open it as an untitled robots.txt document, headed by a comment block that
 * says how it was fetched and what the outcome means. The document keeps its origin and
 * fetch state: Test URL and the matrix judge URLs of that origin only, and when robots.txt
 * was unreachable or unavailable they answer with the fetch state's verdict, not the rules.
 *
 * Interactive (palette): asks for a site or URL, remembering recent ones.
 * Programmatic: `executeCommand('robotsLens.fetch', { site, timeoutMs? })` returns the
 * fetch report plus the `uri` of the opened document, with no prompt.
 */

import * as vscode from 'vscode';
import { manageWorkspaceTrust, offerAlternatives, openRobotsFile, pasteIntoNewFile } from '../alternatives';
import { restrictedModeMessage } from '../language-client';
import { LIVE_FETCH_UNAVAILABLE } from '../live-fetch';
import { formatFetchReport } from '@robots-lens/fetch';
import { GOOGLE_SIZE_LIMIT_BYTES } from '@robots-lens/kernel/parse';
import { plural } from '@robots-lens/kernel/words';
import { siteOrigin } from '@robots-lens/kernel/match';
import type { FetchedSource, FetchResult } from '../../../server/src/protocol';
import { isPlainObject } from '../command-arguments';
import type { RobotsServer } from '../language-client';
import type { RecentUrls } from '../recent-urls';
import { ROBOTS_LANGUAGE_ID } from '../robots-document';

export const FETCH_COMMAND = 'robotsLens.fetch';

/** The argument of a programmatic call. */
export interface FetchArguments {
  /** A site (`example.com` means https) or any URL on it. */
  readonly site: string;
  readonly timeoutMs?: number;
}

/** What the command returns: the server's fetch report and the document it opened. */
export interface FetchCommandResult extends FetchResult {
  readonly uri: string;
}

export interface FetchDeps {
  readonly server: RobotsServer;
  readonly fetched: FetchedDocuments;
  readonly recent: RecentUrls;
}

export function registerFetch(deps: FetchDeps): vscode.Disposable {
  return vscode.commands.registerCommand(FETCH_COMMAND, (first?: unknown) => {
    if (isPlainObject(first)) return fetchProgrammatically(deps, first);
    return fetchInteractively(deps);
  });
}

async function fetchProgrammatically(deps: FetchDeps, args: Record<string, unknown>): Promise<FetchCommandResult> {
  if (typeof args.site !== 'string' || args.site.trim() === '') {
    throw new TypeError(`${FETCH_COMMAND}: "site" must be a site or URL (example.com, https://example.com/page).`);
  }
  const timeoutMs = typeof args.timeoutMs === 'number' ? args.timeoutMs : undefined;
  const result = await deps.server.fetch({ site: args.site.trim(), ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  const document = await openFetched(deps.fetched, result);
  return { ...result, uri: document.uri.toString() };
}

async function fetchInteractively(deps: FetchDeps): Promise<FetchCommandResult | undefined> {
  // Before asking for a site: what cannot run here says so and offers what does.
  if (LIVE_FETCH_UNAVAILABLE !== undefined) return void (await offerAlternatives(LIVE_FETCH_UNAVAILABLE, [pasteIntoNewFile, openRobotsFile]));
  if (!vscode.workspace.isTrusted) return void (await offerAlternatives(restrictedModeMessage('Fetching a live robots.txt'), [manageWorkspaceTrust, pasteIntoNewFile]));
  const recent = deps.recent.list();
  const site = await vscode.window.showInputBox({
    title: 'Fetch robots.txt',
    prompt: 'A site or any URL on it: its /robots.txt is fetched as crawlers fetch it (a bare host means https).',
    placeHolder: 'example.com or https://www.example.com/page',
    value: recent[0] ?? '',
    ignoreFocusOut: true,
    validateInput: siteProblem,
  });
  if (site === undefined || site.trim() === '') return undefined;
  await deps.recent.remember(site.trim());

  let result: FetchResult;
  let cancelled = false;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Fetching robots.txt of ${site.trim()}…`, cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => (cancelled = true));
        return deps.server.fetch({ site: site.trim() }, token);
      },
    );
  } catch (error) {
    if (cancelled) return undefined;
    void vscode.window.showErrorMessage(`Fetch robots.txt failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const document = await openFetched(deps.fetched, result);
  const message = `robots.txt of ${result.origin}: ${result.explanation}`;
  if (result.state === 'rules') void vscode.window.showInformationMessage(message);
  else void vscode.window.showWarningMessage(message);
  return { ...result, uri: document.uri.toString() };
}

/** Why a typed site cannot be fetched, or undefined when it can (as the server will read it). */
export function siteProblem(value: string): string | undefined {
  const typed = value.trim();
  if (typed === '') return undefined;
  const origin = siteOrigin(typed);
  if (origin === undefined) return `"${typed}" is not a site or URL (try example.com or https://example.com/page).`;
  if (!origin.startsWith('http://') && !origin.startsWith('https://')) return 'robots.txt is fetched over HTTP: give an http or https URL.';
  return undefined;
}

/** Opens the fetched file as an untitled robots.txt, attaches its origin, and shows it. */
async function openFetched(fetched: FetchedDocuments, result: FetchResult): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ language: ROBOTS_LANGUAGE_ID, content: fetchedDocumentText(result) });
  await fetched.attach(document, fetchedSource(result));
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

export function fetchedSource(result: FetchResult): FetchedSource {
  return {
    origin: result.origin,
    url: result.url,
    state: result.state,
    status: result.status,
    explanation: result.explanation,
    fetchedAt: result.fetchedAt,
  };
}

/**
 * The document: a `#` comment header (the site and time, which name the tab; status, chain,
 * size, fetched at, state and what it means — the same report `robots-lens fetch` prints), then
 * the file as fetched. Comments only, before the first group, so the document parses to exactly
 * the file's rules.
 *
 * Google's 500 KiB limit counts bytes from the start of the file, so for a file that would
 * then reach past the limit the summary follows the file instead: a header would move lines
 * across the limit and change which rules count.
 */
export function fetchedDocumentText(result: FetchResult): string {
  const status = result.status !== null ? `HTTP ${result.status}` : `no response (${result.error?.kind ?? result.state})`;
  const size = result.bytes !== null ? ` · ${plural(result.bytes, 'byte')}` : '';
  const lines = [
    fetchedTitle(result),
    `Fetched by robots.txt Lens at ${result.fetchedAt}: ${result.url}`,
    `status    ${status} · state: ${result.state}${size}`,
    ...stateBanner(result),
    '',
    ...formatFetchReport(result).trimEnd().split(/\r\n|\r|\n/),
    '',
    result.state === 'rules'
      ? `The lines above are comments; the file follows unchanged. Test URL and the crawler matrix judge URLs of ${result.origin} only.`
      : `No rules follow: the fetch state decides every URL of ${result.origin}, and Test URL and the crawler matrix say so.`,
  ];
  const comment = (text: string): string => (text === '' ? '#' : `# ${text}`);
  const header = lines.map(comment).join('\n') + '\n';
  const text = result.text;
  if (result.state !== 'rules' || text === undefined) return header;
  if (Buffer.byteLength(header) + 1 + Buffer.byteLength(text) <= GOOGLE_SIZE_LIMIT_BYTES) return `${header}\n${text}`;
  const trailer = [
    `This summary follows the file: at ${result.bytes ?? Buffer.byteLength(text)} bytes it is close to or past Google's ${GOOGLE_SIZE_LIMIT_BYTES}-byte limit,`,
    'which counts from the first byte, so a header would move lines across the limit and change which rules count.',
    ...lines,
  ];
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}\n${trailer.map(comment).join('\n')}\n`;
}

/**
 * The first line, which VS Code also shows as the untitled document's name (its first 40
 * characters): the site and the time of the fetch, short enough to fit, e.g. `example.com at 08:47 UTC`.
 */
export function fetchedTitle(result: Pick<FetchResult, 'origin' | 'fetchedAt'>): string {
  let site = result.origin;
  try {
    site = new URL(result.origin).host;
  } catch {
    // An origin that is not a URL is shown as it is.
  }
  const time = /T(\d\d:\d\d)/.exec(result.fetchedAt)?.[1];
  return time ? `${site} at ${time} UTC` : site;
}

/** Loud lines for the states in which no rule of this file applies. */
function stateBanner(result: FetchResult): string[] {
  switch (result.state) {
    case 'rules':
      return [];
    case 'unreachable':
      return [
        '',
        `!!! UNREACHABLE: every URL of ${result.origin} is DISALLOWED for every crawler (RFC 9309: assume complete disallow).`,
        '!!! The fetch outcome decides, not rules: Test URL and the crawler matrix answer "disallowed" for every URL here.',
      ];
    case 'unavailable':
      return [
        '',
        `!!! UNAVAILABLE: every URL of ${result.origin} is ALLOWED for every crawler, as if there were no robots.txt.`,
        '!!! The fetch outcome decides, not rules: Test URL and the crawler matrix answer "allowed" for every URL here.',
      ];
  }
}

/**
 * The documents opened from a fetch, by URI: their origin and fetch state. The server is
 * told too (and told again after a restart); both forget a document when it closes, since
 * the next untitled document may reuse its URI.
 */
export class FetchedDocuments implements vscode.Disposable {
  private readonly sources = new Map<string, { readonly uri: vscode.Uri; readonly source: FetchedSource }>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly server: RobotsServer) {
    this.subscription = vscode.workspace.onDidCloseTextDocument((document) => this.sources.delete(document.uri.toString()));
  }

  async attach(document: vscode.TextDocument, source: FetchedSource): Promise<void> {
    this.sources.set(document.uri.toString(), { uri: document.uri, source });
    await this.server.fetchedDocument(document.uri, source);
  }

  sourceOf(uri: vscode.Uri): FetchedSource | undefined {
    return this.sources.get(uri.toString())?.source;
  }

  /** After the server restarted: it has forgotten where the documents came from. */
  resend(): void {
    for (const { uri, source } of this.sources.values()) void this.server.fetchedDocument(uri, source).catch(() => undefined);
  }

  dispose(): void {
    this.subscription.dispose();
    this.sources.clear();
  }
}
