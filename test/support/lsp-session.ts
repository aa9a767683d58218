/**
 * The real bundled server (`dist/server.js --stdio`) driven by a real LSP client connection,
 * initialised as an editor does it: `workspace/configuration` answered from `settings` (tests
 * change them), diagnostics and log messages kept as they arrive. Waits are on conditions (a
 * notification that satisfies a predicate), never on fixed sleeps; the timeout only turns a
 * hang into a readable failure. Each lsp*.test.ts file starts a session of its own.
 */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { after, before } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionRequest,
  ConfigurationRequest,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  InitializedNotification,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import type { CodeAction, Diagnostic, Hover, MarkupContent, ProtocolConnection, PublishDiagnosticsParams, TextEdit } from 'vscode-languageserver-protocol/node';
import { ROOT, SERVER, requireBuilt } from './dist';

const WAIT_MS = 15_000;

export interface LintSettings {
  lint: Record<string, string>;
}

export class LspSession {
  /** Settings the client answers `workspace/configuration` with; tests change them. */
  settings: LintSettings = { lint: { 'redundant-rule': 'info' } };
  /** Server stderr and `window/logMessage` lines, in arrival order. */
  readonly logs: string[] = [];
  private server: ChildProcessWithoutNullStreams | undefined;
  private client: ProtocolConnection | undefined;
  private readonly latest = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters = new Set<() => void>();
  private version = 1;
  private documents = 0;

  get child(): ChildProcessWithoutNullStreams {
    assert.ok(this.server, 'the session has not started');
    return this.server;
  }

  get connection(): ProtocolConnection {
    assert.ok(this.client, 'the session has not started');
    return this.client;
  }

  async start(): Promise<void> {
    // npm test builds first; test files run in parallel and must not rebuild dist/ under each other.
    const child = spawn(process.execPath, [requireBuilt(SERVER), '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.server = child;
    child.stderr.on('data', (chunk: Buffer) => this.logs.push(chunk.toString()));
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    this.client = connection;
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map((item) => (item.section === 'robotsLens' ? this.settings : null)));
    connection.onRequest(RegistrationRequest.type, () => undefined);
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.latest.set(params.uri, params);
      this.wake();
    });
    connection.onNotification(LogMessageNotification.type, (params) => {
      this.logs.push(params.message);
      this.wake();
    });
    connection.listen();
    const result = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: null,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          hover: { contentFormat: ['markdown'] },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
        },
      },
    });
    assert.equal(result.capabilities.textDocumentSync && typeof result.capabilities.textDocumentSync === 'object' ? result.capabilities.textDocumentSync.change : undefined, 2);
    await connection.sendNotification(InitializedNotification.type, {});
  }

  stop(): void {
    this.client?.dispose();
    if (this.server && this.server.exitCode === null) this.server.kill();
  }

  /** A version number no document of this session has had yet. */
  nextVersion(): number {
    return this.version++;
  }

  /** Resolves with the first value `probe` returns that is not undefined, re-probing on every message. */
  waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        const value = probe();
        if (value === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`Timed out waiting for ${what}; last diagnostics: ${JSON.stringify([...this.latest.values()].slice(-1))}`));
      }, WAIT_MS);
      this.waiters.add(check);
      check();
    });
  }

  diagnosticsWhere(uri: string, what: string, accept: (params: PublishDiagnosticsParams) => boolean): Promise<Diagnostic[]> {
    return this.waitFor(what, () => {
      const params = this.latest.get(uri);
      return params && accept(params) ? params.diagnostics : undefined;
    });
  }

  /** Opens `text` under a fresh URI and waits for the diagnostics of that version. */
  async open(text: string): Promise<{ uri: string; version: number; diagnostics: Diagnostic[] }> {
    const uri = `file:///test/site-${++this.documents}/robots.txt`;
    const version = this.nextVersion();
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version, text } });
    const diagnostics = await this.diagnosticsWhere(uri, `diagnostics of ${uri}`, (p) => p.version === version);
    return { uri, version, diagnostics };
  }

  /** The code actions offered for `diagnostic` of the document `uri`, asked for its range. */
  async codeActions(uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
    return (await this.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } })) as CodeAction[];
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** A session started before the tests of the enclosing suite and stopped after them. */
export function suiteSession(): LspSession {
  const session = new LspSession();
  before(() => session.start());
  after(() => session.stop());
  return session;
}

export function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code));
}

export function markdown(hover: Hover | null): string {
  assert.ok(hover, 'expected a hover');
  return (hover.contents as MarkupContent).value;
}

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'robots-txt', 0, text), [...edits]);
}

// Lines are numbered in the fixtures' comments, so positions in the tests can be checked by eye.
export const SHOP = [
  'User-agent: *', // 0
  'Disallow: /admin', // 1  shadowed by line 2
  'Disallow: /admin*', // 2
  'Allow: /public/', // 3
  '', // 4
  'User-agent: Googlebot', // 5
  'Disallow: /private/', // 6
  '',
].join('\n');
