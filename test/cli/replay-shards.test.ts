import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

const ROOT = join(__dirname, '..', '..');
const ROBOTS = join(ROOT, 'examples', 'robots.txt');
const SNAPSHOTS = join(ROOT, 'test', 'fixtures', 'replay', 'snapshots');
const LINES = readFileSync(join(ROOT, 'examples', 'access.log'), 'utf8').split('\n').filter((l) => l !== '');
const OPTIONS = ['--crawl-delay', '--crawl-delay-scope', 'claimed', '--grace', '24h'];

/** The log cut into `n` files of about equal size, each cut moved to where the second changes. */
function split(dir: string, n: number): string[] {
  const second = (l: string): string => /\[([^\]]+)\]/.exec(l)![1]!;
  const cuts: number[] = [0];
  for (let k = 1; k < n; k++) {
    let i = Math.floor((k * LINES.length) / n);
    while (i < LINES.length && second(LINES[i]!) === second(LINES[i - 1]!)) i++;
    cuts.push(i);
  }
  cuts.push(LINES.length);
  return cuts.slice(0, -1).map((start, k) => {
    const path = join(dir, `shard-${k}.log`);
    writeFileSync(path, LINES.slice(start, cuts[k + 1]).join('\n') + '\n');
    return path;
  });
}

async function ok(args: string[]): Promise<string> {
  const r = await runCli(args);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

/** The summary file without the clock and the paths of the files it was written from. */
function figures(path: string): unknown {
  const { elapsedMs: _elapsed, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as { elapsedMs: number };
  return rest;
}

describe('robots-lens replay-scan, replay --after and merge', () => {
  const cases: [n: number, robots: string, expected: RegExp][] = [
    [2, ROBOTS, /Violations: 148 request/],
    [3, ROBOTS, /Violations: 148 request/],
    [7, ROBOTS, /Violations: 148 request/],
    // A version change on the second day: grace crosses the cut.
    [7, SNAPSHOTS, /; [1-9][\d,]* in grace\./],
  ];
  for (const [n, robots, expected] of cases) {
    test(`examples/access.log in ${n} shards${robots === SNAPSHOTS ? ' with a snapshots folder' : ''}: the merge is the one-process summary, in JSON and text`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'robots-lens-shards-'));
      const shards = split(dir, n);
      const scans = shards.map((_, k) => join(dir, `shard-${k}.scan.json`));
      await Promise.all(shards.map((s, k) => ok(['replay-scan', robots, s, '--out', scans[k]!])));
      const parts = shards.map((_, k) => join(dir, `shard-${k}.json`));
      await Promise.all(shards.map((s, k) => ok(['replay', robots, s, ...OPTIONS, ...scans.slice(0, k).reverse().flatMap((scan) => ['--after', scan]), '--summary-json', parts[k]!])));
      const merged = await ok(['merge', ...[...parts].reverse(), '--summary-json', join(dir, 'merged.json')]);
      const whole = await ok(['replay', robots, ...shards, ...OPTIONS, '--summary-json', join(dir, 'whole.json')]);
      assert.deepEqual(figures(join(dir, 'merged.json')), figures(join(dir, 'whole.json')));
      assert.equal(merged, whole);
      assert.match(merged, expected);
    });
  }

  for (const robots of [ROBOTS, SNAPSHOTS]) {
    test(`replay --scan-out writes what replay-scan writes, so shards can be replayed one after another with no scans${robots === SNAPSHOTS ? ' (snapshots)' : ''}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'robots-lens-shards-'));
      const shards = split(dir, 3);
      const parts: string[] = [];
      const outs: string[] = [];
      for (const [k, shard] of shards.entries()) {
        parts.push(join(dir, `${k}.json`));
        outs.push(join(dir, `${k}.out.json`));
        await ok(['replay', robots, shard, ...OPTIONS, ...outs.slice(0, k).flatMap((o) => ['--after', o]), '--summary-json', parts[k]!, '--scan-out', outs[k]!]);
        await ok(['replay-scan', robots, shard, '--out', join(dir, `${k}.scan.json`)]);
        assert.equal(readFileSync(outs[k]!, 'utf8'), readFileSync(join(dir, `${k}.scan.json`), 'utf8'), `shard ${k}`);
      }
      const merged = await ok(['merge', ...parts, '--summary-json', join(dir, 'merged.json')]);
      const whole = await ok(['replay', robots, ...shards, ...OPTIONS, '--summary-json', join(dir, 'whole.json')]);
      assert.deepEqual(figures(join(dir, 'merged.json')), figures(join(dir, 'whole.json')));
      assert.equal(merged, whole);
    });
  }

  test('replay --scan-out is refused with records (they change the order late requests are judged in), exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-shards-'));
    const [a] = split(dir, 2);
    for (const records of [['--csv', join(dir, 'a.csv')], ['--jsonl', join(dir, 'a.jsonl')], ['--json']]) {
      const r = await runCli(['replay', ROBOTS, a!, ...records, '--scan-out', join(dir, 'a.scan.json')]);
      assert.equal(r.code, 2, records.join(' '));
      assert.match(r.stderr, /--scan-out: a replay writes its scan only without records/);
      assert.equal(existsSync(join(dir, 'a.scan.json')), false);
    }
  });

  test('a tree of merges: shards in the middle merged with --partial, then with those before them, give the one-process summary; without --partial the middle is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-shards-'));
    const shards = split(dir, 4);
    const scans = shards.map((_, k) => join(dir, `${k}.scan.json`));
    await Promise.all(shards.map((s, k) => ok(['replay-scan', ROBOTS, s, '--out', scans[k]!])));
    const parts = shards.map((_, k) => join(dir, `${k}.json`));
    await Promise.all(shards.map((s, k) => ok(['replay', ROBOTS, s, ...OPTIONS, ...scans.slice(0, k).flatMap((scan) => ['--after', scan]), '--summary-json', parts[k]!])));
    const strict = await runCli(['merge', parts[2]!, parts[3]!]);
    assert.equal(strict.code, 2);
    assert.match(strict.stderr, /2\.json was replayed after a carried state, but no shard is before it \(the (robots\.txt fetch state|last request) of .*, which its verdicts read\)/);
    await ok(['merge', parts[2]!, parts[3]!, '--partial', '--summary-json', join(dir, '23.json')]);
    await ok(['merge', parts[1]!, join(dir, '23.json'), '--partial', '--summary-json', join(dir, '123.json')]);
    // The seam is checked where the runs meet: the run 2..3 is not what comes after 0 alone.
    const gap = await runCli(['merge', parts[0]!, join(dir, '23.json')]);
    assert.equal(gap.code, 2);
    assert.match(gap.stderr, /was replayed after a carried state, but the shards before it leave another \(the (robots\.txt fetch state|last request) of /);
    // A run that does not begin with the first shard is refused at the top, without --partial.
    assert.equal((await runCli(['merge', join(dir, '123.json')])).code, 2);
    const merged = await ok(['merge', join(dir, '123.json'), parts[0]!, '--summary-json', join(dir, 'merged.json')]);
    const whole = await ok(['replay', ROBOTS, ...shards, ...OPTIONS, '--summary-json', join(dir, 'whole.json')]);
    assert.deepEqual(figures(join(dir, 'merged.json')), figures(join(dir, 'whole.json')));
    assert.equal(merged, whole);
  });

  test('replay-scan --hint: a cheap state that may miss a fetch; merge refuses the shard whose verdicts read the miss, and takes it replayed after the exact scan', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-shards-'));
    const T0 = Date.parse('2026-11-23T00:00:00Z');
    const at = (second: number, path: string, agent: string): string => {
      const d = new Date(T0 + second * 1000);
      const month = d.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
      return `203.0.113.9 - - [${String(d.getUTCDate()).padStart(2, '0')}/${month}/${d.getUTCFullYear()}:${d.toISOString().slice(11, 19)} +0000] "GET ${path} HTTP/1.1" ${path === '/robots.txt' ? 503 : 200} 512 "-" "${agent}"\n`;
    };
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const bing = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
    const google = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const filler = (from: number, count: number): string => Array.from({ length: count }, (_, i) => at(from + i, `/page/${i}`, browser)).join('');
    // About 2.8 MB, far from the head and tail a hint reads: bingbot (the hint misses its last
    // request, which no replay reads: Crawl-delay checks across shards wait for the merge), a
    // robots.txt 503 of Googlebot (found), and one of GPTBot logged with an escape (missed).
    const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    const a = join(dir, 'a.log');
    const b = join(dir, 'b.log');
    writeFileSync(a, filler(0, 2000) + at(2000, '/cart/', bing) + filler(2001, 5000) + at(7001, '/robots.txt', google) + at(7002, '/robots\\x2etxt', gptbot) + filler(7003, 7000));
    writeFileSync(b, at(14_010, '/cart/', bing) + at(14_011, '/', google) + at(14_012, '/', gptbot) + filler(14_013, 10));
    const printed = await ok(['replay-scan', ROBOTS, a, '--hint', '--out', join(dir, 'a.hint.json')]);
    assert.match(printed, /^hint: read [\d,]+ lines whole/);
    await ok(['replay-scan', ROBOTS, a, '--out', join(dir, 'a.scan.json')]);
    const hint = JSON.parse(readFileSync(join(dir, 'a.hint.json'), 'utf8')) as { hint: boolean; state: { fetches: object; lastRequest: object } };
    const exact = JSON.parse(readFileSync(join(dir, 'a.scan.json'), 'utf8')) as { hint?: boolean; state: { fetches: object; lastRequest: Record<string, unknown> } };
    assert.equal(hint.hint, true);
    assert.equal(exact.hint, undefined);
    assert.deepEqual(Object.keys(exact.state.fetches), ['crawler:googlebot', 'crawler:gptbot']);
    assert.deepEqual(Object.keys(hint.state.fetches), ['crawler:googlebot']);
    assert.ok('bingbot' in exact.state.lastRequest && !('bingbot' in hint.state.lastRequest));
    await ok(['replay', ROBOTS, a, ...OPTIONS, '--summary-json', join(dir, 'a.json')]);
    await ok(['replay', ROBOTS, b, ...OPTIONS, '--after', join(dir, 'a.hint.json'), '--summary-json', join(dir, 'b.json')]);
    const refused = await runCli(['merge', join(dir, 'a.json'), join(dir, 'b.json')]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /b\.json was replayed after a carried state, but the shards before it leave another \(the robots\.txt fetch state of gptbot, which its verdicts read\); replay it with --after the scans of exactly the shards before it/);
    await ok(['replay', ROBOTS, b, ...OPTIONS, '--after', join(dir, 'a.scan.json'), '--summary-json', join(dir, 'b.json')]);
    const merged = await ok(['merge', join(dir, 'a.json'), join(dir, 'b.json'), '--summary-json', join(dir, 'merged.json')]);
    const whole = await ok(['replay', ROBOTS, a, b, ...OPTIONS, '--summary-json', join(dir, 'whole.json')]);
    assert.deepEqual(figures(join(dir, 'merged.json')), figures(join(dir, 'whole.json')));
    assert.equal(merged, whole);
  });

  test('a shard replayed without the scans before it, or overlapping another, is refused with the reason (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-shards-'));
    const [a, b] = split(dir, 2);
    await ok(['replay', ROBOTS, a!, '--summary-json', join(dir, 'a.json')]);
    await ok(['replay', ROBOTS, b!, '--summary-json', join(dir, 'b.json')]);
    await ok(['replay', ROBOTS, a!, b!, '--summary-json', join(dir, 'ab.json')]);
    const missing = await runCli(['merge', join(dir, 'a.json'), join(dir, 'b.json')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /b\.json was replayed without --after, but the shards before it leave another \(the (robots\.txt fetch state|last request) of /);
    const overlap = await runCli(['merge', join(dir, 'ab.json'), join(dir, 'b.json')]);
    assert.equal(overlap.code, 2);
    assert.match(overlap.stderr, /overlaps .* in time/);
    // `--out -`: the scan alone on stdout, as an engine collecting a command's output wants it.
    await ok(['replay-scan', ROBOTS, a!, '--out', join(dir, 'a.scan.json')]);
    const piped = await ok(['replay-scan', ROBOTS, a!, '--out', '-']);
    assert.equal(piped.split('\n').length, 2);
    assert.deepEqual(JSON.parse(piped), JSON.parse(readFileSync(join(dir, 'a.scan.json'), 'utf8')));
    const notScan = await runCli(['replay', ROBOTS, b!, '--after', join(dir, 'a.json')]);
    assert.equal(notScan.code, 2);
    assert.match(notScan.stderr, /not a scan written by robots-lens replay-scan/);
  });

  test('replay --after refuses scans of a later shard, or made with other reading settings, before any output is replaced (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-shards-'));
    const [a, b] = split(dir, 2);
    await ok(['replay-scan', ROBOTS, b!, '--out', join(dir, 'b.scan.json')]);
    const summary = join(dir, 'a.json');
    writeFileSync(summary, 'the old summary');
    const later = await runCli(['replay', ROBOTS, a!, '--after', join(dir, 'b.scan.json'), '--summary-json', summary, '--csv', join(dir, 'a.csv')]);
    assert.equal(later.code, 2, later.stderr);
    assert.match(later.stderr, /--after: the scans reach \S+, but this shard's requests start at \S+: give the scans of the shards before it only/);
    assert.equal(readFileSync(summary, 'utf8'), 'the old summary');
    assert.ok(!existsSync(join(dir, 'a.csv')));
    const settings: [string[], string[], RegExp][] = [
      [['--reorder-window', '5m'], [], /the scan was made with --reorder-window 300s, and this replay uses 60s/],
      [['--format', 'combined'], [], /the scan was made with --format combined, and this replay uses auto/],
      [[], ['--format', 'combined'], /the scan was made with --format auto, and this replay uses combined/],
    ];
    for (const [scanOptions, replayOptions, message] of settings) {
      await ok(['replay-scan', ROBOTS, a!, '--out', join(dir, 'a.scan.json'), ...scanOptions]);
      const other = await runCli(['replay', ROBOTS, b!, '--after', join(dir, 'a.scan.json'), ...replayOptions]);
      assert.equal(other.code, 2, other.stderr);
      assert.match(other.stderr, message);
    }
    // The same settings: accepted.
    await ok(['replay-scan', ROBOTS, a!, '--out', join(dir, 'a.scan.json'), '--format', 'combined']);
    await ok(['replay', ROBOTS, b!, '--after', join(dir, 'a.scan.json'), '--format', 'combined']);
  });
});
