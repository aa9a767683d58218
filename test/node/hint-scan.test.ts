import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { scanLogs } from '@robots-lens/replay';
import { hintScanFiles } from '../../server/src/node/hint-scan';
import { inspectLogFile, logInput } from '../../server/src/node/log-reader';
import { clf } from '../support/clf-time';
import { SCAN_AGENTS, SCAN_OPTIONS, SCAN_T0 } from '../support/scan-fixtures';

/**
 * `replay-scan --hint` against the exact scan of the same file: the fetch states are the
 * exact ones whenever robots.txt is fetched as `/robots.txt` (the byte search finds every such
 * line, whatever the line ends and wherever the reads cut it), a Crawl-delay crawler's last
 * request is the exact one when it is in the tail read whole, and the hint never invents one.
 */

const T0 = SCAN_T0;
const OPTIONS = SCAN_OPTIONS;
const AGENTS = SCAN_AGENTS;
const PATHS = ['/robots.txt', '/robots.txt', '/', '/a?b=robots.txt', '/a?b=/robots.txt', '/x/y'];
const STATUSES = ['200', '304', '404', '503', '429'];
const END = ['\n', '\r\n', '\r'];

const entry = fc.record({
  agent: fc.nat({ max: AGENTS.length - 1 }),
  path: fc.nat({ max: PATHS.length - 1 }),
  status: fc.nat({ max: STATUSES.length - 1 }),
  end: fc.nat({ max: 2 }),
  broken: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

describe('replay-scan --hint (hintScanFiles)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-hint-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const write = (text: string | Buffer, gzip = false): string => {
    const file = join(dir, `log-${n++}.log${gzip ? '.gz' : ''}`);
    writeFileSync(file, gzip ? gzipSync(text) : text);
    return file;
  };
  const exactScan = async (file: string) => (await scanLogs([logInput(await inspectLogFile(file))], { ...OPTIONS, mergeFiles: true })).state;

  test('finds every robots.txt fetch, and the last requests of the crawlers in its tail, whatever the line ends', async () => {
    let hinted = 0;
    let missed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 300 }), fc.nat({ max: 40 }), fc.integer({ min: 100, max: 1500 }), fc.integer({ min: 100, max: 1500 }), async (entries, padding, headBytes, tailBytes) => {
        // A long referer makes lines cross the reads (1 MiB) only with many lines; short spans cross lines anywhere.
        const referer = `http://example.com/${'r'.repeat(padding * 5)}`;
        const text = entries
          .map((e, i) => {
            const l = `198.51.100.${e.agent} - - [${clf(T0 + i * 7000)}] "GET ${PATHS[e.path]} HTTP/1.1" ${STATUSES[e.status]} 99 "${referer}" "${AGENTS[e.agent]}"`;
            return (e.broken ? l.slice(0, 30) : l) + END[e.end];
          })
          .join('');
        const file = write(text);
        const hint = await hintScanFiles([file], OPTIONS, { headBytes, tailBytes: () => tailBytes });
        const exact = await exactScan(file);
        if (!hint.hinted) {
          assert.deepEqual(hint.state, exact);
          return;
        }
        hinted++;
        assert.deepEqual(hint.state.fetches, exact.fetches);
        // A last request it read is one the crawler made: never invented, never later than the exact one.
        for (const [id, last] of Object.entries(hint.state.lastRequest)) {
          const truth = exact.lastRequest[id];
          assert.ok(truth !== undefined && last.claimed !== null && last.claimed <= truth.claimed!, id);
        }
        // The tail read whole: a crawler whose last request is in it has the exact one.
        const tail = readFileSync(file).subarray(-tailBytes).toString('latin1');
        const tailLines = tail.slice(tail.search(/[\r\n]/) + 1).split(/\r\n|\r|\n/);
        for (const [id, truth] of Object.entries(exact.lastRequest)) {
          if (tailLines.some((l) => l.includes(clf(truth.claimed!)) && l.toLowerCase().includes(id))) assert.equal(hint.state.lastRequest[id]?.claimed, truth.claimed, id);
        }
        if (JSON.stringify(exact.lastRequest) !== JSON.stringify(hint.state.lastRequest)) missed++;
        // Its times are of the lines it read: inside the shard's, never outside (replay --after refuses scans that reach past a shard's start).
        assert.ok(hint.state.last === null || (hint.state.last <= exact.last! && hint.state.first! >= exact.first!));
      }),
      { numRuns: 120, seed: 39 },
    );
    // Not vacuous: most files were hinted, and some hints missed a crawler absent from their tail.
    assert.ok(hinted > 60 && missed > 0, `${hinted} hinted, ${missed} missed a crawler`);
  });

  test('a line cut by two reads is found: robots.txt fetches around every 1 MiB boundary', async () => {
    const line = (i: number, path: string): string => `198.51.100.1 - - [${clf(T0 + i * 1000)}] "GET ${path} HTTP/1.1" ${i % 3 === 0 ? '503' : '200'} 99 "-" "${AGENTS[0]}"\n`;
    const lines: string[] = [];
    for (let i = 0, bytes = 0; bytes < 3.5 * (1 << 20); i++) {
      lines.push(line(i, i % 37 === 0 ? '/robots.txt' : `/page/${'p'.repeat(i % 200)}`));
      bytes += lines[i]!.length;
    }
    const file = write(lines.join(''));
    const hint = await hintScanFiles([file], OPTIONS, { headBytes: 1000, tailBytes: () => 1000 });
    assert.equal(hint.hinted, true);
    assert.deepEqual(hint.state.fetches, (await exactScan(file)).fetches);
  });

  test('small and gzip logs get the exact scan, said to be no hint', async () => {
    const text = `198.51.100.1 - - [${clf(T0)}] "GET /robots.txt HTTP/1.1" 503 9 "-" "${AGENTS[1]}"\n`.repeat(3000);
    for (const file of [write(text.slice(0, 200)), write(text, true)]) {
      const hint = await hintScanFiles([file], OPTIONS, { headBytes: 100, tailBytes: () => 100 });
      assert.equal(hint.hinted, false, file);
      assert.deepEqual(hint.state, await exactScan(file));
    }
  });
});
