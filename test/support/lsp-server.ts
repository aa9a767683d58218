/**
 * The real bundled language server (`dist/server.js --stdio`) behind a real LSP client
 * connection, initialised the way an editor does: configuration requests answered with
 * defaults, capability registrations accepted. For tests of the custom requests.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  ConfigurationRequest,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  InitializedNotification,
  RegistrationRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import type { ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { ROOT, SERVER, requireBuilt } from './dist';

export interface TestServer {
  readonly connection: ProtocolConnection;
  /** What the server wrote to stderr, for failure messages. */
  readonly stderr: string[];
  /** The server process, to see that it is still running. */
  readonly process: ChildProcessWithoutNullStreams;
  /** Opens a robots.txt document with this text under a fresh URI and returns the URI. */
  open(text: string, name?: string): Promise<string>;
  stop(): void;
}

export async function startTestServer(
  options: { readonly env?: NodeJS.ProcessEnv; readonly onConnection?: (connection: ProtocolConnection) => void } = {},
): Promise<TestServer> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [requireBuilt(SERVER), '--stdio'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => null));
  connection.onRequest(RegistrationRequest.type, () => undefined);
  options.onConnection?.(connection);
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    workspaceFolders: null,
    capabilities: { workspace: { configuration: true }, textDocument: { hover: { contentFormat: ['markdown'] } } },
  });
  await connection.sendNotification(InitializedNotification.type, {});
  let documents = 0;
  return {
    connection,
    stderr,
    process: child,
    async open(text, name = 'doc') {
      const uri = `file:///test/${name}-${++documents}/robots.txt`;
      await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
      return uri;
    },
    stop() {
      connection.dispose();
      if (child.exitCode === null) child.kill();
    },
  };
}
