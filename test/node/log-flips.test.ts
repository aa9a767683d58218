/**
 * Counting flipped requests in log files from disk: the same lines, requests and unreadable
 * lines the replay reads, whatever the chunk boundaries, line endings or compression.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { FlipCounter } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import { inspectLogFile, logInput, replayLogFiles } from '../../server/src/node/log-reader';
import { countFlipsInLog } from '../../server/src/node/log-flips';

const ROOT = join(__dirname, '..', '..');
const EXAMPLE_LOG = join(ROOT, 'examples', 'access.log');
const EXAMPLE_ROBOTS = parseRobots(readFileSync(join(ROOT, 'examples', 'robots.txt')));
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-flips-'));

const OLD = parseRobots('User-agent: *\nDisallow: /cart/\n');
const NEW = parseRobots('User-agent: *\nDisallow: /cart/\nDisallow: /blog/\n');
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const logLine = (i: number) => `20.171.207.${i % 250} - - [23/Nov/2026:00:00:03 +0000] "GET /${i % 3 === 0 ? 'blog' : 'shop'}/${i}/${'x'.repeat(i % 97)} HTTP/1.1" 200 1 "-" "${GPTBOT}"`;
/** Requests for /blog/ among lines 0 … n-1. */
const blogRequests = (n: number) => Math.ceil(n / 3);

describe('countFlipsInLog', () => {
  test('a log read in several chunks: every line whole, no request lost at a chunk boundary', async () => {
    const path = join(dir, 'big.log');
    const n = 12_000;
    writeFileSync(path, Array.from({ length: n }, (_, i) => logLine(i)).join('\n') + '\n');
    let chunks = 0;
    for await (const _chunk of logInput(await inspectLogFile(path)).chunks) chunks++;
    assert.ok(chunks > 2, `only ${chunks} chunk(s): the test needs lines cut by chunk boundaries`);

    const counter = new FlipCounter(OLD, NEW);
    const tally = await countFlipsInLog(path, 'auto', counter);
    assert.deepEqual({ ...tally, file: '' }, { file: '', format: 'combined', lines: n, requests: n, unreadable: 0 });
    const [gptbot] = counter.results();
    assert.deepEqual([gptbot?.token, gptbot?.requests, gptbot?.newlyDisallowed, gptbot?.newlyAllowed], ['GPTBot', n, blogRequests(n), 0]);
  });

  test('CRLF line ends, no final newline, and gzip read the same as the plain file', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => logLine(i));
    const crlf = join(dir, 'crlf.log');
    writeFileSync(crlf, lines.join('\r\n'));
    const gz = join(dir, 'crlf.log.1');
    writeFileSync(gz, gzipSync(readFileSync(crlf)));
    for (const path of [crlf, gz]) {
      const counter = new FlipCounter(OLD, NEW);
      const tally = await countFlipsInLog(path, 'auto', counter);
      assert.deepEqual([tally.lines, tally.requests, tally.unreadable], [60, 60, 0], path);
      assert.equal(counter.results()[0]?.newlyDisallowed, blogRequests(60), path);
    }
  });

  test('the example log: the lines, requests and unparsed lines the replay counts', async () => {
    const tally = await countFlipsInLog(EXAMPLE_LOG, 'auto', new FlipCounter(EXAMPLE_ROBOTS, EXAMPLE_ROBOTS));
    const summary = await replayLogFiles([EXAMPLE_LOG], { versions: [{ label: 'robots.txt', effective: null, source: 'examples/robots.txt', file: EXAMPLE_ROBOTS }] });
    assert.deepEqual(
      [tally.lines, tally.requests, tally.unreadable],
      [summary.totals.lines, summary.totals.requests, summary.totals.parseFailures],
    );
  });

  test('CR-only line ends: every line a request, as the replay reads them', async () => {
    const path = join(dir, 'cr.log');
    writeFileSync(path, Array.from({ length: 200 }, (_, i) => logLine(i)).join('\r') + '\r');
    const counter = new FlipCounter(OLD, NEW);
    const tally = await countFlipsInLog(path, 'auto', counter);
    assert.deepEqual([tally.lines, tally.requests, tally.unreadable], [200, 200, 0]);
    assert.equal(counter.results()[0]?.newlyDisallowed, blogRequests(200));
  });

  test('a line over the limit is one unreadable line, and the counts are the replay\'s', async () => {
    const path = join(dir, 'long-line.log');
    // A request after 3 MiB of garbage on the same line: never a request of its own.
    const long = 'x'.repeat(3 << 20) + ' ' + logLine(3);
    writeFileSync(path, [logLine(0), long, logLine(1), logLine(2)].join('\n') + '\n');
    const counter = new FlipCounter(OLD, NEW);
    const tally = await countFlipsInLog(path, 'auto', counter);
    assert.deepEqual([tally.lines, tally.requests, tally.unreadable], [4, 3, 1]);
    const summary = await replayLogFiles([path], { versions: [{ label: 'old', effective: null, source: 'old', file: OLD }] });
    assert.deepEqual([tally.lines, tally.requests, tally.unreadable], [summary.totals.lines, summary.totals.requests, summary.totals.parseFailures]);
  });

  test('trailing garbage after the gzip data: what decompressed is counted, the damage is a warning', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => logLine(i));
    const zipped = gzipSync(lines.join('\n') + '\n');
    const path = join(dir, 'damaged.log.gz');
    writeFileSync(path, Buffer.concat([zipped, Buffer.from('garbage!')]));
    const tally = await countFlipsInLog(path, 'auto', new FlipCounter(OLD, NEW));
    assert.deepEqual([tally.lines, tally.requests], [60, 60]);
    assert.deepEqual(tally.warnings, [`${path}: 8 bytes of trailing garbage after the gzip data, at byte ${zipped.length.toLocaleString('en-US')}; the ${(lines.join('\n').length + 1).toLocaleString('en-US')} decompressed bytes before it were read.`]);
  });

  test('an aborted count stops reading and reports what it read', async () => {
    const abort = new AbortController();
    abort.abort();
    const tally = await countFlipsInLog(EXAMPLE_LOG, 'combined', new FlipCounter(OLD, NEW), { signal: abort.signal });
    assert.equal(tally.lines, 0);
  });
});
