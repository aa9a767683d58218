/**
 * The longer fuzz run of the language server, outside the suite: the sessions of
 * test/server/lsp-fuzz.test.ts for a given time, against the real bundled server over stdio.
 * Prints edits, requests, notifications, failures (unanswered requests, internal errors to
 * custom requests, text out of sync), crashes, the slowest answer and the server's peak RSS.
 *
 *   npm run build && node --conditions=robots-lens-source --import tsx scripts/fuzz-lsp.ts [seconds=180] [seed=1]
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { FuzzFailure, fuzzAction, playSession } from '../test/support/lsp-fuzz';
import type { FuzzTally } from '../test/support/lsp-fuzz';
import { startTestServer } from '../test/support/lsp-server';
import type { TestServer } from '../test/support/lsp-server';

const seconds = Number(process.argv[2] ?? 180);
const seed = Number(process.argv[3] ?? 1);
const ANSWER_MS = 30_000;

/** Kilobytes of a /proc status field of the process (VmRSS, VmHWM); 0 when unreadable. */
function procKb(pid: number | undefined, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const tally: FuzzTally = { edits: 0, requests: 0, notifications: 0, worstLatencyMs: 0 };
  const failures: string[] = [];
  let crashes = 0;
  let peakKb = 0;
  let sessions = 0;
  let server: TestServer = await startTestServer();
  const until = Date.now() + seconds * 1000;
  let batch = 0;
  while (Date.now() < until) {
    const runs = fc.sample(fc.array(fuzzAction, { minLength: 1, maxLength: 60 }), { seed: seed + batch++, numRuns: 20 });
    for (const actions of runs) {
      try {
        await playSession(server.connection, `file:///fuzz/${++sessions}/robots.txt`, actions, tally, ANSWER_MS);
      } catch (error) {
        if (!(error instanceof FuzzFailure)) throw error;
        failures.push(error.message);
      }
      peakKb = Math.max(peakKb, procKb(server.process.pid, 'VmHWM'));
      if (server.process.exitCode !== null || server.process.signalCode !== null) {
        crashes++;
        failures.push(`the server exited (${server.process.exitCode ?? server.process.signalCode}): ${server.stderr.join('').slice(-2000)}`);
        server = await startTestServer();
      }
      if (Date.now() >= until) break;
    }
  }
  peakKb = Math.max(peakKb, procKb(server.process.pid, 'VmHWM'));
  server.stop();
  const figures = {
    seconds,
    seed,
    sessions,
    edits: tally.edits,
    requests: tally.requests,
    notifications: tally.notifications,
    failures: failures.length,
    crashes,
    worstLatencyMs: Math.round(tally.worstLatencyMs),
    peakRssMiB: Math.round(peakKb / 1024),
  };
  console.log(JSON.stringify(figures, null, 2));
  for (const failure of failures.slice(0, 10)) console.log(`- ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

void main();
