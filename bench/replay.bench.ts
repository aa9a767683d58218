/**
 * Issue #4 targets: replay a 2,000,000-line combined log against a 2,000-rule robots.txt
 * end to end (read, gunzip-ready streaming, parse, identify, verify, version/fetch state,
 * verdict, Crawl-delay, summary) at ≥ 500,000 lines/s, with peak RSS < 300 MB whatever the
 * log size; and the same replay with `robots-parser` doing the matching, for the ratio.
 *
 * Everything runs in child processes on bundled code, as users run it: the built CLI for the
 * end-to-end figure (its own peak RSS), and one esbuild bundle for the engine-vs-robots-parser
 * comparison (tsx's CommonJS interop would tax cross-module calls in the hot loop).
 * Run: npm run bench -- replay   (BENCH_REPLAY_LINES=… to change the size)
 */

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCombinedLog } from './fixtures/access-log';
import { generateRobots } from './fixtures/robots';
import { bundleChild, fmt, PEAK_RSS_KB, report, verdictLine } from './support';

const LINES = Number(process.env.BENCH_REPLAY_LINES ?? 2_000_000);
const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');

interface ChildResult {
  readonly lines: number;
  readonly ms: number;
  readonly maxRssMb: number;
  readonly detail: string;
}

/**
 * The comparison child: the engine (`replayLogFiles`, summary only, as the CLI runs it) or a
 * replay whose matching is done by robots-parser. The robots-parser replay reads and parses the
 * log with the same reader and parser and identifies crawlers the same way (cached per
 * User-Agent), then asks robots-parser for every crawler request; it keeps no fetch states,
 * versions, Crawl-delay or summary, so it does strictly less work than the engine.
 */
const CHILD_SOURCE = `
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import robotsParser from 'robots-parser';
import { parseRobots } from '@robots-lens/kernel/parse';
import { looksLikeBrowser, resolveAgent } from '@robots-lens/kernel/crawlers';
import { createLogParser } from '@robots-lens/replay/logs';
import { inspectLogFile, logInput, replayLogFiles } from '../server/src/node/log-reader';

const [mode, robotsPath, logPath, origin] = process.argv.slice(2);
const text = readFileSync(robotsPath, 'utf8');

async function ours() {
  const summary = await replayLogFiles([logPath], {
    versions: [{ label: 'robots.txt', effective: null, source: robotsPath, file: parseRobots(text) }],
    crawlDelay: 'claimed',
  });
  return { lines: summary.totals.lines, detail: summary.totals.violations + ' violations, ' + summary.totals.crawlerRequests + ' crawler requests' };
}

async function theirs() {
  const robots = robotsParser(origin + '/robots.txt', text);
  const parser = createLogParser('combined');
  const tokens = new Map();
  let lines = 0;
  let disallowed = 0;
  let crawler = 0;
  for await (const chunk of logInput(await inspectLogFile(logPath)).chunks) {
    let pos = 0;
    while (pos < chunk.length) {
      let nl = chunk.indexOf('\\n', pos);
      if (nl < 0) nl = chunk.length;
      lines++;
      const r = parser.parse(chunk, pos, nl);
      pos = nl + 1;
      if (r === null || typeof r === 'string') continue;
      let token = tokens.get(r.userAgent);
      if (token === undefined) {
        const agent = resolveAgent(r.userAgent);
        token = agent.crawler ? agent.crawler.token : looksLikeBrowser(r.userAgent) || agent.token === '' ? '' : agent.token;
        tokens.set(r.userAgent, token);
      }
      if (token === '') continue;
      crawler++;
      if (robots.isAllowed(r.url.startsWith('/') ? origin + r.url : r.url, token) === false) disallowed++;
    }
  }
  return { lines, detail: disallowed + ' disallowed of ' + crawler + ' crawler requests' };
}

const started = performance.now();
(mode === 'ours' ? ours() : theirs()).then((r) => {
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ...r, ms, maxRssMb: ${PEAK_RSS_KB} / 1024 }));
});
`;

/** Runs the built CLI on the log in a child, timing it from the outside; the child reports its peak RSS. */
function runCli(robots: string, ...logs: string[]): ChildResult {
  const wrapper = `process.on('exit', () => process.stderr.write('\\nmaxrss=' + ${PEAK_RSS_KB} + '\\n')); process.argv = [process.argv[0], ${JSON.stringify(CLI)}, ...process.argv.slice(1)]; require(${JSON.stringify(CLI)});`;
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['-e', wrapper, 'replay', robots, ...logs, '--crawl-delay', '--crawl-delay-scope', 'claimed'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`robots-lens replay failed (${child.status}): ${child.stderr}`);
  const rss = /maxrss=(\d+)/.exec(child.stderr);
  // The total (`lines     2,000,000 = …`), not a file's row.
  const lines = /^ {2}lines +([\d,]+) = /m.exec(child.stdout);
  const violations = /Violations: ([\d,]+) request/.exec(child.stdout);
  return {
    lines: lines ? Number(lines[1]!.replace(/,/g, '')) : 0,
    ms,
    maxRssMb: rss ? Number(rss[1]) / 1024 : NaN,
    detail: `${violations ? violations[1] : '?'} violations`,
  };
}

function runChild(bundle: string, mode: 'ours' | 'theirs', robots: string, log: string, origin: string): ChildResult {
  const child = spawnSync(process.execPath, [bundle, mode, robots, log, origin], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${mode} replay failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as ChildResult;
}

const perSecond = (r: ChildResult): number => r.lines / (r.ms / 1000);

/** The log cut into `count` files of about equal size at line ends (rotated logs), written beside it. */
function splitLog(log: string, count: number, dir: string): string[] {
  const total = statSync(log).size;
  const input = openSync(log, 'r');
  const buffer = Buffer.alloc(16 << 20);
  const parts: string[] = [];
  try {
    let position = 0;
    for (let i = 0; i < count && position < total; i++) {
      const part = join(dir, `access.log.${count - i}`);
      parts.push(part);
      const output = openSync(part, 'w');
      try {
        // Copy up to the part's share, then on to the end of the line it stops in.
        const share = i === count - 1 ? total : Math.ceil(((i + 1) * total) / count);
        let atLineEnd = false;
        while (position < total && !atLineEnd) {
          const n = readSync(input, buffer, 0, buffer.length, position);
          let take = Math.min(n, Math.max(0, share - position));
          if (position + take < total && take < n) {
            const nl = buffer.indexOf(0x0a, take);
            if (nl >= 0 && nl < n) {
              take = nl + 1;
              atLineEnd = true;
            } else {
              take = n;
            }
          }
          writeSync(output, buffer, 0, take);
          position += take;
        }
      } finally {
        closeSync(output);
      }
    }
  } finally {
    closeSync(input);
  }
  return parts;
}

export async function run(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm run bench builds it first (node scripts/build.mjs).`);
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-replay-bench-'));
  try {
    const robotsText = generateRobots({ groups: 50, rules: 2000, seed: 7 });
    const robots = join(dir, 'robots.txt');
    writeFileSync(robots, robotsText);
    const origin = 'https://www.example-shop.test';
    const log = join(dir, 'access.log');
    const quarter = join(dir, 'quarter.log');
    const written = writeCombinedLog(log, LINES, 5, { malformedEvery: 100_000 });
    writeCombinedLog(quarter, Math.floor(LINES / 4), 5, { malformedEvery: 100_000 });
    const bundle = await bundleChild(CHILD_SOURCE, 'replay-child', dir);
    console.log(`\nReplay: ${fmt(written.lines)} combined-log lines (${fmt(written.bytes / 1e6, 0)} MB), robots.txt with 2,000 rules in 50 groups`);

    // Best of two, because a shared machine's noise only ever slows a run down; the load
    // average goes with the figures, to say how shared the machine was.
    const best = (runs: ChildResult[]): ChildResult => runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
    const loadBefore = loadavg()[0]!;
    const cli = best([runCli(robots, log), runCli(robots, log)]);
    const loadAfter = loadavg()[0]!;
    const small = runCli(robots, quarter);
    // The same lines as rotated logs: files are merged by time, and memory must not grow with their number.
    const parts = splitLog(log, 8, dir);
    const split = runCli(robots, ...parts);
    const ours = [runChild(bundle, 'ours', robots, log, origin), runChild(bundle, 'ours', robots, log, origin)].reduce((a, b) => (a.ms <= b.ms ? a : b));
    const theirs = runChild(bundle, 'theirs', robots, log, origin);

    const rate = perSecond(cli);
    const peak = Math.max(cli.maxRssMb, small.maxRssMb, split.maxRssMb);
    report([
      ['robots-lens replay (CLI, end to end)', `${fmt(rate)} lines/s  (${fmt(cli.ms)} ms incl. process start; ${cli.detail}; peak RSS ${fmt(cli.maxRssMb)} MB)`],
      ['  load average (1 min) before, after', `${fmt(loadBefore, 2)}, ${fmt(loadAfter, 2)} on ${availableParallelism()} cores`],
      [`same, ${fmt(small.lines)}-line log`, `${fmt(perSecond(small))} lines/s  (peak RSS ${fmt(small.maxRssMb)} MB: memory does not grow with the log)`],
      [`same ${fmt(split.lines)} lines as ${parts.length} files`, `${fmt(perSecond(split))} lines/s  (peak RSS ${fmt(split.maxRssMb)} MB; ${split.detail})`],
      ['engine in-process (bundled)', `${fmt(perSecond(ours))} lines/s  (${fmt(ours.ms)} ms; ${ours.detail})`],
      ['robots-parser 3.0.1 doing the matching', `${fmt(perSecond(theirs))} lines/s  (${fmt(theirs.ms)} ms; ${theirs.detail})`],
      ['ratio', `${fmt(perSecond(ours) / perSecond(theirs), 1)}× (robots-lens engine / robots-parser replay)`],
    ]);
    console.log(verdictLine('≥ 500,000 lines/s end to end', rate >= 500_000, `${fmt(rate)} lines/s`));
    console.log(verdictLine('peak RSS < 300 MB', peak < 300, `${fmt(peak)} MB (largest of the ${fmt(written.lines)}-line, ${fmt(small.lines)}-line and ${parts.length}-file runs)`));
    console.log('  (the robots-parser replay skips fetch states, versions, Crawl-delay and the summary: it does less work than the engine)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) void run();
