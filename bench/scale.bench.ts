/**
 * Issues #19 and #39: replay at warehouse scale. A generated combined log of ≥ 4 million
 * lines, cut by time into hourly-like shard files, replayed by one process (`robots-lens
 * replay` over all the files) and by the Dask driver (`examples/scale-out/dask_replay.py`) on
 * running clusters of 1 and 2 worker processes on 127.0.0.1 (started here, warmed by one run
 * of the driver, then reused with --scheduler, as a cluster in service is): the speed-up of
 * each against one process, lines/s per worker, the model for N machines against what was
 * measured, the scan's cost as a share of the replay's, peak RSS per worker, whether the
 * merged summary equals the one-process summary, and the load average (the machine is shared).
 * Run: npm run bench -- scale   (BENCH_SCALE_LINES, BENCH_SCALE_SHARDS, BENCH_SCALE_ROUNDS, PYTHON to change)
 */

import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCombinedLogChunks } from './fixtures/access-log';
import { generateRobots } from './fixtures/robots';
import { fmt, PEAK_RSS_KB, report } from './support';

const LINES = Number(process.env.BENCH_SCALE_LINES ?? 4_000_000);
const SHARDS = Number(process.env.BENCH_SCALE_SHARDS ?? 8);
/** Timed runs of each side; the best is reported (the machine is shared: the best is the least disturbed). */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 2);
const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const DRIVER = join(ROOT, 'examples', 'scale-out', 'dask_replay.py');
const OPTIONS = ['--crawl-delay', '--crawl-delay-scope', 'claimed'];

interface TaskStats {
  readonly worker: number;
  /** Wall-clock seconds (epoch) when the task began. */
  readonly began: number;
  readonly seconds: number;
  /** Seconds inside the worker's robots-lens serve process. */
  readonly cliSeconds: number;
  readonly maxRssKb: number;
}

interface DriverStats {
  readonly scan: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly replay: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly merge: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly pipelined: boolean;
  /** Replays made again because a hint they read was wrong. */
  readonly replayedAgain?: number;
  /** Wall-clock seconds (epoch) when the first task was submitted. */
  readonly began: number;
  readonly totalSeconds: number;
}

/**
 * Writes the log as `shards` files of about equal size, each cut where the timestamp's second
 * changes (shards must not overlap in time).
 */
function writeShards(dir: string, lines: number, shards: number): string[] {
  const paths = Array.from({ length: shards }, (_, k) => join(dir, `shard-${String(k).padStart(2, '0')}.log`));
  const perShard = Math.ceil(lines / shards);
  let shard = 0;
  let fd = openSync(paths[0]!, 'w');
  let inShard = 0;
  let lastSecond = '';
  /** The timestamp of a line, or undefined for the malformed lines the log has (cut short, they are not requests). */
  const secondOf = (line: string): string | undefined => (line.endsWith('"') ? /^\S+ \S+ \S+ \[([^\]]+)\]/.exec(line)?.[1] : undefined);
  for (const chunk of generateCombinedLogChunks(lines, 5, { malformedEvery: 100_000 })) {
    const rows = Buffer.from(chunk).toString('latin1').split('\n');
    if (rows[rows.length - 1] === '') rows.pop();
    let from = 0;
    if (inShard + rows.length >= perShard && shard < shards - 1) {
      // Cut at the first line of a new second past the shard's share.
      let cut = Math.max(0, perShard - inShard);
      let before = lastSecond;
      for (let i = 0; i < cut; i++) before = secondOf(rows[i]!) ?? before;
      while (cut < rows.length && (secondOf(rows[cut]!) ?? before) === before) cut++;
      if (cut < rows.length) {
        writeSync(fd, Buffer.from(rows.slice(0, cut).map((r) => r + '\n').join(''), 'latin1'));
        closeSync(fd);
        fd = openSync(paths[++shard]!, 'w');
        inShard = 0;
        from = cut;
      }
    }
    const rest = rows.slice(from);
    if (rest.length > 0) writeSync(fd, Buffer.from(rest.map((r) => r + '\n').join(''), 'latin1'));
    inShard += rest.length;
    for (let i = rows.length - 1; i >= 0; i--) {
      const second = secondOf(rows[i]!);
      if (second !== undefined) {
        lastSecond = second;
        break;
      }
    }
  }
  closeSync(fd);
  return paths.slice(0, shard + 1);
}

/** Seconds of each run inside one warm `robots-lens serve` (as a cluster worker runs them), best of 5, taken in turns. */
function warmSeconds<K extends string>(runs: Readonly<Record<K, string[]>>): Record<K, number> {
  const names = Object.keys(runs) as K[];
  const requests = Array.from({ length: 6 }, (_, round) => names.map((name) => JSON.stringify({ id: `${round}:${name}`, args: runs[name] })).join('\n')).join('\n') + '\n';
  const served = spawnSync(process.execPath, [CLI, 'serve'], { input: requests, encoding: 'utf8', maxBuffer: 64 << 20 });
  const best = Object.fromEntries(names.map((name) => [name, Infinity])) as Record<K, number>;
  for (const line of served.stdout.split('\n').filter((l) => l !== '')) {
    const answer = JSON.parse(line) as { id: string; exitCode: number; seconds: number; stderr: string };
    if (answer.exitCode !== 0) throw new Error(`robots-lens serve: ${answer.id} failed: ${answer.stderr}`);
    const [round, name] = answer.id.split(':') as [string, K];
    // The first round warms the process up (JIT, page cache) and is not counted.
    if (round !== '0') best[name] = Math.min(best[name], answer.seconds);
  }
  return best;
}

/** A Python with Dask distributed (python3, else Debian's own). */
function python(): string {
  for (const candidate of [process.env.PYTHON ?? 'python3', '/usr/bin/python3']) {
    if (spawnSync(candidate, ['-c', 'import distributed']).status === 0) return candidate;
  }
  throw new Error('Dask distributed is missing: install python3-distributed (apt-get install python3-distributed) or set PYTHON.');
}

function figures(path: string): string {
  const { elapsedMs: _elapsed, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as { elapsedMs: number };
  return JSON.stringify(rest);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A running Dask cluster: a scheduler and `workers` worker processes (one thread each) on 127.0.0.1. */
async function startCluster(py: string, dir: string, workers: number): Promise<{ address: string; stop(): void }> {
  const file = join(dir, `scheduler-${workers}.json`);
  const quiet = { stdio: ['ignore', 'ignore', 'ignore'] as 'ignore'[] };
  const children: ChildProcess[] = [spawn(py, ['-m', 'distributed.cli.dask_scheduler', '--host', '127.0.0.1', '--port', '0', '--no-dashboard', '--scheduler-file', file], quiet)];
  // SIGKILL: a worker once ignored SIGTERM and kept the bench from exiting. Its robots-lens
  // serve ends by itself when the worker's end of its stdin closes.
  const stop = (): void => {
    for (const child of children.reverse()) if (child.exitCode === null) child.kill('SIGKILL');
  };
  try {
    for (let waited = 0; !(existsSync(file) && readFileSync(file, 'utf8').includes('address')); waited += 100) {
      if (waited > 60_000) throw new Error('the Dask scheduler did not start in 60 s');
      await sleep(100);
    }
    const address = (JSON.parse(readFileSync(file, 'utf8')) as { address: string }).address;
    for (let k = 0; k < workers; k++) {
      children.push(spawn(py, ['-m', 'distributed.cli.dask_worker', '--scheduler-file', file, '--host', '127.0.0.1', '--nthreads', '1', '--no-nanny', '--no-dashboard', '--local-directory', dir], quiet));
    }
    const ready = spawnSync(py, ['-c', `from distributed import Client; c = Client(${JSON.stringify(address)}); c.wait_for_workers(${workers}, timeout=60); c.close()`], { encoding: 'utf8' });
    if (ready.status !== 0) throw new Error(`the Dask workers did not join: ${ready.stderr}`);
    return { address, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

interface DriverRun {
  readonly seconds: number;
  readonly stats: DriverStats;
}

/** The driver on a running cluster: wall seconds of the whole run (Python start included) and its --stats. */
function runDriver(py: string, address: string, robots: string, shards: readonly string[], out: string, statsPath: string): DriverRun {
  const start = process.hrtime.bigint();
  const dask = spawnSync(py, [DRIVER, robots, ...shards, '--scheduler', address, '--cli', CLI, '--node', process.execPath, ...OPTIONS, '--summary-json', out, '--stats', statsPath], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (dask.status !== 0) throw new Error(`the Dask driver failed (${dask.status}): ${dask.stderr}`);
  return { seconds, stats: JSON.parse(readFileSync(statsPath, 'utf8')) as DriverStats };
}

const sum = (tasks: readonly TaskStats[]): number => tasks.reduce((n, t) => n + t.cliSeconds, 0);

/** Each worker's tasks in order, from the first task submitted: `scan 0.1–0.6` (s = scan, r = replay, m = merge), and the gaps between them. */
function timeLine(stats: DriverStats): string {
  const byWorker = new Map<number, string[]>();
  const tasks = [...stats.scan.tasks.map((t) => ['s', t] as const), ...stats.replay.tasks.map((t) => ['r', t] as const), ...stats.merge.tasks.map((t) => ['m', t] as const)].sort((a, b) => a[1].began - b[1].began);
  for (const [kind, t] of tasks) {
    const from = t.began - stats.began;
    const list = byWorker.get(t.worker) ?? [];
    list.push(`${kind} ${fmt(from, 2)}–${fmt(from + t.seconds, 2)}`);
    byWorker.set(t.worker, list);
  }
  return [...byWorker.values()].map((list, k) => `worker ${k + 1}: ${list.join(', ')}`).join('; ');
}

export async function run(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm run bench builds it first (node scripts/build.mjs).`);
  const py = python();
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-scale-bench-'));
  try {
    const robots = join(dir, 'robots.txt');
    writeFileSync(robots, generateRobots({ groups: 50, rules: 2000, seed: 7 }));
    const shards = writeShards(dir, LINES, SHARDS);
    const loadAtStart = loadavg().map((l) => l.toFixed(2)).join(' ');

    const wrapper = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nmaxrss=' + ${PEAK_RSS_KB} + ' cpu=' + (u.userCPUTime + u.systemCPUTime) + '\\n'); }); process.argv = [process.argv[0], ${JSON.stringify(CLI)}, ...process.argv.slice(1)]; require(${JSON.stringify(CLI)});`;
    // The scan against the replay of the same shard, in CPU seconds of the whole process
    // (start-up included; the machine may be shared, so wall time says less), best of 3.
    const middle = shards[Math.floor(shards.length / 2)]!;
    const cpuOf = (args: string[]): number => {
      let best = Infinity;
      for (let k = 0; k < 3; k++) {
        const r = spawnSync(process.execPath, ['-e', wrapper, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
        if (r.status !== 0) throw new Error(`robots-lens ${args[0]} failed (${r.status}): ${r.stderr}`);
        best = Math.min(best, Number(/cpu=(\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1e6);
      }
      return best;
    };
    const scanCpuOne = cpuOf(['replay-scan', robots, middle, '--out', join(dir, 'middle.scan.json')]);
    const hintCpuOne = cpuOf(['replay-scan', robots, middle, '--hint', '--out', join(dir, 'middle.hint.json')]);
    const replayCpuOne = cpuOf(['replay', robots, middle, ...OPTIONS, '--summary-json', join(dir, 'middle.json')]);
    // The same three in one warm robots-lens serve, as a worker runs them: best of 5 each, in turns.
    const warm = warmSeconds({
      hint: ['replay-scan', robots, middle, '--hint', '--out', join(dir, 'middle.hint.json')],
      scan: ['replay-scan', robots, middle, '--out', join(dir, 'middle.scan.json')],
      replay: ['replay', robots, middle, ...OPTIONS, '--summary-json', join(dir, 'middle.json')],
    });

    // One process, best of ROUNDS: over the shard files (what the issue compares with), and
    // over the same lines as one file (a replay merges several files by time, which costs).
    const whole = join(dir, 'whole.log');
    writeFileSync(whole, Buffer.concat(shards.map((path) => readFileSync(path))));
    const oneProcess = (logs: readonly string[], out: string): { seconds: number; rss: number } => {
      let best = { seconds: Infinity, rss: 0 };
      for (let k = 0; k < ROUNDS; k++) {
        const start = process.hrtime.bigint();
        const one = spawnSync(process.execPath, ['-e', wrapper, 'replay', robots, ...logs, ...OPTIONS, '--summary-json', out], { encoding: 'utf8', maxBuffer: 64 << 20 });
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        if (one.status !== 0) throw new Error(`robots-lens replay failed (${one.status}): ${one.stderr}`);
        if (seconds < best.seconds) best = { seconds, rss: Number(/maxrss=(\d+)/.exec(one.stderr)?.[1] ?? NaN) / 1024 };
      }
      return best;
    };
    const { seconds: oneSeconds, rss: oneRss } = oneProcess(shards, join(dir, 'one.json'));
    const { seconds: wholeSeconds, rss: wholeRss } = oneProcess([whole], join(dir, 'whole.json'));
    const lines = Number(JSON.parse(readFileSync(join(dir, 'one.json'), 'utf8')).totals.lines);

    // Running clusters of 1 and 2 workers: one warm-up run (it starts each worker's
    // robots-lens serve), then the best of ROUNDS timed runs.
    const clusters = new Map<number, { best: DriverRun; equal: boolean }>();
    for (const workers of [1, 2]) {
      const cluster = await startCluster(py, dir, workers);
      try {
        const out = join(dir, `dask-${workers}.json`);
        runDriver(py, cluster.address, robots, shards, out, join(dir, 'warm.json'));
        let best: DriverRun | undefined;
        let equal = true;
        for (let k = 0; k < ROUNDS; k++) {
          const r = runDriver(py, cluster.address, robots, shards, out, join(dir, `stats-${workers}-${k}.json`));
          equal &&= figures(out) === figures(join(dir, 'one.json'));
          if (best === undefined || r.seconds < best.seconds) best = r;
        }
        clusters.set(workers, { best: best!, equal });
      } finally {
        cluster.stop();
      }
    }
    const loadAtEnd = loadavg().map((l) => l.toFixed(2)).join(' ');

    console.log(`\nscale: ${fmt(lines)} lines in ${shards.length} shards; one process against the Dask driver on running clusters of 1 and 2 worker processes (127.0.0.1, one thread each, warmed by one run); best of ${ROUNDS}; load average ${loadAtStart} at the start, ${loadAtEnd} at the end`);
    const rows: [string, string][] = [
      ['one process, the shards', `${fmt(oneSeconds, 2)} s, ${fmt(lines / oneSeconds)} lines/s, peak RSS ${fmt(oneRss)} MB`],
      ['one process, one file', `${fmt(wholeSeconds, 2)} s, ${fmt(lines / wholeSeconds)} lines/s, peak RSS ${fmt(wholeRss)} MB (the same lines concatenated)`],
    ];
    for (const [workers, { best, equal }] of clusters) {
      const { stats, seconds } = best;
      const tasks = [...stats.scan.tasks, ...stats.replay.tasks, ...stats.merge.tasks];
      const busy = new Map<number, number>();
      const rss = new Map<number, number>();
      for (const t of tasks) {
        busy.set(t.worker, (busy.get(t.worker) ?? 0) + t.cliSeconds);
        rss.set(t.worker, Math.max(rss.get(t.worker) ?? 0, t.maxRssKb / 1024));
      }
      const work = sum(stats.scan.tasks) + sum(stats.replay.tasks);
      const target = workers === 1 ? 'target: within 10 % of one process' : 'target: at least 1.6×';
      rows.push(
        [`Dask, ${workers} worker${workers > 1 ? 's' : ''}`, `${fmt(seconds, 2)} s whole run (${fmt(stats.totalSeconds, 2)} s first task to merged summary), ${fmt(lines / seconds)} lines/s: ${fmt(oneSeconds / seconds, 2)}× one process over the shards, ${fmt(wholeSeconds / seconds, 2)}× over one file (${target}); summaries equal: ${equal ? 'yes (every figure but the clock)' : 'NO'}`],
        ['  per worker', [...busy].map(([w, b]) => `${fmt(b, 2)} s busy, ${fmt(lines / workers / b)} lines/s of its share, peak RSS ${fmt(rss.get(w)!)} MB`).join('; ')],
        ['  phases', `hints ${fmt(sum(stats.scan.tasks), 2)} s + replays ${fmt(sum(stats.replay.tasks), 2)} s + merges ${fmt(sum(stats.merge.tasks), 2)} s of task time; the merge tail ${fmt(stats.merge.wallSeconds, 2)} s after the last part; ${stats.pipelined ? 'pipelined' : 'not pipelined'}`],
        ['  time line', timeLine(stats)],
        ['  model', `(hints + replays) / N + merge tail + driver = ${fmt(work / workers, 2)} + ${fmt(stats.merge.wallSeconds, 2)} + ${fmt(seconds - stats.totalSeconds, 2)} = ${fmt(work / workers + stats.merge.wallSeconds + seconds - stats.totalSeconds, 2)} s predicted, ${fmt(seconds, 2)} s measured`],
      );
    }
    rows.push(['hint / replay, one shard, warm', `${fmt((100 * warm.hint) / warm.replay)} % (seconds in one warm serve process, best of 5: hint ${fmt(warm.hint, 3)}, replay ${fmt(warm.replay, 3)}; target at most 15 %); the exact scan ${fmt((100 * warm.scan) / warm.replay)} % (${fmt(warm.scan, 3)} s)`]);
    rows.push(['hint / replay, one shard, process', `${fmt((100 * hintCpuOne) / replayCpuOne)} % (CPU seconds of a whole process, start-up included, best of 3: hint ${fmt(hintCpuOne, 2)}, replay ${fmt(replayCpuOne, 2)}); the exact scan ${fmt((100 * scanCpuOne) / replayCpuOne)} % (${fmt(scanCpuOne, 2)})`]);
    const two = clusters.get(2)!.best.stats;
    const mean = (tasks: readonly TaskStats[]): number => (tasks.length === 0 ? 0 : sum(tasks) / tasks.length);
    rows.push(['hint / replay, in the cluster', `${fmt((100 * mean(two.scan.tasks)) / mean(two.replay.tasks))} % per shard (task seconds inside the warm processes: ${two.scan.tasks.length} hints ${fmt(sum(two.scan.tasks), 2)} s, ${two.replay.tasks.length} replays ${fmt(sum(two.replay.tasks), 2)} s; replayed again after a wrong hint: ${two.replayedAgain ?? 0})`]);
    const perShard = (sum(two.scan.tasks) + sum(two.replay.tasks)) / shards.length;
    rows.push(['N machines (model)', `≈ ${fmt(perShard, 2)} s of scan and replay per ${fmt(lines / shards.length)}-line shard × shards / N + merge tail + driver, while shards ≥ N and each machine has a core per worker`]);
    report(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
