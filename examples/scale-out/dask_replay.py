#!/usr/bin/env python3
"""Replay access logs against robots.txt on a Dask cluster, exactly as one process would.

Each log file is a shard (cut your logs by time, as CDNs write them: one file per hour;
give them in time order, so that replays start while later shards are still scanned).
The workers scan every shard for the state it leaves behind (robots-lens replay-scan, no
matching), replay every shard from the scans of the shards before it (robots-lens replay
--after; a shard's replay starts as soon as those scans are in), and the driver merges the
shard summaries (robots-lens merge). The merged summary
equals the summary of one `robots-lens replay` over all the files; merge refuses shards that
overlap in time. See docs/scale-out.md.

Every worker runs the robots-lens CLI bundle with Node: it needs Node (the version in
package.json "engines"), the bundle (dist/cli.js of `npm run build`, a single file), and the
robots.txt and log files at the same paths (shared storage). Scans and summaries travel as
task results, so workers need no shared scratch space.

    python3 dask_replay.py robots.txt logs/*.log --workers 2 --summary-json day.json
    python3 dask_replay.py snapshots/ logs/*.log.gz --scheduler tcp://10.0.0.5:8786
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

DEFAULT_CLI = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'dist', 'cli.js')


class CliFailure(Exception):
    """robots-lens failed on a worker: its own one-line message, said once by the driver."""


def run_cli(node, cli, args):
    """Runs robots-lens. Exit 1 is an answer only with --fail-on (violations found); Node's own
    exit 1 ("Cannot find module") and every other code are failures."""
    done = subprocess.run([node, cli, *args], capture_output=True, text=True)
    answers = (0, 1) if '--fail-on' in args else (0,)
    if done.returncode not in answers:
        lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
        raise CliFailure(f"robots-lens {args[0]} failed (exit {done.returncode}): {lines[0] if lines else 'no message'}")
    return done.stdout


DURATION = re.compile(r'^\s*\d+(\.\d+)?\s*(ms|s|m|h|d)?\s*$', re.IGNORECASE)


def fail(message):
    """One line on stderr and exit 2, as robots-lens says a usage error."""
    sys.stderr.write(f"dask_replay.py: {message}\n")
    sys.exit(2)


def check_arguments(args):
    """Every argument checked before any work: a bad one used to surface as a 35-line traceback
    after all the scans had run."""
    if args.workers < 1:
        fail('--workers must be at least 1.')
    if not os.path.exists(args.robots):
        fail(f'{args.robots}: no such robots.txt file or snapshots folder.')
    for log in args.logs:
        if not os.path.isfile(log) and not os.path.exists(log):
            fail(f'{log}: no such log file.')
        if os.path.isdir(log):
            fail(f'{log} is a folder, not a log file.')
    for name in ('grace', 'reorder_window'):
        value = getattr(args, name)
        if value is not None and not DURATION.match(value):
            fail(f'--{name.replace("_", "-")}: "{value}" is not a duration such as 24h, 90m or 0.')
    if args.ranges is not None and not os.path.isdir(args.ranges):
        fail(f'--ranges {args.ranges}: no such folder of IP lists.')
    if args.summary_json is not None and not os.path.isdir(os.path.dirname(os.path.abspath(args.summary_json))):
        fail(f'--summary-json {args.summary_json}: its folder does not exist.')
    if shutil.which(args.node) is None:
        fail(f'--node {args.node}: no such executable.')
    if not os.path.isfile(args.cli):
        fail(f'--cli {args.cli}: no such file (build it with npm run build: dist/cli.js).')
    # The bundle must be robots-lens: Node exits 1 for a file it cannot load, as --fail-on would.
    probe = subprocess.run([args.node, args.cli, '--version'], capture_output=True, text=True)
    if probe.returncode != 0 or not probe.stdout.strip():
        lines = [line for line in probe.stderr.strip().splitlines() if line.strip()]
        fail(f'--cli {args.cli} is not the robots-lens bundle ({args.node} exits {probe.returncode}: {lines[0] if lines else "no output"}).')


def task_stats(started):
    """Where a task ran, how long it took, and the peak RSS of the largest robots-lens it ran there (KiB)."""
    import resource
    return {'worker': os.getpid(), 'seconds': time.perf_counter() - started, 'maxRssKb': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}


def scan_shard(node, cli, robots, log, options):
    """The state a shard leaves the shards after it, as the scan's JSON text."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'scan.json')
        run_cli(node, cli, ['replay-scan', robots, log, '--out', out, *options])
        with open(out, encoding='utf-8') as f:
            return f.read(), task_stats(started)


def replay_shard(node, cli, robots, log, earlier_scans, options):
    """The shard's summary part, replayed from the scans of every shard before it."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        after = []
        for i, scan in enumerate(earlier_scans):
            path = os.path.join(tmp, f'after-{i}.json')
            with open(path, 'w', encoding='utf-8') as f:
                f.write(scan)
            after += ['--after', path]
        out = os.path.join(tmp, 'part.json')
        run_cli(node, cli, ['replay', robots, log, *after, '--summary-json', out, *options])
        with open(out, encoding='utf-8') as f:
            return f.read(), task_stats(started)


def main(argv=None):
    parser = argparse.ArgumentParser(description='Replay access logs against robots.txt on a Dask cluster (exactly as one process would).')
    parser.add_argument('robots', help='robots.txt, or a folder of dated snapshots')
    parser.add_argument('logs', nargs='+', help='log files, one shard each, cut by time')
    parser.add_argument('--scheduler', help='address of a running Dask scheduler (tcp://host:8786); without it a LocalCluster of worker processes on 127.0.0.1 runs')
    parser.add_argument('--workers', type=int, default=2, help='worker processes of the LocalCluster (default 2)')
    parser.add_argument('--cli', default=DEFAULT_CLI, help='the robots-lens bundle (dist/cli.js) at the same path on every worker')
    parser.add_argument('--node', default='node', help='the Node executable on the workers')
    parser.add_argument('--summary-json', help='write the merged summary here')
    parser.add_argument('--crawl-delay', action='store_true', help='check Crawl-delay (as robots-lens replay --crawl-delay)')
    parser.add_argument('--crawl-delay-scope', choices=['verified', 'claimed'], help='as robots-lens replay')
    parser.add_argument('--grace', help='as robots-lens replay (default 24h)')
    parser.add_argument('--ranges', help='the folder of crawler IP lists, at the same path on every worker')
    parser.add_argument('--reorder-window', help='as robots-lens replay (default 1m)')
    parser.add_argument('--stats', help='write timings and peak RSS per worker here (JSON), for benchmarks')
    args = parser.parse_args(argv)
    check_arguments(args)

    # Imported here so --help works without Dask.
    from distributed import Client, LocalCluster

    robots = os.path.abspath(args.robots)
    logs = [os.path.abspath(p) for p in args.logs]
    cli = os.path.abspath(args.cli)
    shared = (['--ranges', os.path.abspath(args.ranges)] if args.ranges else []) + (['--reorder-window', args.reorder_window] if args.reorder_window else [])
    replay_options = shared + (['--crawl-delay'] if args.crawl_delay else []) + (['--crawl-delay-scope', args.crawl_delay_scope] if args.crawl_delay_scope else []) + (['--grace', args.grace] if args.grace else [])

    if args.scheduler:
        cluster = None
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host='127.0.0.1', dashboard_address=None)
        client = Client(cluster)
    try:
        return run_on_cluster(args, client, robots, logs, cli, shared, replay_options)
    except Exception as failure:  # noqa: BLE001 - a worker's CliFailure comes back as a copy of the class
        if type(failure).__name__ == CliFailure.__name__:
            fail(str(failure))
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_on_cluster(args, client, robots, logs, cli, shared, replay_options):
    """Scans, replays and merges; returns the merge's exit code.

    Pipelined: a shard's replay needs only the scans of the shards before it, so it is
    submitted as soon as those are in (the first shard's at once), while later shards are
    still being scanned. That takes the shards as given to be in time order; the scans say
    whether they were (by each shard's first request). If not, the replays begun are dropped
    and every shard is replayed again after the scans of those before it in time order."""
    from distributed import as_completed

    n = len(logs)
    started = time.perf_counter()
    # Scans first: they are cheap and each one lets a replay begin.
    scan_futures = client.map(scan_shard, [args.node] * n, [cli] * n, [robots] * n, logs, [shared] * n, pure=False, priority=10)
    position = {future.key: i for i, future in enumerate(scan_futures)}
    scans = [None] * n
    scan_stats = [None] * n
    replays = []
    first_replay = None

    def submit_ready():
        nonlocal first_replay
        # Shard k may go once the scans of shards 0..k-1 are in.
        while len(replays) < n and all(scans[j] is not None for j in range(len(replays))):
            k = len(replays)
            if first_replay is None:
                first_replay = time.perf_counter()
            replays.append(client.submit(replay_shard, args.node, cli, robots, logs[k], scans[:k], replay_options, pure=False))

    submit_ready()
    for future in as_completed(scan_futures):
        i = position[future.key]
        scans[i], scan_stats[i] = future.result()
        submit_ready()
    scan_wall = time.perf_counter() - started

    # Shards with no request first (their scans change nothing), then by their first request.
    order = sorted(range(n), key=lambda i: (json.loads(scans[i])['state']['first'] is not None, json.loads(scans[i])['state']['first'] or 0))
    pipelined = order == list(range(n))
    if not pipelined:
        client.cancel(replays)
        first_replay = time.perf_counter()
        replays = [client.submit(replay_shard, args.node, cli, robots, logs[i], [scans[j] for j in order[:k]], replay_options, pure=False) for k, i in enumerate(order)]
    replayed = client.gather(replays)
    parts = [text for text, _ in replayed]
    replay_wall = time.perf_counter() - first_replay
    scanned = list(zip(scans, scan_stats))

    # 4. Merge the parts here: robots-lens merge checks that they fit together.
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, part in enumerate(parts):
            path = os.path.join(tmp, f'part-{i}.json')
            with open(path, 'w', encoding='utf-8') as f:
                f.write(part)
            paths.append(path)
        merge = [args.node, cli, 'merge', *paths] + (['--summary-json', os.path.abspath(args.summary_json)] if args.summary_json else [])
        phase = time.perf_counter()
        done = subprocess.run(merge, capture_output=True, text=True)
        merge_wall = time.perf_counter() - phase
        if args.stats:
            # Phases overlap when pipelined: replay.wallSeconds runs from the first replay submitted.
            stats = {
                'scan': {'wallSeconds': scan_wall, 'tasks': [s for _, s in scanned]},
                'replay': {'wallSeconds': replay_wall, 'tasks': [s for _, s in replayed]},
                'merge': {'wallSeconds': merge_wall},
                'pipelined': pipelined,
                'totalSeconds': time.perf_counter() - started,
            }
            with open(args.stats, 'w', encoding='utf-8') as f:
                json.dump(stats, f, indent=2)
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        return done.returncode


if __name__ == '__main__':
    sys.exit(main())
