/**
 * `robotsLens.generateServerRules` ("robots.txt: Generate Server Rules…"): the server rules
 * `robots-lens enforce` prints, for the robots.txt being edited, opened in a new untitled
 * editor. Pure (the enforce package reads the document's text), so it runs in the web build
 * too. Interactive: pick the server, then the crawlers. Programmatic:
 * `executeCommand(id, { uri?, server, crawlers?, purposes?, notHonouring?, status? })` opens
 * the same editor without asking and returns its text and what it cannot express.
 */

import * as vscode from 'vscode';
import { crawlersInScope, enforceSnippet, ENFORCE_SERVERS, isEnforceServer } from '@robots-lens/enforce';
import type { EnforceScope, EnforceServer } from '@robots-lens/enforce';
import { CRAWLERS, isCrawlerPurpose } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { isPlainObject, uriArgument } from '../command-arguments';
import { resolveRobotsDocument } from '../robots-document';

export const GENERATE_SERVER_RULES_COMMAND = 'robotsLens.generateServerRules';

const SERVER_LABELS: Readonly<Record<EnforceServer, string>> = {
  nginx: 'nginx (map blocks, included in http {})',
  apache: 'Apache httpd (mod_rewrite)',
  haproxy: 'HAProxy (http-request rules)',
  caddy: 'Caddy (map and respond)',
  lighttpd: 'lighttpd (mod_rewrite and url.access-deny)',
  cloudflare: 'Cloudflare (WAF custom-rule expression)',
};

export interface ServerRulesResult {
  readonly text: string;
  readonly limits: readonly string[];
}

export function registerServerRules(): vscode.Disposable {
  return vscode.commands.registerCommand(GENERATE_SERVER_RULES_COMMAND, (first?: unknown) => generate(first));
}

async function generate(first: unknown): Promise<ServerRulesResult | undefined> {
  const interactive = !isPlainObject(first);
  const args = isPlainObject(first) ? first : {};
  let document: vscode.TextDocument;
  try {
    document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : uriArgument(args.uri));
  } catch (error) {
    if (!interactive) throw error;
    void vscode.window.showErrorMessage(`Generate Server Rules: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const server = interactive ? await pickServer() : serverArgument(args.server);
  if (server === undefined) return undefined;
  const scope = interactive ? await pickScope() : scopeArgument(args);
  if (scope === undefined) return undefined;
  const status = typeof args.status === 'number' && Number.isInteger(args.status) && args.status >= 400 && args.status <= 599 ? args.status : 403;

  const inScope = crawlersInScope(scope);
  if (!inScope.ok) {
    if (!interactive) throw new Error(inScope.message);
    void vscode.window.showErrorMessage(`Generate Server Rules: ${inScope.message}`);
    return undefined;
  }
  return openRules(document, server, inScope.crawlers, status, inScope.notes);
}

/** "Enforce for N crawlers…" (the AI access panel): asks for the server only. */
export async function generateServerRulesFor(document: vscode.TextDocument, crawlers: readonly string[]): Promise<void> {
  const server = await pickServer();
  if (server === undefined) return;
  const inScope = crawlersInScope({ crawlers });
  if (!inScope.ok) {
    void vscode.window.showErrorMessage(`Generate Server Rules: ${inScope.message}`);
    return;
  }
  await openRules(document, server, inScope.crawlers, 403, inScope.notes);
}

async function openRules(document: vscode.TextDocument, server: EnforceServer, crawlers: Parameters<typeof enforceSnippet>[1], status: number, notes: readonly string[]): Promise<ServerRulesResult> {
  const source = document.uri.scheme === 'file' ? vscode.workspace.asRelativePath(document.uri) : document.uri.toString(true);
  const snippet = enforceSnippet(parseRobots(document.getText()), crawlers, { server, status, source, notes });
  const opened = await vscode.workspace.openTextDocument({ content: snippet.text, language: 'plaintext' });
  await vscode.window.showTextDocument(opened, { preview: false });
  return { text: snippet.text, limits: snippet.limits };
}

async function pickServer(): Promise<EnforceServer | undefined> {
  const choice = await vscode.window.showQuickPick(
    ENFORCE_SERVERS.map((server) => ({ label: SERVER_LABELS[server], server })),
    { title: 'Generate Server Rules: for which server?' },
  );
  return choice?.server;
}

async function pickScope(): Promise<EnforceScope | undefined> {
  const choice = await vscode.window.showQuickPick(
    [
      { label: 'Crawlers that do not honour robots.txt', detail: 'The catalogue crawlers whose operator says they do not honour it, or may ignore it.', scope: { notHonouring: true } as EnforceScope },
      { label: 'AI training crawlers', scope: { purposes: ['ai-training'] } as EnforceScope },
      { label: 'AI training and AI answers crawlers', scope: { purposes: ['ai-training', 'ai-search'] } as EnforceScope },
      { label: 'Choose crawlers…', scope: undefined },
    ],
    { title: 'Generate Server Rules: refuse which crawlers, where robots.txt disallows?' },
  );
  if (!choice) return undefined;
  if (choice.scope) return choice.scope;
  const picked = await vscode.window.showQuickPick(
    CRAWLERS.filter((c) => !c.controlToken).map((c) => ({ label: c.token, description: c.operator, detail: c.description })),
    { title: 'Generate Server Rules: crawlers to refuse', canPickMany: true, matchOnDescription: true },
  );
  return picked && picked.length > 0 ? { crawlers: picked.map((p) => p.label) } : undefined;
}

function serverArgument(value: unknown): EnforceServer {
  if (typeof value === 'string' && isEnforceServer(value)) return value;
  throw new Error(`server must be one of ${ENFORCE_SERVERS.join(', ')}.`);
}

function scopeArgument(args: Readonly<Record<string, unknown>>): EnforceScope {
  const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined);
  const crawlers = strings(args.crawlers);
  const purposes = strings(args.purposes)?.filter(isCrawlerPurpose);
  return { ...(crawlers ? { crawlers } : {}), ...(purposes ? { purposes } : {}), notHonouring: args.notHonouring === true };
}
