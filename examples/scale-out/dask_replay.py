#!/usr/bin/env python3
"""Replay access logs against robots.txt on a Dask cluster, exactly as one process would.

Each log file is a shard (cut your logs by time, as CDNs write them: one file per hour;
give them in time order). A shard's replay needs the state the shards before it leave. With
W worker threads the shards are W runs in time order: the shards of all runs but the last
get a cheap hint of that state (robots-lens replay-scan --hint: a byte search, a small
fraction of a replay), and every shard is replayed as soon as the states before it are in
(robots-lens replay --after), so the last run's shards go one after another, each after the
exact state the replay before it wrote (replay --scan-out; 1 worker: no hints at all). A
replay records the exact state its shard leaves and which entries of the state it started in
its verdicts read; a part is merged only once the exact states before it are in and agree
with what it read, else its shard is replayed again after them (rare: a hint misses only a
fetch of robots.txt not spelled /robots.txt in the log, such as one logged with an escape;
Crawl-delay checks across shards never read a hint, merge completes them). The parts are
merged as they are confirmed, neighbours in time first
(robots-lens merge, a tree of merges; merge checks every seam again). The merged summary
equals the summary of one `robots-lens replay` over all the files; merge refuses shards that
overlap in time. See docs/scale-out.md.

Each worker thread runs one long-lived `robots-lens serve` (started with its first task) and
hands it every task: a shard costs what it costs inside one warm process, not a process
start and a JIT warm-up per task.

Every worker runs the robots-lens CLI bundle with Node: it needs Node (the version in
package.json "engines"), the bundle (dist/cli.js of `npm run build`, a single file), and the
robots.txt and log files at the same paths (shared storage). Scans and summaries travel as
task results, so workers need no shared scratch space.

    python3 dask_replay.py robots.txt logs/*.log --workers 2 --summary-json day.json
    python3 dask_replay.py snapshots/ logs/*.log.gz --scheduler tcp://10.0.0.5:8786
"""

import argparse
import heapq
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

DEFAULT_CLI = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'dist', 'cli.js')


class CliFailure(Exception):
    """robots-lens failed on a worker: its own one-line message, said once by the driver."""


def serve_process(node, cli):
    """This worker thread's `robots-lens serve`, started on first use and kept on the Dask
    worker for every later task (of this run and of the next ones, on a running cluster).
    It ends when the worker does: its stdin closes."""
    try:
        from distributed import get_worker
        holder = get_worker()
    except (ImportError, ValueError):
        holder = sys
    servers = holder.__dict__.setdefault('_robots_lens_serve', {})
    key = (node, cli, os.path.getmtime(cli), threading.get_ident())
    server = servers.get(key)
    if server is None or server.poll() is not None:
        # Its own stderr (a crash) goes to a file, read if it ends: a pipe nobody reads could fill.
        errors = tempfile.TemporaryFile()
        server = subprocess.Popen([node, cli, 'serve'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True, encoding='utf-8', bufsize=1)
        server.errors = errors
        servers[key] = server
    return server


def run_cli(node, cli, args):
    """Runs robots-lens <args> in this worker's serve process; its stdout and, for stats, the
    run's seconds and the process's peak RSS. Exit 1 is an answer only with --fail-on
    (violations found); every other code but 0 is a failure, said in robots-lens' own line."""
    server = serve_process(node, cli)
    server.stdin.write(json.dumps({'id': 0, 'args': args}) + '\n')
    server.stdin.flush()
    line = server.stdout.readline()
    if not line:
        server.wait()
        server.errors.seek(0)
        said = [l for l in server.errors.read().decode('utf-8', 'replace').splitlines() if l.strip()]
        raise CliFailure(f"robots-lens serve ended (exit {server.returncode}) during {args[0]}: {said[0] if said else 'no message'}")
    answer = json.loads(line)
    if 'error' in answer:
        raise CliFailure(f"robots-lens serve refused {args[0]}: {answer['error']}")
    answers = (0, 1) if '--fail-on' in args else (0,)
    if answer['exitCode'] not in answers:
        lines = [l for l in answer['stderr'].strip().splitlines() if l.strip()]
        raise CliFailure(f"robots-lens {args[0]} failed (exit {answer['exitCode']}): {lines[0] if lines else 'no message'}")
    return answer


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


def task_stats(started, answer):
    """Where a task ran (the worker and its serve process), how long it took (in the task and in
    robots-lens), and the peak RSS of the worker's robots-lens (KiB)."""
    seconds = time.perf_counter() - started
    # Wall-clock times (the driver's `began`, these) place the tasks of all workers on one time line.
    return {'worker': os.getpid(), 'serve': answer['pid'], 'began': time.time() - seconds, 'seconds': seconds, 'cliSeconds': answer['seconds'], 'maxRssKb': answer['maxRssKb']}


def write_texts(folder, prefix, texts):
    """Each JSON text (a scan, a part) written to its own file in `folder`, in order; their paths."""
    paths = []
    for i, text in enumerate(texts):
        path = os.path.join(folder, f'{prefix}-{i}.json')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        paths.append(path)
    return paths


def scan_shard(node, cli, robots, log, options):
    """A hint of the state a shard leaves the shards after it, as the scan's JSON text."""
    started = time.perf_counter()
    answer = run_cli(node, cli, ['replay-scan', robots, log, '--hint', '--out', '-', *options])
    return answer['stdout'], task_stats(started, answer)


def read_entries(consulted, state_text):
    """The entries of a scan's state that a replay read (its part's `consulted`)."""
    state = json.loads(state_text)['state']
    return ([state['fetches'].get(k) for k in consulted['fetches']], [state['lastRequest'].get(i) for i in consulted['lastRequest']])


def stale(part, used, exact):
    """Whether a part was replayed after states (`used`, one per shard before it) that differ
    from the exact ones on an entry its verdicts read. Equal entries shard by shard give
    equal composed entries (states compose entry by entry), so this needs no composition;
    merge checks the composed state again."""
    consulted = json.loads(part)['shard']['consulted']
    return any(u != e and read_entries(consulted, u) != read_entries(consulted, e) for u, e in zip(used, exact))


def replay_shard(node, cli, robots, log, earlier_scans, options):
    """The shard's summary part, replayed from the scans of every shard before it, and its own
    scan (replay --scan-out: what replay-scan would give), which lets the next shard go."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        after = [arg for path in write_texts(tmp, 'after', earlier_scans) for arg in ('--after', path)]
        out = os.path.join(tmp, 'part.json')
        scan = os.path.join(tmp, 'scan.json')
        answer = run_cli(node, cli, ['replay', robots, log, *after, '--summary-json', out, '--scan-out', scan, *options])
        with open(out, encoding='utf-8') as f, open(scan, encoding='utf-8') as g:
            return f.read(), g.read(), task_stats(started, answer)


def merge_parts(node, cli, parts, partial):
    """Parts of neighbouring shards (in time order) merged: the merged part, the merge's text
    (replay's text for the merged summary) and its warnings. `partial` when they do not begin
    with the first shard: the merge of the result with the parts before it checks the seam."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_texts(tmp, 'part', parts)
        out = os.path.join(tmp, 'merged.json')
        answer = run_cli(node, cli, ['merge', *paths, '--summary-json', out, *(['--partial'] if partial else [])])
        with open(out, encoding='utf-8') as f:
            return f.read(), answer['stdout'], answer['stderr'], task_stats(started, answer)


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
        # The plan is made for the worker threads there are: wait until every worker has joined.
        client.wait_for_workers(args.workers)
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
    """Scans, replays and merges; returns the exit code.

    A shard's replay needs the state every shard before it leaves: a scan of that shard, or
    that shard's replay, which writes its scan too (replay --scan-out). With W worker threads
    the shards are seen as W runs in time order; the shards of every run but the last are
    scanned (scans are cheap and first), and each replay is submitted as soon as the states of
    the shards before it are in. So the first runs' replays start as the scans come in, and
    the last run's shards are replayed one after another, each after the one before, with no
    scan at all (1 worker: no scans, every shard replayed in turn). Parts of neighbouring
    shards are merged as soon as both are in, so the merges run beside the replays, a tree whose
    last merge waits only for the last part. That takes the shards as given to be in time
    order; the states say whether they were (by each shard's first request). If not, the
    replays and merges begun are dropped and every shard is replayed again after the states of
    those before it in time order (a shard's state does not depend on what it was replayed
    after)."""
    from distributed import as_completed

    n = len(logs)
    started = time.perf_counter()
    began = time.time()
    # Worker threads now in the cluster (a LocalCluster's have all joined: see main).
    threads = max(1, sum(w.get('nthreads', 1) for w in client.scheduler_info()['workers'].values()))
    runs_of = min(n, threads)
    scanned = n - n // runs_of
    # What each future is for; a future dropped (shards out of order) is forgotten here.
    role = {}
    # Scans and replays wait here and go to the cluster one per free worker thread, the most
    # urgent first: left to the workers' own queues, a replay of the longest path could wait
    # behind others queued on a busy worker while another worker idles.
    waiting = []
    flying = {}
    queued = itertools.count()
    states = [None] * n  # each shard's state for the replays after it: a hint, until its replay gives the exact one
    exact = [None] * n  # each shard's exact state, from its replay (replay --scan-out)
    unconfirmed = {}  # position -> (part, states it was replayed after), until the exact states before it are in
    again = 0  # replays made again because a hint they read was wrong
    after_hints = 0  # replays started after at least one hint (the others after exact states only)
    scan_stats = []
    states_in = 0
    next_replay = 0
    order = list(range(n))  # the shards in time order, as given until the states say otherwise
    pipelined = None
    replays = []
    merges = []
    doubtful = []
    replay_stats = {}
    merge_stats = []
    merge_errors = []
    # Merged runs of neighbouring shards (positions in `order`): first -> (last, part, text).
    runs = {}
    ends = {}
    first_replay = None
    last_part = None
    scan_wall = None
    dropped = 0  # times the shards turned out out of order (once at most)
    pending = as_completed([])

    def pump():
        nonlocal after_hints
        while waiting and len(flying) < threads:
            _, _, what = heapq.heappop(waiting)
            if what[0] == 'scan':
                future = client.submit(scan_shard, args.node, cli, robots, logs[what[1]], shared, pure=False)
            else:
                k = what[1]
                used = [states[order[j]] for j in range(k)]
                if any(exact[order[j]] is not states[order[j]] for j in range(k)):
                    after_hints += 1
                future = client.submit(replay_shard, args.node, cli, robots, logs[order[k]], used, replay_options, pure=False)
                replays.append(future)
                what = (what[0], k, used)
            role[future.key] = what
            flying[future.key] = future
            pending.add(future)

    def want(what):
        # Scans first (each lets replays go), then the last run's replays (one after another:
        # the longest path), then the others, each kind in time order.
        urgency = 0 if what[0] == 'scan' else 1 if what[1] >= scanned else 2
        heapq.heappush(waiting, ((urgency, what[1]), next(queued), what))

    def submit_replays():
        nonlocal first_replay, next_replay
        # The shard at position k may go once the states of positions 0..k-1 are in.
        while next_replay < n and all(states[order[j]] is not None for j in range(next_replay)):
            if first_replay is None:
                first_replay = time.perf_counter()
            want(('replay', next_replay))
            next_replay += 1

    def state_in(i, scan):
        nonlocal states_in, scan_wall, pipelined, order, replays, merges, first_replay, dropped, next_replay, waiting
        if states[i] is not None:
            return
        states[i] = scan
        states_in += 1
        if states_in < n:
            return
        scan_wall = time.perf_counter() - started
        # Shards with no request first (their scans change nothing), then by their first request.
        firsts = [json.loads(state)['state']['first'] for state in states]
        in_time = sorted(range(n), key=lambda i: (firsts[i] is not None, firsts[i] or 0))
        pipelined = in_time == list(range(n))
        if pipelined and doubtful:
            doubtful[0].result()
        if not pipelined:
            client.cancel(replays + merges)
            for key in [key for key, r in role.items() if r[0] != 'scan']:
                del role[key]
                flying.pop(key, None)
            waiting = [w for w in waiting if w[2][0] == 'scan']
            heapq.heapify(waiting)
            next_replay = 0
            order = in_time
            dropped += 1
            replays = []
            merges = []
            unconfirmed.clear()
            replay_stats.clear()
            merge_stats.clear()
            merge_errors.clear()
            runs.clear()
            ends.clear()
            first_replay = None

    def confirm():
        """Merges the parts whose exact states before them are all in and agree with what they
        read; replays again, after the exact states, those that read a wrong hint."""
        nonlocal again
        for k in sorted(unconfirmed):
            if any(exact[order[j]] is None for j in range(k)):
                continue
            part, used = unconfirmed.pop(k)
            if stale(part, used, [exact[order[j]] for j in range(k)]):
                again += 1
                want(('replay', k))
            else:
                part_in(k, k, part, None)

    def part_in(first, last, part, text):
        """The part of positions first..last: merged with a neighbour already in, else kept."""
        left = ends.get(first - 1)
        if left is not None:
            _, left_part, _ = runs.pop(left)
            del ends[first - 1]
            submit_merge(left, last, [left_part, part])
        elif last + 1 in runs:
            right_last, right_part, _ = runs.pop(last + 1)
            del ends[right_last]
            submit_merge(first, right_last, [part, right_part])
        else:
            runs[first] = (last, part, text)
            ends[last] = first

    def submit_merge(first, last, parts):
        future = client.submit(merge_parts, args.node, cli, parts, first > 0, pure=False, priority=5)
        role[future.key] = ('merge', first, last)
        merges.append(future)
        pending.add(future)

    for i in range(scanned):
        want(('scan', i))
    submit_replays()
    pump()
    for future in pending:
        flying.pop(future.key, None)
        what = role.pop(future.key, None)
        if what is None:
            pump()
            continue  # dropped: the shards were out of order
        if what[0] != 'scan' and pipelined is None and future.status == 'error':
            # Until every state is in, a failure may come of shards given out of time order
            # (a replay after a later shard's scan, a merge of parts that overlap): said only if
            # the order holds. A failed replay's shard gets its state from a scan (whose own
            # failure is said at once).
            doubtful.append(future)
            i = order[what[1]] if what[0] == 'replay' else None
            if i is not None and states[i] is None and not any(r == ('scan', i) for r in role.values()):
                want(('scan', i))
            pump()
            continue
        if what[0] == 'scan':
            scan, stats = future.result()
            scan_stats.append(stats)
            state_in(what[1], scan)
        elif what[0] == 'replay':
            part, scan, stats = future.result()
            before = dropped
            i = order[what[1]]
            if exact[i] is None:
                exact[i] = scan
                if states[i] is not None:
                    states[i] = scan  # later replays go after the exact state, not the hint
            state_in(i, exact[i])
            if dropped == before:  # else replayed in an order that did not hold: its part goes
                replay_stats[what[1]] = stats
                last_part = time.perf_counter()
                unconfirmed[what[1]] = (part, what[2])
                confirm()
        else:
            part, text, errors, stats = future.result()
            merge_stats.append(stats)
            merge_errors.append(errors)
            part_in(what[1], what[2], part, text)
        submit_replays()
        pump()
        if pipelined is not None and runs.get(0, (None,))[0] == n - 1:
            break

    _, part, text = runs[0]
    if text is None:
        # One shard: its merge alone gives replay's text for it.
        part, text, errors, stats = client.submit(merge_parts, args.node, cli, [part], False, pure=False).result()
        merge_stats.append(stats)
        merge_errors.append(errors)
    finished = time.perf_counter()
    if args.summary_json:
        with open(os.path.abspath(args.summary_json), 'w', encoding='utf-8') as f:
            f.write(part)
    if args.stats:
        # Phases overlap when pipelined: replay.wallSeconds runs from the first replay
        # submitted, merge.wallSeconds from the last part in to the merged summary.
        stats = {
            'scan': {'wallSeconds': scan_wall, 'tasks': scan_stats},
            'replay': {'wallSeconds': (last_part or finished) - first_replay, 'tasks': [replay_stats[k] for k in range(n)]},
            'merge': {'wallSeconds': finished - (last_part or finished), 'tasks': merge_stats},
            'pipelined': pipelined,
            'replayedAfterHints': after_hints,
            'replayedAgain': again,
            'began': began,
            'totalSeconds': finished - started,
        }
        with open(args.stats, 'w', encoding='utf-8') as f:
            json.dump(stats, f, indent=2)
    sys.stdout.write(text)
    for errors in dict.fromkeys(merge_errors):
        sys.stderr.write(errors)
    return 0


if __name__ == '__main__':
    sys.exit(main())
