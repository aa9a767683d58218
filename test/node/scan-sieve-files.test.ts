import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { scanLogs, sievedScanLogs } from '@robots-lens/replay';
import type { AuditSummary } from '@robots-lens/replay';
import type { CarriedState } from '@robots-lens/replay/shards';
import { inspectLogFile, logInput, scanLogFiles } from '../../server/src/node/log-reader';
import { clf } from '../support/clf-time';
import { SCAN_AGENTS, SCAN_OPTIONS, SCAN_T0 } from '../support/scan-fixtures';

/**
 * `scanLogFiles` (sieved, and in full again when the sieve cannot be exact) against the
 * full scan of the same file, read from disk: plain and gzip, with LF, CRLF, CR-only and
 * mixed line ends, lines over many of the reader's chunks, unreadable lines, and
 * User-Agents that only mention robots.txt or crawlers.
 */

const T0 = SCAN_T0;
const OPTIONS = SCAN_OPTIONS;
const AGENTS = SCAN_AGENTS;
const PATHS = ['/robots.txt', '/robots.txt', '/', '/a?b=robots.txt', '/a?b=/robots.txt', '/robots\\x2etxt', '/x/y'];
const STATUSES = ['200', '304', '404', '503', '429'];
const END = ['\n', '\r\n', '\r'];

const entry = fc.record({
  second: fc.nat({ max: 3000 }),
  agent: fc.nat({ max: AGENTS.length - 1 }),
  path: fc.nat({ max: PATHS.length - 1 }),
  status: fc.nat({ max: STATUSES.length - 1 }),
  end: fc.nat({ max: 2 }),
  broken: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});


/** What `replay-scan` writes and prints of a scan. */
function written(r: { state: CarriedState; summary: AuditSummary }): unknown {
  const s = r.summary;
  return { state: r.state, lines: s.totals.lines, requests: s.totals.requests, files: s.files, failures: s.parseFailures };
}

describe('scanLogFiles (sieved)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-scan-sieve-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;

  test('gives the full scan of the same file, plain or gzip, whatever its line ends', async () => {
    let runs = 0;
    let exact = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 400 }), fc.boolean(), fc.nat({ max: 40 }), async (entries, gzip, padding) => {
        // A long referer makes a few hundred lines span many of the reader's 64 KiB texts.
        const referer = `http://example.com/${'r'.repeat(padding * 50)}`;
        const text = entries
          .map((e, i) => {
            // Mostly in order; now and then later than the reorder window (a minute).
            const l = `198.51.100.${e.agent} - - [${clf(T0 + (i * 5 + (e.second % 90)) * 1000)}] "GET ${PATHS[e.path]} HTTP/1.1" ${STATUSES[e.status]} 99 "${referer}" "${AGENTS[e.agent]}"`;
            return (e.broken ? l.slice(0, 30) : l) + END[e.end];
          })
          .join('');
        const file = join(dir, `log-${n++}.log${gzip ? '.gz' : ''}`);
        writeFileSync(file, gzip ? gzipSync(Buffer.from(text)) : text);
        const sieved = await scanLogFiles([file], OPTIONS);
        const full = await scanLogs([logInput(await inspectLogFile(file))], { ...OPTIONS, mergeFiles: true });
        assert.deepEqual(written(sieved), written(full));
        runs++;
        if ((await sievedScanLogs([logInput(await inspectLogFile(file))], { ...OPTIONS, mergeFiles: true })) !== undefined) exact++;
      }),
      { numRuns: 60 },
    );
    // Not vacuous: most of these files are scanned sieved, not again in full.
    assert.ok(exact > runs / 2, `${exact} of ${runs} runs were sieved`);
  });

  // A truncated gzip warns once, whether the sieved scan stands or is done again in full.
  const robotsLine = (second: number, status: string): string => `198.51.100.1 - - [${clf(T0 + second * 1000)}] "GET /robots.txt HTTP/1.1" ${status} 9 "-" "${AGENTS[0]}"`;
  const cases: [string, string[]][] = [
    ['sieved', [robotsLine(1, '200'), robotsLine(2, '503')]],
    ['done again in full (a late fetch passes a waiting one)', [robotsLine(100, '200'), `198.51.100.9 - - [${clf(T0 + 300_000)}] "GET / HTTP/1.1" 200 9 "-" "${AGENTS[5]}"`, robotsLine(10, '503')]],
  ];
  for (const [name, lines] of cases) {
    test(`a damaged gzip's warning is given once: ${name}`, async () => {
      const whole = gzipSync(Buffer.from(lines.map((l) => l + '\n').join('').repeat(50)));
      const file = join(dir, `cut-${n++}.log.gz`);
      writeFileSync(file, whole.subarray(0, whole.length - 6));
      const warnings: string[] = [];
      const sieved = await scanLogFiles([file], { ...OPTIONS, onWarning: (m) => warnings.push(m) });
      const full = await scanLogs([logInput(await inspectLogFile(file))], { ...OPTIONS, mergeFiles: true });
      assert.deepEqual(written(sieved), written(full));
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0]!, /gzip stream ends early/);
    });
  }
});
