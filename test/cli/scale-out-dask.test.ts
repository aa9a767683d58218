import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { outputOf, runCli } from '../support/cli';
import type { CliResult } from '../support/cli';
import { CLI, requireBuilt } from '../support/dist';

const ROOT = join(__dirname, '..', '..');
const DRIVER = join(ROOT, 'examples', 'scale-out', 'dask_replay.py');
const ROBOTS = join(ROOT, 'examples', 'robots.txt');

/**
 * A Python that has Dask distributed: `python3` first, then Debian's own (a python3 earlier on
 * the PATH, e.g. pyenv's, may lack the Debian package).
 */
function pythonWithDask(): string {
  const tried: string[] = [];
  for (const python of [process.env['PYTHON'] ?? 'python3', '/usr/bin/python3']) {
    const r = spawnSync(python, ['-c', 'import distributed'], { encoding: 'utf8' });
    if (r.status === 0) return python;
    tried.push(`${python}: ${r.error ? r.error.message : (r.stderr.trim().split('\n').pop() ?? `exit ${r.status}`)}`);
  }
  assert.fail(`Dask distributed is missing, so the scale-out driver cannot run: install python3-distributed (apt-get install python3-distributed), or set PYTHON to a python3 that has it. Tried ${tried.join('; ')}.`);
}

function run(command: string, args: readonly string[]): Promise<CliResult> {
  return outputOf(spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
}

function figures(path: string): unknown {
  const { elapsedMs: _elapsed, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as { elapsedMs: number };
  return rest;
}

/** The example log cut by time into 3 shard files of `dir`, in time order. */
function writeShards(dir: string): string[] {
  const lines = readFileSync(join(ROOT, 'examples', 'access.log'), 'utf8').split('\n').filter((l) => l !== '');
  const second = (l: string): string => /\[([^\]]+)\]/.exec(l)![1]!;
  const cuts = [0];
  for (const third of [1, 2]) {
    let i = Math.floor((third * lines.length) / 3);
    while (second(lines[i]!) === second(lines[i - 1]!)) i++;
    cuts.push(i);
  }
  cuts.push(lines.length);
  return [0, 1, 2].map((k) => {
    const path = join(dir, `${k}.log`);
    writeFileSync(path, lines.slice(cuts[k], cuts[k + 1]).join('\n') + '\n');
    return path;
  });
}

/** Polls `ready` until it holds (a process writing a file, say), failing after `seconds`. */
async function waitFor(what: string, ready: () => boolean, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!ready()) {
    if (Date.now() > deadline) assert.fail(`gave up waiting for ${what} after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface TaskStats {
  readonly worker: number;
  /** The worker's long-lived robots-lens serve process that ran the task. */
  readonly serve: number;
}

interface DriverStats {
  readonly scan: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly replay: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly merge: { readonly wallSeconds: number; readonly tasks: readonly TaskStats[] };
  readonly pipelined: boolean;
  readonly totalSeconds: number;
}

describe('examples/scale-out: the Dask driver', () => {
  test('2 worker processes on 127.0.0.1 scan, replay and merge 3 shards into the one-process summary', async () => {
    const python = pythonWithDask();
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-dask-'));
    const shards = writeShards(dir);
    const options = ['--crawl-delay', '--grace', '24h'];
    // Shards given out of time order: the driver orders them by their scans (not pipelined).
    const dask = await run(python, [DRIVER, ROBOTS, shards[2]!, shards[0]!, shards[1]!, '--workers', '2', '--cli', requireBuilt(CLI), '--node', process.execPath, ...options, '--summary-json', join(dir, 'dask.json'), '--stats', join(dir, 'stats.json')]);
    assert.equal(dask.code, 0, dask.stderr);
    const whole = await runCli(['replay', ROBOTS, ...shards, ...options, '--summary-json', join(dir, 'whole.json')]);
    assert.equal(whole.code, 0, whole.stderr);
    assert.deepEqual(figures(join(dir, 'dask.json')), figures(join(dir, 'whole.json')));
    assert.equal(dask.stdout, whole.stdout);
    // Out of order, the replays begun were dropped and done again after the scans in time order.
    assert.equal((JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8')) as DriverStats).pipelined, false);
  });

  test('1 worker replays the shards one after another with no scans, each after the scan the replay before it wrote; out of order, the same summary', async () => {
    const python = pythonWithDask();
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-dask-one-'));
    const shards = writeShards(dir);
    const options = ['--crawl-delay', '--grace', '24h'];
    const whole = await runCli(['replay', ROBOTS, ...shards, ...options, '--summary-json', join(dir, 'whole.json')]);
    assert.equal(whole.code, 0, whole.stderr);
    for (const [given, pipelined] of [[shards, true], [[shards[1]!, shards[0]!, shards[2]!], false]] as const) {
      const stats = join(dir, 'stats.json');
      const dask = await run(python, [DRIVER, ROBOTS, ...given, '--workers', '1', '--cli', requireBuilt(CLI), '--node', process.execPath, ...options, '--summary-json', join(dir, 'dask.json'), '--stats', stats]);
      assert.equal(dask.code, 0, dask.stderr);
      assert.deepEqual(figures(join(dir, 'dask.json')), figures(join(dir, 'whole.json')));
      assert.equal(dask.stdout, whole.stdout);
      const s = JSON.parse(readFileSync(stats, 'utf8')) as DriverStats;
      assert.equal(s.pipelined, pipelined);
      if (pipelined) assert.equal(s.scan.tasks.length, 0);
      assert.equal(s.replay.tasks.length, 3);
    }
  });

  test('a hint that misses what a later shard reads is caught: that shard alone is replayed again, and the summary is still the one-process one', async () => {
    const python = pythonWithDask();
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-dask-hint-'));
    const T0 = Date.parse('2026-11-23T00:00:00Z');
    const at = (second: number, path: string, agent: string): string => {
      const d = new Date(T0 + second * 1000);
      const month = d.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
      const time = `${String(d.getUTCDate()).padStart(2, '0')}/${month}/${d.getUTCFullYear()}:${d.toISOString().slice(11, 19)} +0000`;
      return `203.0.113.9 - - [${time}] "GET ${path} HTTP/1.1" 200 512 "-" "${agent}"\n`;
    };
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    // Shard 0 (2.8 MB) is past what a hint reads whole, with a fetch of robots.txt by GPTBot
    // logged with an escape in its first fifth: its hint misses it. Shard 1 has GPTBot's request,
    // which reads that fetch state (the 503 makes it unreachable).
    const filler = (from: number, count: number): string => Array.from({ length: count }, (_, i) => at(from + i, `/page/${i}`, browser)).join('');
    const first = filler(0, 2000) + at(2000, '/robots\\x2etxt', gptbot).replace('" 200 ', '" 503 ') + filler(2001, 12_000);
    const cases: [string, string, number][] = [
      ['read', at(14_010, '/cart/', gptbot) + filler(14_011, 10), 1],
      ['not read', filler(14_010, 10), 0],
    ];
    const options = ['--crawl-delay', '--crawl-delay-scope', 'claimed'];
    for (const [name, second, again] of cases) {
      const shards = [join(dir, `${name}-0.log`), join(dir, `${name}-1.log`)];
      writeFileSync(shards[0]!, first);
      writeFileSync(shards[1]!, second);
      const whole = await runCli(['replay', ROBOTS, ...shards, ...options, '--summary-json', join(dir, `${name}-whole.json`)]);
      // Shard 1 is replayed after shard 0's hint only if the hint is in before shard 0's exact
      // state, which the cluster decides (both are first tasks of fresh workers): a run where
      // the exact state came first is exact too, and the case is run again, up to three times.
      let s: (DriverStats & { replayedAgain: number; replayedAfterHints: number }) | undefined;
      for (let attempt = 0; attempt < 3 && s?.replayedAfterHints !== 1; attempt++) {
        const stats = join(dir, `${name}-${attempt}.stats.json`);
        const dask = await run(python, [DRIVER, ROBOTS, ...shards, '--workers', '2', '--cli', requireBuilt(CLI), '--node', process.execPath, ...options, '--summary-json', join(dir, `${name}.json`), '--stats', stats]);
        assert.equal(dask.code, 0, dask.stderr);
        assert.deepEqual(figures(join(dir, `${name}.json`)), figures(join(dir, `${name}-whole.json`)), name);
        assert.equal(dask.stdout, whole.stdout, name);
        s = JSON.parse(readFileSync(stats, 'utf8')) as typeof s;
        assert.equal(s!.scan.tasks.length, 1, name);
        assert.equal(s!.replayedAgain, s!.replayedAfterHints === 1 ? again : 0, name);
      }
      assert.equal(s!.replayedAfterHints, 1, `${name}: shard 1 was never replayed after shard 0's hint`);
    }
  });

  test('on a running cluster (--scheduler), shards in time order are pipelined and merged as a tree by one robots-lens process per worker, kept for the next run', async (t) => {
    const python = pythonWithDask();
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-dask-running-'));
    const shards = writeShards(dir);
    const schedulerFile = join(dir, 'scheduler.json');
    const started: ChildProcess[] = [];
    t.after(() => {
      // SIGKILL: a Dask worker once ignored SIGTERM, and the test process waited for it forever.
      for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    });
    const quiet = { stdio: ['ignore', 'ignore', 'ignore'] as ('ignore')[] };
    started.push(spawn(python, ['-m', 'distributed.cli.dask_scheduler', '--host', '127.0.0.1', '--port', '0', '--no-dashboard', '--scheduler-file', schedulerFile], quiet));
    await waitFor('the scheduler file', () => existsSync(schedulerFile) && readFileSync(schedulerFile, 'utf8').includes('address'));
    const address = (JSON.parse(readFileSync(schedulerFile, 'utf8')) as { address: string }).address;
    for (let k = 0; k < 2; k++) {
      started.push(spawn(python, ['-m', 'distributed.cli.dask_worker', '--scheduler-file', schedulerFile, '--host', '127.0.0.1', '--nthreads', '1', '--no-nanny', '--no-dashboard', '--local-directory', dir], quiet));
    }
    const joined = spawnSync(python, ['-c', `from distributed import Client; c = Client(${JSON.stringify(address)}); c.wait_for_workers(2, timeout=60); c.close()`], { encoding: 'utf8' });
    assert.equal(joined.status, 0, joined.stderr);
    const workers = new Set(started.slice(1).map((c) => c.pid));
    const options = ['--crawl-delay', '--grace', '24h'];
    const whole = await runCli(['replay', ROBOTS, ...shards, ...options, '--summary-json', join(dir, 'whole.json')]);
    assert.equal(whole.code, 0, whole.stderr);
    const serves: number[][] = [];
    // Twice on the same cluster: the second run finds the workers' robots-lens serve processes running.
    for (const round of [1, 2]) {
      const stats = join(dir, `stats-${round}.json`);
      const dask = await run(python, [DRIVER, ROBOTS, ...shards, '--scheduler', address, '--cli', requireBuilt(CLI), '--node', process.execPath, ...options, '--summary-json', join(dir, 'dask.json'), '--stats', stats]);
      assert.equal(dask.code, 0, dask.stderr);
      assert.deepEqual(figures(join(dir, 'dask.json')), figures(join(dir, 'whole.json')));
      assert.equal(dask.stdout, whole.stdout);
      const s = JSON.parse(readFileSync(stats, 'utf8')) as DriverStats;
      assert.equal(s.pipelined, true);
      // Two runs of shards for two workers: the first run (2 shards) is scanned, the last shard is
      // replayed after the replay before it (its scan written by that replay), with no scan.
      assert.equal(s.scan.tasks.length, 2);
      assert.equal(s.replay.tasks.length, 3);
      // A tree of merges as the parts came in: 3 parts take 2 merges of two.
      assert.equal(s.merge.tasks.length, 2);
      const tasks = [...s.scan.tasks, ...s.replay.tasks, ...s.merge.tasks];
      // Every task ran on one of the two workers the test started, none on a cluster of the driver's.
      for (const task of tasks) assert.ok(workers.has(task.worker), `task ran in process ${task.worker}, not a worker of the running cluster`);
      // One robots-lens process per worker ran all of that worker's tasks.
      const servesOf = new Map<number, Set<number>>();
      for (const task of tasks) servesOf.set(task.worker, (servesOf.get(task.worker) ?? new Set()).add(task.serve));
      for (const [worker, set] of servesOf) assert.equal(set.size, 1, `worker ${worker} ran ${set.size} robots-lens processes`);
      serves.push([...new Set(tasks.map((t) => t.serve))].sort());
      // The total runs from the first task submitted to the merged summary: it holds the merge.
      assert.ok(s.totalSeconds > 0 && s.totalSeconds >= s.merge.wallSeconds, JSON.stringify(s));
    }
    for (const pid of serves[1]!) assert.ok(serves[0]!.includes(pid), `the second run started robots-lens process ${pid} anew (first run: ${serves[0]!.join(', ')})`);
    // The cluster keeps running for the next driver.
    assert.ok(started.every((c) => c.exitCode === null), 'the driver stopped the running cluster');
  });

  test('bad arguments are one clear line and exit 2, before any work (no cluster started)', async () => {
    const python = pythonWithDask();
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-dask-args-'));
    const log = join(dir, 'a.log');
    writeFileSync(log, readFileSync(join(ROOT, 'examples', 'access.log')));
    // A script Node cannot load exits 1, as robots-lens --fail-on would: it is not the bundle.
    const notCli = join(dir, 'not-cli.js');
    writeFileSync(notCli, "require('./no-such-module');\n");
    const cli = ['--cli', requireBuilt(CLI), '--node', process.execPath];
    const cases: [string, string[], RegExp][] = [
      ['a missing log', [ROBOTS, join(dir, 'missing.log'), ...cli], /^dask_replay\.py: .*missing\.log: no such log file\.$/],
      ['a bad --grace', [ROBOTS, log, '--grace', 'soon', ...cli], /^dask_replay\.py: --grace: "soon" is not a duration such as 24h, 90m or 0\.$/],
      ['a missing robots.txt', [join(dir, 'robots.txt'), log, ...cli], /^dask_replay\.py: .*robots\.txt: no such robots\.txt file or snapshots folder\.$/],
      ['a missing --cli', [ROBOTS, log, '--cli', join(dir, 'cli.js'), '--node', process.execPath], /^dask_replay\.py: --cli .*cli\.js: no such file/],
      ['a --cli Node cannot load', [ROBOTS, log, '--cli', notCli, '--node', process.execPath], /^dask_replay\.py: --cli .*not-cli\.js is not the robots-lens bundle \(.* exits 1: /],
      ['no workers', [ROBOTS, log, '--workers', '0', ...cli], /^dask_replay\.py: --workers must be at least 1\.$/],
    ];
    for (const [name, args, message] of cases) {
      const result = await run(python, [DRIVER, ...args]);
      assert.equal(result.code, 2, `${name}: ${result.stderr}`);
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, `${name}: ${result.stderr}`);
      assert.match(lines[0]!, message, name);
    }
  });

  test('a shard robots-lens cannot read fails the run in one line, exit 2, not a traceback', async () => {
    const python = pythonWithDask();
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-dask-fail-'));
    const log = join(dir, 'noise.log');
    writeFileSync(log, 'this is not an access log\nnor is this\n');
    const result = await run(python, [DRIVER, ROBOTS, log, '--workers', '1', '--cli', requireBuilt(CLI), '--node', process.execPath]);
    assert.equal(result.code, 2, result.stderr);
    const ours = result.stderr.split('\n').filter((l) => l.startsWith('dask_replay.py:'));
    assert.equal(ours.length, 1, result.stderr);
    assert.match(ours[0]!, /^dask_replay\.py: robots-lens replay-scan failed \(exit 2\): robots-lens replay-scan: /);
    assert.doesNotMatch(result.stderr, /Traceback/);
  });
});
