/**
 * The longer fuzz run of the CLI, outside the suite: the cases of test/cli/cli-fuzz.test.ts
 * for a given number of runs, plus `fetch` and `check` against hostile HTTP servers on
 * 127.0.0.1 (an endless body, a trickle, a redirect loop, a gzip bomb, a body longer than its
 * Content-Length, control bytes in the file, a redirect to file:). Prints runs, failures
 * (an undocumented exit, a stack trace, a raw control byte, a fetch that outlived its
 * timeout), the slowest run and the commands that failed.
 *
 *   npm run build && node --conditions=robots-lens-source --import tsx scripts/fuzz-cli.ts [runs=400] [seed=1]
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { runCli } from '../test/support/cli';
import { cliFuzzRun, commandLine, fileContent, hostileText } from '../test/support/cli-fuzz';

const runs = Number(process.argv[2] ?? 400);
const seed = Number(process.argv[3] ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-fuzz-cli-'));
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/; // eslint-disable-line no-control-regex
const FETCH_TIMEOUT_MS = 1500;

/** How each hostile server answers any request. */
const HOSTILE: Record<string, (res: http.ServerResponse) => void> = {
  endless(res) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const line = Buffer.from('Disallow: /endless\n'.repeat(1000));
    const pump = (): void => {
      while (!res.destroyed && res.write(line));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  },
  trickle(res) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('D')), 50);
  },
  loop(res) {
    res.writeHead(301, { location: '/robots.txt?again' });
    res.end();
  },
  bomb(res) {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    res.end(BOMB);
  },
  overlong(res) {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10' });
    res.end('User-agent: *\nDisallow: /more-than-ten-bytes\n');
  },
  controls(res) {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('User-agent: \x1b[2Jevil\x07\nDisallow: /\x9b31m\nSitemap: https://x.test/\x1b]0;t\x07\n<meta name="robots" content="noindex,\x1b[31m">\n');
  },
  fileRedirect(res) {
    res.writeHead(302, { location: 'file:///etc/passwd' });
    res.end();
  },
  silent() {
    // Never answers: the timeout must end the fetch.
  },
};
const BOMB = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024));

async function startServers(): Promise<{ origins: Map<string, string>; close: () => void }> {
  const origins = new Map<string, string>();
  const servers: http.Server[] = [];
  for (const [name, answer] of Object.entries(HOSTILE)) {
    const server = http.createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    origins.set(name, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return {
    origins,
    close: () => {
      for (const server of servers) {
        server.closeAllConnections();
        server.close();
      }
    },
  };
}

async function main(): Promise<void> {
  const { origins, close } = await startServers();
  const failures: string[] = [];
  let worstMs = 0;
  let fetches = 0;
  const cases = fc.sample(fc.tuple(commandLine(dir), fileContent, fileContent, hostileText), { seed, numRuns: runs });
  const started = Date.now();
  for (let run = 0; run < cases.length; run++) {
    const [line, a, b, stdin] = cases[run]!;
    const t = performance.now();
    const { problem } = await cliFuzzRun(dir, run, line, a, b, stdin);
    worstMs = Math.max(worstMs, performance.now() - t);
    if (problem) failures.push(problem);
    // Every fourth run also asks a hostile server, by fetch or check, in turn.
    if (run % 4 === 0) {
      const names = [...origins.keys()];
      const name = names[(run / 4) % names.length]!;
      const args = run % 8 === 0 ? ['fetch', origins.get(name)!, '--timeout', String(FETCH_TIMEOUT_MS)] : ['check', `${origins.get(name)!}/page`, '--agent', 'Googlebot', '--timeout', String(FETCH_TIMEOUT_MS)];
      const f = performance.now();
      const { code, stdout, stderr } = await runCli(args);
      const ms = performance.now() - f;
      fetches++;
      worstMs = Math.max(worstMs, ms);
      const context = `${name}: ${args.join(' ')} → exit ${code}, ${Math.round(ms)} ms\n${stderr.slice(0, 300)}`;
      if (code === null || ![0, 1, 2].includes(code)) failures.push(`exit ${code}: ${context}`);
      else if (/^\s+at |node:internal|unexpected error/m.test(stderr)) failures.push(`a stack trace: ${context}`);
      else if (RAW_CONTROL.test(stdout) || RAW_CONTROL.test(stderr)) failures.push(`a raw control byte: ${context}`);
      // The process ends with its answer: a timeout, a limit or a refusal, never a minute later.
      else if (ms > FETCH_TIMEOUT_MS * 4 + 2000) failures.push(`outlived its timeout: ${context}`);
    }
  }
  close();
  const figures = {
    runs: cases.length,
    hostileHttpRuns: fetches,
    seed,
    seconds: Math.round((Date.now() - started) / 1000),
    failures: failures.length,
    worstRunMs: Math.round(worstMs),
  };
  console.log(JSON.stringify(figures, null, 2));
  for (const failure of failures.slice(0, 10)) console.log(`- ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

void main();
