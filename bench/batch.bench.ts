/**
 * Issue #17 targets: `robots-lens test --batch` on 200,000 {"agent","url"} lines against a
 * 2,000-rule file answers at least 3× faster end to end than robots-parser behind an
 * equivalent JSONL script (read stdin, parse each line, answer, write a JSON line), and at
 * least 5× with `--fields allowed,line`. Process start counts. Run: npm run bench -- batch
 *
 * Each process runs as a shell's `< queries.jsonl > answers.jsonl` runs it: stdin and
 * stdout are files, and its answers are counted once it has exited. Those times decide the
 * targets. The same processes are then timed writing into a pipe that this process reads,
 * for comparison: here the reader is this Node process, which takes a fresh 64 KiB buffer
 * for each read and spent 250 to 300 ms of CPU on the 97 MB of full answers (against 30 MB
 * of robots-parser's), on one of the machine's two cores, beside the process it times. That
 * measures the reader as much as the writer, the more the more it writes.
 *
 * Beside wall time, each process's CPU time (user + system, all its threads, as
 * `process.cpuUsage` reads it at exit through a preloaded module given to both sides alike)
 * is printed, with the load average: on a shared machine wall time is noisy.
 */

import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateQueries } from './fixtures/queries';
import { generateRobots } from './fixtures/robots';
import { ORIGIN } from './fixtures/shop';
import { fmt, median, report, verdictLine } from './support';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 200_000);
// Five: one process's wall time here moves by a fifth from minute to minute (the machine's
// page faults cost more or less), and the median of three still moved the ratio by 0.3.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

/** The thirty-line script a user would write around robots-parser. */
const PEER_SCRIPT = `
const robotsParser = require(${JSON.stringify(require.resolve('robots-parser'))});
const { readFileSync } = require('node:fs');
const { createInterface } = require('node:readline');
const robots = robotsParser(${JSON.stringify(`${ORIGIN}/robots.txt`)}, readFileSync(process.argv[2], 'utf8'));
const out = [];
let size = 0;
const flush = () => { process.stdout.write(out.join('')); out.length = 0; size = 0; };
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  let query;
  try { query = JSON.parse(line); } catch { out.push(JSON.stringify({ error: 'not JSON' }) + '\\n'); return; }
  const allowed = robots.isAllowed(query.url, query.agent);
  const lineNumber = robots.getMatchingLineNumber(query.url, query.agent);
  const text = JSON.stringify({ url: query.url, agent: query.agent, allowed: allowed === undefined ? null : allowed, line: lineNumber > 0 ? lineNumber : null }) + '\\n';
  out.push(text);
  size += text.length;
  if (size > 65536) flush();
});
lines.on('close', flush);
`;

/** Preloaded into each timed process: writes its CPU milliseconds to the file named in the environment as it exits. */
const CPU_PRELOAD = `
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  const used = process.cpuUsage();
  writeFileSync(process.env.ROBOTS_LENS_BENCH_CPU, String((used.user + used.system) / 1000));
});
`;

interface Timed {
  readonly ms: number;
  /** CPU milliseconds of the process, user + system. */
  readonly cpu: number;
  readonly lines: number;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-batch-'));
  try {
    const text = generateRobots({ groups: 50, rules: 2000, seed: 7 });
    const robotsFile = join(dir, 'robots.txt');
    const queriesFile = join(dir, 'queries.jsonl');
    const peerScript = join(dir, 'robots-parser-batch.cjs');
    writeFileSync(robotsFile, text);
    writeFileSync(queriesFile, [...generateQueries(QUERIES, 11, text)].map((q) => JSON.stringify({ agent: q.agent, url: q.url })).join('\n') + '\n');
    writeFileSync(peerScript, PEER_SCRIPT);
    const preload = join(dir, 'cpu-preload.cjs');
    writeFileSync(preload, CPU_PRELOAD);
    const load = (): string => loadavg().map((n) => fmt(n, 2)).join(', ');
    console.log(`\nBatch: ${fmt(QUERIES)} queries on a 2,000-rule file, as processes (start included), ${ROUNDS} rounds, median`);
    console.log(`  load average before: ${load()}`);

    const answersFile = join(dir, 'answers.jsonl');
    const time = async (args: readonly string[], sink: Sink): Promise<Timed> =>
      checked(await timeProcess(['--require', preload, ...args], queriesFile, sink === 'file' ? answersFile : 'pipe', join(dir, 'cpu.txt')));
    const commands = {
      peer: [peerScript, robotsFile],
      full: [CLI, 'test', robotsFile, '--batch', '--origin', ORIGIN],
      lean: [CLI, 'test', robotsFile, '--batch', '--origin', ORIGIN, '--fields', 'allowed,line'],
    } as const;
    const names = ['peer', 'full', 'lean'] as const;
    const runs = { file: { peer: [] as Timed[], full: [] as Timed[], lean: [] as Timed[] }, pipe: { peer: [] as Timed[], full: [] as Timed[], lean: [] as Timed[] } };
    for (let r = 0; r < ROUNDS; r++) {
      for (const sink of ['file', 'pipe'] as const) for (const name of names) runs[sink][name].push(await time(commands[name], sink));
    }
    const wall = (timed: readonly Timed[]): number => median(timed.map((t) => t.ms));
    const cpu = (timed: readonly Timed[]): number => median(timed.map((t) => t.cpu));
    const { peer, full, lean } = runs.file;
    const [p, f, l] = [wall(peer), wall(full), wall(lean)];
    const [pc, fc, lc] = [cpu(peer), cpu(full), cpu(lean)];
    const piped = runs.pipe;
    const [pp, fp, lp] = [wall(piped.peer), wall(piped.full), wall(piped.lean)];
    console.log('  stdin and stdout files (< queries.jsonl > answers.jsonl):');
    report([
      ['robots-parser 3.0.1 script', `${fmt(p)} ms wall, ${fmt(pc)} ms CPU`],
      ['robots-lens test --batch', `${fmt(f)} ms wall (${fmt(p / f, 1)}×), ${fmt(fc)} ms CPU (${fmt(pc / fc, 1)}×)`],
      ['… --fields allowed,line', `${fmt(l)} ms wall (${fmt(p / l, 1)}×), ${fmt(lc)} ms CPU (${fmt(pc / lc, 1)}×)`],
    ]);
    console.log('  stdout a pipe read by this Node process, for comparison (its reading shares the two cores):');
    report([
      ['robots-parser 3.0.1 script', `${fmt(pp)} ms wall`],
      ['robots-lens test --batch', `${fmt(fp)} ms wall (${fmt(pp / fp, 1)}×)`],
      ['… --fields allowed,line', `${fmt(lp)} ms wall (${fmt(pp / lp, 1)}×)`],
    ]);
    console.log(`  load average after: ${load()}`);
    console.log(verdictLine('default fields ≥ 3× robots-parser', p / f >= 3, `${fmt(p / f, 1)}×`));
    console.log(verdictLine('--fields allowed,line ≥ 5× robots-parser', p / l >= 5, `${fmt(p / l, 1)}×`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function checked(timed: Timed): Timed {
  if (timed.lines !== QUERIES) throw new Error(`expected ${QUERIES} answers, got ${timed.lines}`);
  return timed;
}

/** Where a timed process writes its answers: a file, or a pipe that this process reads. */
type Sink = 'file' | 'pipe';

/**
 * Runs `node args…` with `input` as stdin and stdout the file `output` (or, for 'pipe', a
 * pipe this process reads): the wall time until it exited, its CPU time (written to
 * `cpuFile` by the preload) and the lines it wrote, counted from the file once it exited.
 */
function timeProcess(args: readonly string[], input: string, output: string, cpuFile: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    // The queries file is the child's stdin, as `< queries.jsonl` gives it in a shell, and
    // the answers file its stdout, as `> answers.jsonl` does.
    const stdin = openSync(input, 'r');
    const stdout = output === 'pipe' ? 'pipe' : openSync(output, 'w');
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { stdio: [stdin, stdout, 'inherit'], env: { ...process.env, ROBOTS_LENS_BENCH_CPU: cpuFile } });
    closeSync(stdin);
    if (typeof stdout === 'number') closeSync(stdout);
    let lines = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      lines += newlines(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited with ${code}`));
      else resolve({ ms, cpu: Number(readFileSync(cpuFile, 'utf8')), lines: output === 'pipe' ? lines : newlines(readFileSync(output)) });
    });
  });
}

function newlines(bytes: Buffer): number {
  let count = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) count++;
  return count;
}
