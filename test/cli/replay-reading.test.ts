import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { AuditSummary } from '@robots-lens/replay';
import { outputOf, runCli } from '../support/cli';
import type { CliResult } from '../support/cli';
import { CLI, requireBuilt, ROOT } from '../support/dist';

const ROBOTS = join(ROOT, 'examples', 'robots.txt');
const LOG = join(ROOT, 'examples', 'access.log');
const TEXT = readFileSync(LOG, 'utf8');
const LINES = TEXT.split('\n').filter((l) => l !== '');
const out = mkdtempSync(join(tmpdir(), 'robots-lens-replay-reading-'));
after(() => rmSync(out, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const path = join(out, name);
  writeFileSync(path, content);
  return path;
}

/** Runs `replay` with a summary file and returns the process result and the summary. */
async function replay(logs: readonly string[], extra: readonly string[] = [], stdin?: string): Promise<CliResult & { summary: AuditSummary }> {
  const json = join(out, `summary-${Math.random().toString(36).slice(2)}.json`);
  const result = await runCli(['replay', ROBOTS, ...logs, '--summary-json', json, ...extra], stdin !== undefined ? { stdin } : {});
  assert.equal(result.code, 0, result.stderr);
  return { ...result, summary: JSON.parse(readFileSync(json, 'utf8')) as AuditSummary };
}

/** Runs a bash command line that calls the built CLI as `$CLI` (pipes, FIFOs, process substitution). */
function bash(script: string): Promise<CliResult> {
  return outputOf(spawn('bash', ['-c', script], { env: { ...process.env, CLI: `${process.execPath} ${requireBuilt(CLI)}` }, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** The figures that must not depend on line or file order (the CLI's own `warnings` name files; the shard part for merges lists them too). */
function figures(s: AuditSummary): unknown {
  const { files: _files, elapsedMs: _elapsed, order, parseFailures, warnings: _warnings, shard: _shard, ...rest } = s as AuditSummary & { warnings?: unknown; shard?: unknown };
  return { ...rest, parseFailures: { count: parseFailures.count, reasons: parseFailures.reasons }, late: order.late };
}

describe('robots-lens replay judges by time', () => {
  test('examples/access.log reversed (tac) and split into two interleaved files give the figures of the original', async () => {
    const original = await replay([LOG]);
    assert.equal(original.summary.totals.violations, 148);
    const reversedPath = write('reversed.log', [...LINES].reverse().join('\n') + '\n');
    const reversed = await replay([reversedPath], ['--reorder-window', '4d']);
    const even = write('server-a.log', LINES.filter((_, i) => i % 2 === 0).join('\n') + '\n');
    const odd = write('server-b.log', LINES.filter((_, i) => i % 2 === 1).join('\n') + '\n');
    const split = await replay([odd, even]);
    for (const s of [reversed.summary, split.summary]) {
      assert.equal(s.totals.violations, 148);
      assert.deepEqual(figures(s), figures(original.summary));
    }
    assert.match(reversed.stdout, /up to 4 d earlier than the latest before them in their file \(--reorder-window\); 0 lines came later than that/);
  });

  test('the reverse with the default window: lines later than it allows are counted and sampled with file and line, in text and JSON', async () => {
    const reversedPath = write('reversed-default.log', [...LINES].reverse().join('\n') + '\n');
    const { summary, stdout } = await replay([reversedPath]);
    assert.equal(summary.order.windowSeconds, 60);
    assert.ok(summary.order.late > 3000, String(summary.order.late));
    assert.deepEqual(Object.keys(summary.order.samples[0]!).sort(), ['behindSeconds', 'file', 'line', 'time']);
    assert.equal(summary.order.samples[0]!.file, reversedPath);
    assert.match(stdout, new RegExp(`${summary.order.late.toLocaleString('en-US')} lines came later than that and were judged out of order`));
    assert.match(stdout, /late: .*reversed-default\.log:\d+ {2}2026-11-\d\dT/);
  });

  test('--reorder-window takes a duration of at most 7 days', async () => {
    for (const bad of ['soon', '8d']) {
      const { code, stderr } = await runCli(['replay', ROBOTS, LOG, '--reorder-window', bad]);
      assert.equal(code, 2, bad);
      assert.match(stderr, /^robots-lens replay: --reorder-window: .+at most 7d/);
    }
  });
});

describe('robots-lens replay reads lines and counts them', () => {
  test('200 requests separated by CR are 200 requests', async () => {
    const path = write('cr.log', LINES.slice(0, 200).join('\r'));
    const { summary, stdout } = await replay([path]);
    assert.equal(summary.totals.lines, 200);
    assert.equal(summary.totals.requests, 200);
    assert.match(stdout, /^ {2}lines {5}200 = 200 requests \+ 0 not parsed \+ 0 blank, comment or header$/m);
  });

  test('lines = requests + unparsed + blank lines, in text and JSON; a line over the limit is one unparsed line, never a request', async () => {
    const long = 'x'.repeat(3 << 20) + LINES[5];
    const path = write('counts.log', [LINES[0], '', long, LINES[1], '', LINES[2]].join('\n') + '\n');
    const { summary, stdout } = await replay([path]);
    assert.deepEqual([summary.totals.lines, summary.totals.requests, summary.totals.parseFailures, summary.totals.skipped], [6, 3, 1, 2]);
    assert.deepEqual([summary.files[0]!.lines, summary.files[0]!.requests, summary.files[0]!.parseFailures, summary.files[0]!.skipped], [6, 3, 1, 2]);
    assert.equal(summary.parseFailures.samples[0]!.line, 3);
    assert.match(summary.parseFailures.samples[0]!.reason, /line limit/);
    assert.match(stdout, /^ {2}lines {5}6 = 3 requests \+ 1 not parsed \+ 2 blank, comment or header$/m);
    assert.match(stdout, /6 lines, 3 requests, 1 not parsed, 2 blank\/comment\/header/);
  });
});

describe('robots-lens replay streams logs from pipes', () => {
  const expectWhole = (stdout: string, name: string): void => {
    assert.match(stdout, new RegExp(`log {7}${name}: combined \\(detected: 50 of 50 sample lines\\); 4,008 lines, 4,004 requests, 4 not parsed`));
    assert.match(stdout, /^Violations: 148 /m);
  };

  test('"-" reads standard input, plain or gzip', async () => {
    expectWhole((await replay(['-'], [], TEXT)).stdout, '-');
    const child = spawnSync(process.execPath, [requireBuilt(CLI), 'replay', ROBOTS, '-'], { input: gzipSync(TEXT), encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    expectWhole(child.stdout, '-');
  });

  test('/dev/stdin from a pipe, a FIFO and process substitution', async () => {
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const piped = await bash(`cat ${q(LOG)} | $CLI replay ${q(ROBOTS)} /dev/stdin`);
    assert.equal(piped.code, 0, piped.stderr);
    expectWhole(piped.stdout, '/dev/stdin');
    const fifo = join(out, 'access.fifo');
    const fromFifo = await bash(`mkfifo ${q(fifo)} && (cat ${q(LOG)} > ${q(fifo)} &) && $CLI replay ${q(ROBOTS)} ${q(fifo)}`);
    assert.equal(fromFifo.code, 0, fromFifo.stderr);
    expectWhole(fromFifo.stdout, fifo.replace(/[.]/g, '\\.'));
    const substituted = await bash(`$CLI replay ${q(ROBOTS)} <(gzip -c ${q(LOG)})`);
    assert.equal(substituted.code, 0, substituted.stderr);
    expectWhole(substituted.stdout, '/dev/fd/\\d+');
  });
});

describe('robots-lens replay and damaged gzip', () => {
  test('trailing garbage after a complete member: what decompressed is replayed, the damage is a warning with bytes and position', async () => {
    const zipped = gzipSync(TEXT);
    for (const garbage of [Buffer.from('garbage!'), Buffer.from([0x1f, 0x8b, 0xff, 0xff]), Buffer.alloc(3)]) {
      const path = write('damaged.log.gz', Buffer.concat([zipped, garbage]));
      const { summary, stdout, stderr } = await replay([path]);
      assert.equal(summary.totals.lines, 4008);
      assert.equal(summary.totals.violations, 148);
      const warning = `${path}: ${garbage.length} bytes of trailing garbage after the gzip data, at byte ${zipped.length.toLocaleString('en-US')}`;
      assert.ok(summary.inputWarnings.some((w) => w.startsWith(warning)), summary.inputWarnings.join());
      assert.ok(stdout.includes(`  warning   ${warning}`), stdout);
      assert.ok(stderr.includes(warning), stderr);
    }
  });

  test('two members in a row are one log; no warning', async () => {
    const path = write('two.log.gz', Buffer.concat([gzipSync(LINES.slice(0, 2000).join('\n') + '\n'), gzipSync(LINES.slice(2000).join('\n') + '\n')]));
    const { summary } = await replay([path]);
    assert.equal(summary.totals.lines, 4008);
    assert.deepEqual(summary.inputWarnings, []);
  });
});
