/**
 * Issue #39 target: `parseRobots` on a 500 KiB file no slower than Google's C++ parser
 * (github.com/google/robotstxt) building the same grouped structure; and issue #2's bound,
 * under 30 ms.
 *
 * Ours runs in a child process on bundled code, as users run it (tsx's module interop taxes
 * every cross-module call), after a warm-up; Google's is bench/peers/google-robotstxt-parse.cc,
 * compiled with -O2 against a checkout of google/robotstxt named by GOOGLE_ROBOTSTXT_DIR (it
 * needs g++ and Abseil: `apt-get install g++ libabsl-dev`). Without a checkout, our figures
 * are printed alone and the line says how to add the peer. Both sides run alternately, three
 * times, so that a shared machine's noise falls on both; the verdict is on the medians.
 * Run: GOOGLE_ROBOTSTXT_DIR=… npm run bench -- parse
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLargeRobots } from './fixtures/robots';
import { bundleChild, fmt, median, report, verdictLine } from './support';

const ROUNDS = 101;
const ALTERNATIONS = 3;
const PEER_SOURCE = join(__dirname, 'peers', 'google-robotstxt-parse.cc');

/** The child: parses the file as text and as bytes, ROUNDS times each after a warm-up. */
const CHILD_SOURCE = `
import { readFileSync } from 'node:fs';
import { parseRobots } from '@robots-lens/kernel/parse';

const [path, rounds] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(path));
const text = new TextDecoder().decode(bytes);
function medianOf(input) {
  for (let i = 0; i < 30; i++) parseRobots(input);
  const ms = [];
  for (let i = 0; i < Number(rounds); i++) {
    const start = process.hrtime.bigint();
    parseRobots(input);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return ms[ms.length >> 1];
}
const file = parseRobots(text);
const rules = file.groups.reduce((n, g) => n + g.rules.length, 0);
console.log(JSON.stringify({ textMs: medianOf(text), bytesMs: medianOf(bytes), groups: file.groups.length, rules, lines: file.lines.length }));
`;

interface Ours {
  readonly textMs: number;
  readonly bytesMs: number;
  readonly groups: number;
  readonly rules: number;
  readonly lines: number;
}

interface Peer {
  readonly ms: number;
  readonly groups: number;
  readonly rules: number;
}

function runOurs(bundle: string, file: string): Ours {
  const child = spawnSync(process.execPath, [bundle, file, String(ROUNDS)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`the parse child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Ours;
}

/** Compiles the peer; a sentence saying why not when it cannot be. */
function buildPeer(dir: string): string {
  const checkout = process.env.GOOGLE_ROBOTSTXT_DIR;
  if (!checkout) return 'not measured: set GOOGLE_ROBOTSTXT_DIR to a checkout of github.com/google/robotstxt (with g++ and libabsl-dev installed)';
  if (!existsSync(join(checkout, 'robots.cc'))) return `not measured: ${checkout} has no robots.cc`;
  const binary = join(dir, 'google-parse');
  const absl = spawnSync('pkg-config', ['--libs', 'absl_strings'], { encoding: 'utf8' });
  const libs = absl.status === 0 ? absl.stdout.trim().split(/\s+/).filter(Boolean) : [];
  const compiled = spawnSync('g++', ['-O2', '-std=c++17', `-I${checkout}`, join(checkout, 'robots.cc'), PEER_SOURCE, '-o', binary, ...libs], { encoding: 'utf8' });
  if (compiled.error || compiled.status !== 0) return `not measured: g++ failed (${(compiled.error?.message ?? compiled.stderr).split('\n')[0]})`;
  return binary;
}

function runPeer(binary: string, file: string): Peer {
  const child = spawnSync(binary, [file, String(ROUNDS)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`the Google parser harness failed: ${child.stderr}`);
  const [ms, groups, rules] = child.stdout.trim().split(/\s+/).map(Number);
  return { ms: ms!, groups: groups!, rules: rules! };
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-parse-bench-'));
  try {
    const large = generateLargeRobots(500 * 1024, 3);
    const file = join(dir, 'robots.txt');
    writeFileSync(file, large);
    const bundle = await bundleChild(CHILD_SOURCE, 'parse-child', dir);
    const peer = buildPeer(dir);
    const measurePeer = existsSync(peer);

    const loadBefore = loadavg()[0]!;
    const ours: Ours[] = [];
    const theirs: Peer[] = [];
    for (let i = 0; i < ALTERNATIONS; i++) {
      ours.push(runOurs(bundle, file));
      if (measurePeer) theirs.push(runPeer(peer, file));
    }
    const loadAfter = loadavg()[0]!;
    const shape = ours[0]!;
    const textMs = median(ours.map((o) => o.textMs));
    const bytesMs = median(ours.map((o) => o.bytesMs));
    console.log(`\nParser: ${fmt(Buffer.byteLength(large))} bytes, ${fmt(shape.lines)} lines, ${fmt(shape.rules)} rules in ${shape.groups} groups`);
    const rows: Array<[string, string]> = [
      [`parseRobots, text (median of ${ROUNDS}, ${ALTERNATIONS} runs)`, `${fmt(textMs, 2)} ms  (runs: ${ours.map((o) => fmt(o.textMs, 2)).join(', ')})`],
      [`parseRobots, bytes`, `${fmt(bytesMs, 2)} ms  (runs: ${ours.map((o) => fmt(o.bytesMs, 2)).join(', ')})`],
    ];
    if (measurePeer) {
      const peerMs = median(theirs.map((t) => t.ms));
      const same = theirs[0]!.groups === shape.groups && theirs[0]!.rules === shape.rules;
      rows.push(
        ['Google robotstxt (C++ -O2), grouped', `${fmt(peerMs, 2)} ms  (runs: ${theirs.map((t) => fmt(t.ms, 2)).join(', ')}; ${fmt(theirs[0]!.rules)} rules in ${theirs[0]!.groups} groups${same ? ', as ours' : ' — NOT as ours'})`],
        ['ratio', `${fmt(textMs / peerMs, 2)}× Google's time (text), ${fmt(bytesMs / peerMs, 2)}× (bytes)`],
      );
    } else {
      rows.push(['Google robotstxt (C++)', peer]);
    }
    rows.push(['load average (1 min) before, after', `${fmt(loadBefore, 2)}, ${fmt(loadAfter, 2)} on ${availableParallelism()} cores`]);
    report(rows);
    const worst = Math.max(textMs, bytesMs);
    console.log(verdictLine('parse 500 KiB < 30 ms', worst < 30, `${fmt(worst, 2)} ms`));
    if (measurePeer) {
      const peerMs = median(theirs.map((t) => t.ms));
      console.log(verdictLine("parse 500 KiB no slower than Google's C++ parser", worst <= peerMs, `${fmt(worst, 2)} ms against ${fmt(peerMs, 2)} ms`));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) void run();
