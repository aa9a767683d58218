import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRobots } from '@robots-lens/kernel/parse';
import { replayLogs } from '../src';
import type { AuditSummary, LogInput, ReplayOptions } from '../src';
import { TimeOrder } from '../src/time-order';
import { chunked } from '../../../test/support/chunks';
import { clf } from './clf-time';

const ROOT = join(__dirname, '..', '..', '..');
const EXAMPLE_LOG = readFileSync(join(ROOT, 'examples', 'access.log'), 'utf8');
const EXAMPLE_ROBOTS = parseRobots(readFileSync(join(ROOT, 'examples', 'robots.txt')));
const ROBOTS = parseRobots('User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n\nUser-agent: Googlebot\nDisallow: /search\n');
const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.parse('2026-11-23T00:00:00Z');

function options(robots = ROBOTS, extra: Partial<ReplayOptions> = {}): ReplayOptions {
  return { versions: [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: robots }], crawlDelay: 'claimed', graceMs: 0, ...extra };
}


const AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
];
const PATHS = ['/robots.txt', '/private/a', '/search?q=x', '/blog/', '/'];
const STATUSES = [200, 200, 200, 404, 503];

function line(time: number, agent: number, path: number, status: number): string {
  return `192.0.2.${agent + 1} - - [${clf(time)}] "GET ${PATHS[path]} HTTP/1.1" ${STATUSES[status]} 10 "-" "${AGENTS[agent]}"`;
}

/** What must not depend on line or file order: everything but file rows, samples with line numbers and the clock. */
function figures(s: AuditSummary): unknown {
  const { files: _files, elapsedMs: _elapsed, order, parseFailures, ...rest } = s;
  return { ...rest, parseFailures: { count: parseFailures.count, reasons: parseFailures.reasons }, late: order.late };
}

const CUTS = Array.from({ length: 400 }, (_, i) => i * 997);
const input = (name: string, lines: readonly string[]): LogInput => ({ name, chunks: chunked(lines.length > 0 ? lines.join('\n') + '\n' : '', CUTS) });

/** Requests at whole seconds over an hour (ties included), with robots.txt fetches that fail and recover. */
const arbitraryLog = fc.array(
  fc.record({ second: fc.nat({ max: 3600 }), agent: fc.nat({ max: AGENTS.length - 1 }), path: fc.nat({ max: PATHS.length - 1 }), status: fc.nat({ max: STATUSES.length - 1 }) }),
  { minLength: 1, maxLength: 120 },
);

describe('replay: judged by time, not line order', () => {
  test('a log, its reverse and any interleaved split into files give the same summary when the disorder fits the window', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryLog, fc.array(fc.nat({ max: 2 }), { minLength: 120, maxLength: 120 }), async (entries, parts) => {
        const sorted = [...entries].sort((a, b) => a.second - b.second);
        const lines = sorted.map((e) => line(T0 + e.second * 1000, e.agent, e.path, e.status));
        const window = options(ROBOTS, { reorderWindowMs: 2 * 3600_000 });
        const original = await replayLogs([input('a.log', lines)], window);
        const reversed = await replayLogs([input('a.log', [...lines].reverse())], window);
        const files: string[][] = [[], [], []];
        lines.forEach((l, i) => files[parts[i]!]!.push(l));
        const split = await replayLogs(files.map((f, i) => input(`part-${i}.log`, f)).reverse(), options());
        assert.equal(original.order.late, 0);
        assert.equal(split.order.late, 0);
        assert.deepEqual(figures(reversed), figures(original));
        assert.deepEqual(figures(split), figures(original));
      }),
      { numRuns: 60, seed: 1414 },
    );
  });

  test('examples/access.log reversed and split into two interleaved files gives the figures of the original (148 violations)', async () => {
    const lines = EXAMPLE_LOG.split('\n').filter((l) => l !== '');
    const original = await replayLogs([input('access.log', lines)], options(EXAMPLE_ROBOTS, { graceMs: DAY }));
    const reversed = await replayLogs([input('access.log', [...lines].reverse())], options(EXAMPLE_ROBOTS, { graceMs: DAY, reorderWindowMs: 4 * DAY }));
    const split = await replayLogs(
      [input('b.log', lines.filter((_, i) => i % 2 === 1)), input('a.log', lines.filter((_, i) => i % 2 === 0))],
      options(EXAMPLE_ROBOTS, { graceMs: DAY }),
    );
    assert.equal(original.totals.violations, 148);
    assert.equal(reversed.totals.violations, 148);
    assert.equal(split.totals.violations, 148);
    assert.deepEqual(figures(reversed), figures(original));
    assert.deepEqual(figures(split), figures(original));
  });

  test('a line later than the window allows is counted and sampled with its file and line; the window is stated', async () => {
    const lines = [line(T0 + 30 * MINUTE, 1, 3, 0), line(T0 + 31 * MINUTE, 1, 4, 0), line(T0 + 5 * MINUTE, 1, 1, 0), line(T0 + 30.5 * MINUTE, 1, 1, 0)];
    const s = await replayLogs([input('late.log', lines)], options());
    assert.equal(s.order.windowSeconds, 60);
    assert.equal(s.order.late, 1);
    assert.deepEqual(s.order.samples, [{ file: 'late.log', line: 3, time: '2026-11-23T00:05:00Z', behindSeconds: 26 * 60 }]);
    const wide = await replayLogs([input('late.log', lines)], options(ROBOTS, { reorderWindowMs: 30 * MINUTE }));
    assert.equal(wide.order.late, 0);
  });

  test('the window holds at most maxWaiting requests: memory stays bounded whatever the window', () => {
    let judged = 0;
    const order = new TimeOrder({ windowMs: Infinity, maxWaiting: 100 }, () => {
      judged++;
    }, () => undefined);
    const file = order.openFile('f');
    for (let i = 0; i < 10_000; i++) {
      order.enqueue(file, { time: T0 + ((i * 7919) % 10_000), ip: '192.0.2.1', method: 'GET', url: '/', status: 200, userAgent: 'x', host: null }, i + 1);
      assert.ok(order.size <= 100, String(order.size));
    }
    order.close(file);
    assert.equal(judged, 10_000);
    assert.equal(order.size, 0);
  });
});

test('files opened at their first request wait only for what can still come: a file read to its end holds no requests', () => {
  // Rotated logs, listed with their first request's time (as the CLI peeks at them): while the
  // first is read, its requests go as soon as the window lets them, not when maxWaiting forces.
  let judged = 0;
  const order = new TimeOrder({ windowMs: MINUTE, maxWaiting: 200_000 }, () => {
    judged++;
  }, () => undefined);
  const first = order.openFile('access.log.1', T0);
  order.openFile('access.log', T0 + DAY);
  let largest = 0;
  for (let i = 0; i < 10_000; i++) {
    order.enqueue(first, { time: T0 + i * 1000, ip: '192.0.2.1', method: 'GET', url: '/', status: 200, userAgent: 'x', host: null }, i + 1);
    largest = Math.max(largest, order.size);
  }
  // A minute of requests at one a second: the window's 60 (and the one just read).
  assert.ok(largest <= 61, `at most ${largest} requests waited`);
  assert.equal(judged, 10_000 - order.size);
});

describe('replay: lines', () => {
  const requests = Array.from({ length: 200 }, (_, i) => line(T0 + i * 1000, 3, 3, 0));

  test('lines end at LF, CRLF or CR, wherever chunks are cut', async () => {
    for (const [name, text] of [
      ['cr', requests.join('\r') + '\r'],
      ['crlf', requests.join('\r\n') + '\r\n'],
      ['mixed', requests.map((l, i) => l + ['\n', '\r\n', '\r'][i % 3]).join('')],
    ] as const) {
      for (const cuts of [[1 << 20], [97], [1, 2, 3, 250, 251]]) {
        const s = await replayLogs([{ name, chunks: chunked(text, cuts) }], options());
        assert.equal(s.totals.requests, 200, `${name} ${cuts.join(',')}`);
        assert.equal(s.totals.lines, 200, `${name} ${cuts.join(',')}`);
        assert.equal(s.totals.parseFailures, 0, `${name} ${cuts.join(',')}`);
      }
    }
    // A CR alone ends a line even right before a blank line's CRLF.
    const s = await replayLogs([{ name: 'blank', chunks: [requests[0] + '\r\r\n' + requests[1]] }], options());
    assert.deepEqual([s.totals.lines, s.totals.requests, s.totals.skipped], [3, 2, 1]);
  });

  test('lines = requests + unparsed + blank/comment/header lines; a line over the limit is one unparsed line, its tail never a request', async () => {
    // The tail of the long line is a request: it must not be read as one.
    // Its tail is a request, and more than a chunk long: it must not be read as a line of its own.
    const long = 'x'.repeat((1 << 20) + 10) + ' '.repeat(200_000) + requests[0];
    const text = ['', requests[0], '# a comment', 'not a request', long, requests[1], '   ', requests[2]].join('\n') + '\n';
    // One chunk, two, three, and pieces smaller than the line (as the file reader gives them).
    for (const cuts of [[1 << 22], [65_536], [1_048_570, 1_048_600], Array.from({ length: 40 }, (_, i) => i * 65_536)]) {
      const s = await replayLogs([{ name: 'mixed.log', chunks: chunked(text, cuts), format: 'combined' }], options());
      assert.equal(s.totals.lines, 8, cuts.join(','));
      assert.equal(s.totals.requests, 3);
      // A combined log has no comments: only the empty line is blank; '# a comment' and '   ' are not requests.
      assert.equal(s.totals.parseFailures, 4);
      assert.equal(s.totals.skipped, 1);
      assert.equal(s.totals.lines, s.totals.requests + s.totals.parseFailures + s.totals.skipped);
      assert.deepEqual(
        s.files.map((f) => f.lines - f.requests - f.parseFailures - f.skipped),
        [0],
      );
      assert.ok(s.parseFailures.samples.some((x) => x.line === 5 && /line limit/.test(x.reason) && x.text.length <= 301));
    }
    const w3c = ['#Version: 1.0', '#Fields: date time c-ip cs-method cs-uri-stem sc-status cs(User-Agent)', '2026-11-23 00:00:01 192.0.2.1 GET / 200 Mozilla/5.0', '', '#Remark: rotated'];
    const s = await replayLogs([{ name: 'u_ex.log', chunks: [w3c.join('\r\n')] }], options());
    assert.deepEqual([s.totals.lines, s.totals.requests, s.totals.parseFailures, s.totals.skipped], [5, 1, 0, 4]);
    assert.deepEqual([s.files[0]!.lines, s.files[0]!.skipped], [5, 4]);
  });
});
