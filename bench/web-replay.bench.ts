/**
 * The replay in a browser (issue 18): a ~100 MB combined log replayed by the web worker server
 * (`dist/web/server.js`) in headless Chromium, fed piece by piece as the web client feeds it
 * (`client/src/web/log-text.ts`, 1 MiB pieces over `robotsLens/readLog`). The figure includes
 * handing the pieces from Node into the page, which stands in for the extension host. The
 * built CLI replays the same log beside it, so the ratio to the desktop engine is known on the
 * same machine under the same load.
 * Run: npm run bench -- web-replay   (BENCH_WEB_REPLAY_MB=… to change the size)
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigurationRequest, DidOpenTextDocumentNotification, InitializedNotification, InitializeRequest, RegistrationRequest } from 'vscode-languageserver-protocol/node';
import { logPieces } from '../client/src/web/log-text';
import type { LogPiece } from '../client/src/web/log-text';
import { ReadIpListsRequest, ReadLogRequest, ReplayRequest } from '../server/src/protocol';
import { startWorkerServer } from '../test/support/web-worker-server';
import { writeCombinedLog } from './fixtures/access-log';
import { generateRobots } from './fixtures/robots';
import { fmt, report } from './support';

const MEGABYTES = Number(process.env.BENCH_WEB_REPLAY_MB ?? 100);
/** Bytes per generated line, near enough to size the log; the figure uses the lines actually written. */
const BYTES_PER_LINE = 258;

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-web-replay-bench-'));
  const worker = await startWorkerServer();
  try {
    const log = join(dir, 'access.log');
    const written = writeCombinedLog(log, Math.round((MEGABYTES * 1e6) / BYTES_PER_LINE), 5, { malformedEvery: 100_000 });
    let open: { pieces: AsyncGenerator<LogPiece>; total: number } | undefined;
    const { connection } = worker;
    connection.onRequest(ReadLogRequest, async ({ file, index }) => {
      if (index === 0) {
        const bytes = readFileSync(file);
        open = { pieces: logPieces(bytes), total: bytes.length };
      }
      const piece = await open!.pieces.next();
      return piece.done ? { text: null, bytesRead: open!.total, bytesTotal: open!.total } : { text: piece.value.text, bytesRead: piece.value.bytesRead, bytesTotal: open!.total };
    });
    connection.onRequest(ReadIpListsRequest, () => ({ files: [], folders: ['none'], problems: [] }));
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => null));
    connection.onRequest(RegistrationRequest.type, () => undefined);
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, workspaceFolders: null, capabilities: {} });
    await connection.sendNotification(InitializedNotification.type, {});
    const uri = 'file:///bench/robots.txt';
    const text = generateRobots({ groups: 50, rules: 2000, seed: 7 });
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
    const started = performance.now();
    const result = await connection.sendRequest(ReplayRequest, { uri, logFiles: [log], maxRecords: 0 });
    const ms = performance.now() - started;
    const lines = result.summary.totals.lines;
    const robots = join(dir, 'robots.txt');
    writeFileSync(robots, text);
    const cliStarted = performance.now();
    const cli = spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'cli.js'), 'replay', robots, log], { encoding: 'utf8' });
    const cliMs = performance.now() - cliStarted;
    if (cli.status !== 0) throw new Error(`robots-lens replay failed: ${cli.stderr}`);
    report([
      ['web worker replay', `${fmt(written.bytes / 1e6, 1)} MB, ${fmt(lines)} lines against 2,000 rules`],
      ['  end to end', `${fmt(ms / 1000, 1)} s — ${fmt(lines / (ms / 1000))} lines/s`],
      ['  in the worker', `${fmt(result.summary.elapsedMs / 1000, 1)} s (the replay's own clock)`],
      ['robots-lens replay (Node)', `${fmt(cliMs / 1000, 1)} s — ${fmt(lines / (cliMs / 1000))} lines/s, the worker at ${fmt((cliMs / ms) * 100)} % of it`],
    ]);
  } finally {
    await worker.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
