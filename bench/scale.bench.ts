/**
 * Issue #19: replay at warehouse scale. A generated combined log of ≥ 4 million lines, cut by
 * time into hourly-like shard files, replayed by one process (`robots-lens replay` over all
 * the files) and by the Dask driver (`examples/scale-out/dask_replay.py`, a LocalCluster of 2
 * worker processes): lines/s of each, the scan's cost as a share of the replay's, peak RSS per
 * worker, and whether the merged summary equals the one-process summary.
 * Run: npm run bench -- scale   (BENCH_SCALE_LINES, BENCH_SCALE_SHARDS, PYTHON to change)
 */

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCombinedLogChunks } from './fixtures/access-log';
import { generateRobots } from './fixtures/robots';
import { fmt, report } from './support';

const LINES = Number(process.env.BENCH_SCALE_LINES ?? 4_000_000);
const SHARDS = Number(process.env.BENCH_SCALE_SHARDS ?? 8);
const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const DRIVER = join(ROOT, 'examples', 'scale-out', 'dask_replay.py');
const OPTIONS = ['--crawl-delay', '--crawl-delay-scope', 'claimed'];

interface TaskStats {
  readonly worker: number;
  readonly seconds: number;
  readonly maxRssKb: number;
}

interface DriverStats {
  readonly scan: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly replay: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly merge: { readonly wallSeconds: number };
  readonly pipelined: boolean;
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

export function run(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm run bench builds it first (node scripts/build.mjs).`);
  const py = python();
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-scale-bench-'));
  try {
    const robots = join(dir, 'robots.txt');
    writeFileSync(robots, generateRobots({ groups: 50, rules: 2000, seed: 7 }));
    const shards = writeShards(dir, LINES, SHARDS);
    const load = loadavg().map((l) => l.toFixed(2)).join(' ');

    const wrapper = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nmaxrss=' + u.maxRSS + ' cpu=' + (u.userCPUTime + u.systemCPUTime) + '\\n'); }); process.argv = [process.argv[0], ${JSON.stringify(CLI)}, ...process.argv.slice(1)]; require(${JSON.stringify(CLI)});`;
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
    const replayCpuOne = cpuOf(['replay', robots, middle, ...OPTIONS, '--summary-json', join(dir, 'middle.json')]);
    let start = process.hrtime.bigint();
    const one = spawnSync(process.execPath, ['-e', wrapper, 'replay', robots, ...shards, ...OPTIONS, '--summary-json', join(dir, 'one.json')], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const oneSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (one.status !== 0) throw new Error(`robots-lens replay failed (${one.status}): ${one.stderr}`);
    const oneRss = Number(/maxrss=(\d+)/.exec(one.stderr)?.[1] ?? NaN) / 1024;

    start = process.hrtime.bigint();
    const dask = spawnSync(py, [DRIVER, robots, ...shards, '--workers', '2', '--cli', CLI, '--node', process.execPath, ...OPTIONS, '--summary-json', join(dir, 'dask.json'), '--stats', join(dir, 'stats.json')], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const daskSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (dask.status !== 0) throw new Error(`the Dask driver failed (${dask.status}): ${dask.stderr}`);
    const stats = JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8')) as DriverStats;
    const scanCpu = stats.scan.tasks.reduce((n, t) => n + t.seconds, 0);
    const replayCpu = stats.replay.tasks.reduce((n, t) => n + t.seconds, 0);
    const rssByWorker = new Map<number, number>();
    for (const t of [...stats.scan.tasks, ...stats.replay.tasks]) rssByWorker.set(t.worker, Math.max(rssByWorker.get(t.worker) ?? 0, t.maxRssKb / 1024));
    const lines = Number(JSON.parse(readFileSync(join(dir, 'one.json'), 'utf8')).totals.lines);
    const overhead = daskSeconds - stats.totalSeconds;

    console.log(`\nscale: ${fmt(lines)} lines in ${shards.length} shards, one process vs Dask (LocalCluster, 2 worker processes); load average at start ${load}`);
    report([
      ['one process', `${fmt(oneSeconds, 1)} s, ${fmt(lines / oneSeconds)} lines/s, peak RSS ${fmt(oneRss)} MB`],
      ['Dask, 2 workers', `${fmt(daskSeconds, 1)} s, ${fmt(lines / daskSeconds)} lines/s (scans done ${fmt(stats.scan.wallSeconds, 1)} s, replays ${fmt(stats.replay.wallSeconds, 1)} s from the first begun, merge ${fmt(stats.merge.wallSeconds, 1)} s; cluster start/stop ${fmt(overhead, 1)} s)`],
      ['scan / replay', `${fmt((100 * scanCpu) / replayCpu)} % (task seconds: scans ${fmt(scanCpu, 1)}, replays ${fmt(replayCpu, 1)})`],
      ['scan / replay, one shard', `${fmt((100 * scanCpuOne) / replayCpuOne)} % (CPU seconds, best of 3: scan ${fmt(scanCpuOne, 2)}, replay ${fmt(replayCpuOne, 2)})`],
      ['Dask total', `${fmt(stats.totalSeconds, 1)} s from the first task to the merged summary (${stats.pipelined ? 'pipelined: replays began as the scans before them came in' : 'not pipelined'})`],
      ['peak RSS per worker', [...rssByWorker.values()].map((mb) => `${fmt(mb)} MB`).join(', ') + ' (largest robots-lens the worker ran)'],
      ['merged = one process', figures(join(dir, 'dask.json')) === figures(join(dir, 'one.json')) ? 'yes (every figure but the clock)' : 'NO: the summaries differ'],
      ['N machines (model)', `≈ (scans ${fmt(scanCpu, 1)} s + replays ${fmt(replayCpu, 1)} s) / N + merge ${fmt(stats.merge.wallSeconds, 1)} s + start-up, while shards ≥ N`],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
