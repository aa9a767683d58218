import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { AuditRecord, AuditSummary, ReplayProgress } from '@robots-lens/replay';
import { InputError } from '../../server/src/node/files';
import { firstRequestTime, inspectLogFile, logInput, replayLogFiles } from '../../server/src/node/log-reader';

const ROOT = join(__dirname, '..', '..');
const EXAMPLE_LOG = join(ROOT, 'examples', 'access.log');
const ROBOTS = parseRobots(readFileSync(join(ROOT, 'examples', 'robots.txt')));
const VERSIONS = [{ label: 'robots.txt', effective: null, source: 'examples/robots.txt', file: ROBOTS }];
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-logs-'));

async function replay(paths: string[], handlers: { onProgress?: (p: ReplayProgress) => void; signal?: AbortSignal; progressEvery?: number } = {}, warnings: string[] = []): Promise<{ summary: AuditSummary; records: AuditRecord[] }> {
  const records: AuditRecord[] = [];
  const summary = await replayLogFiles(paths, { versions: VERSIONS, onWarning: (w) => void warnings.push(w) }, { ...handlers, onRecord: (r) => void records.push(r) });
  return { summary, records };
}

describe('log files from disk', () => {
  test('a gzip log (detected by its magic bytes, whatever its name) gives the same records as the plain one', async () => {
    const gz = join(dir, 'access.log.1');
    writeFileSync(gz, gzipSync(readFileSync(EXAMPLE_LOG)));
    assert.equal((await inspectLogFile(gz)).gzip, true);
    assert.equal((await inspectLogFile(EXAMPLE_LOG)).gzip, false);
    const plain = await replay([EXAMPLE_LOG]);
    const zipped = await replay([gz]);
    assert.equal(zipped.summary.totals.lines, 4008);
    assert.deepEqual(
      zipped.records.map((r) => ({ ...r, file: '' })),
      plain.records.map((r) => ({ ...r, file: '' })),
    );
  });

  test('chunks are cut anywhere but inside a UTF-8 character; lines straddling chunks are joined', async () => {
    const path = join(dir, 'utf8.log');
    const line = (i: number) => `1.2.3.4 - - [23/Nov/2026:00:00:03 +0000] "GET /caf\u00e9/${i}/${'ツ'.repeat(i % 7)} HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compatible; Bot\u00e9/1.0)"`;
    writeFileSync(path, Array.from({ length: 20_000 }, (_, i) => line(i)).join('\n') + '\n');
    const chunks: string[] = [];
    for await (const chunk of logInput(await inspectLogFile(path)).chunks) chunks.push(chunk);
    assert.ok(chunks.length > 1, `${chunks.length} chunks`);
    assert.equal(chunks.join(''), readFileSync(path, 'utf8'));
    assert.ok(chunks.every((c) => !c.includes('\uFFFD')));
    const { records } = await replay([path]);
    assert.equal(records.length, 20_000);
    assert.equal(records[13]!.url, `/caf\u00e9/13/${'ツ'.repeat(6)}`);
  });

  test('a raw byte that is not UTF-8 is replayed as that octet, in a plain and a gzip log', async () => {
    const robots = parseRobots('User-agent: *\nDisallow: /caf%E9\n');
    const versions = [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: robots }];
    const line = (path: Buffer) => Buffer.concat([Buffer.from('1.2.3.4 - - [23/Nov/2026:00:00:03 +0000] "GET '), path, Buffer.from(' HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compatible; Bot/1.0)"\n')]);
    const bytes = Buffer.concat([line(Buffer.from([0x2f, 0x63, 0x61, 0x66, 0xe9])), line(Buffer.from('/caf\u00e9'))]);
    const plain = join(dir, 'latin1.log');
    const zipped = join(dir, 'latin1.log.gz');
    writeFileSync(plain, bytes);
    writeFileSync(zipped, gzipSync(bytes));
    for (const path of [plain, zipped]) {
      const records: AuditRecord[] = [];
      await replayLogFiles([path], { versions }, { onRecord: (r) => void records.push(r) });
      // The stray E9 is /caf%E9, which the rule blocks; UTF-8 é is /caf%C3%A9, which it does not.
      assert.deepEqual(records.map((r) => [r.url, r.allowed]), [['/caf\udce9', false], ['/caf\u00e9', true]], path);
    }
  });

  test('a truncated gzip keeps what was read and warns', async () => {
    const path = join(dir, 'cut.log.gz');
    const full = gzipSync(readFileSync(EXAMPLE_LOG));
    writeFileSync(path, full.subarray(0, Math.floor(full.length * 0.6)));
    const warnings: string[] = [];
    const { summary } = await replay([path], {}, warnings);
    assert.ok(summary.totals.lines > 1000 && summary.totals.lines < 4008, String(summary.totals.lines));
    assert.match(warnings.join(), /gzip stream ends early/);
  });

  test('an unreadable gzip is an input error', async () => {
    const bad = join(dir, 'bad.log.gz');
    writeFileSync(bad, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not deflate data at all, really not')]));
    await assert.rejects(() => replay([bad]), (e: unknown) => e instanceof InputError && /not a readable gzip file/.test(e.message));
  });

  test('rotated files given out of order are replayed in time order', async () => {
    const lines = readFileSync(EXAMPLE_LOG, 'utf8').split('\n');
    const first = join(dir, 'access.log.2.gz');
    const second = join(dir, 'access.log.1');
    writeFileSync(first, gzipSync(lines.slice(0, 2000).join('\n') + '\n'));
    writeFileSync(second, lines.slice(2000).join('\n'));
    assert.equal(await firstRequestTime(await inspectLogFile(first)), Date.parse('2026-11-23T00:00:03Z'));
    const warnings: string[] = [];
    const { summary, records } = await replay([second, first], {}, warnings);
    assert.deepEqual(summary.files.map((f) => f.name), [first, second]);
    assert.match(warnings.join(), /order of their first request/);
    assert.deepEqual(records.map((r) => r.time), [...records.map((r) => r.time)].sort());
  });

  test('rotated files are merged by time but read one after another: a later file is not opened before the earlier is read up to its first request', async () => {
    const lines = readFileSync(EXAMPLE_LOG, 'utf8').split('\n').filter((l) => l !== '');
    const older = join(dir, 'rotated.log.1');
    const newer = join(dir, 'rotated.log');
    writeFileSync(older, lines.slice(0, 2000).join('\n') + '\n');
    writeFileSync(newer, lines.slice(2000).join('\n') + '\n');
    const reports: ReplayProgress[] = [];
    const summary = await replayLogFiles([newer, older], { versions: VERSIONS }, { onProgress: (p) => void reports.push(p), progressEvery: 200 });
    assert.deepEqual(summary.files.map((f) => f.name), [older, newer]);
    assert.deepEqual(reports.map((p) => p.fileIndex), [...reports.map((p) => p.fileIndex)].sort());
    assert.ok(reports.filter((p) => p.fileIndex === 1).every((p) => p.lines > 2000), 'the newer file is read once the older is');
    assert.equal(summary.totals.violations, (await replay([EXAMPLE_LOG])).summary.totals.violations);
  });

  test('a hundred and twenty rotated files are replayed in time order with the figures of the one log they were cut from, without one descriptor held open for each', async () => {
    const lines = readFileSync(EXAMPLE_LOG, 'utf8').split('\n').filter((l) => l !== '');
    const size = Math.floor(lines.length / 120);
    const parts = Array.from({ length: 120 }, (_, k) => {
      const path = join(dir, `many.log.${120 - k}${k % 3 === 0 ? '.gz' : ''}`);
      const text = lines.slice(k * size, k === 119 ? lines.length : (k + 1) * size).join('\n') + '\n';
      writeFileSync(path, k % 3 === 0 ? gzipSync(text) : text);
      return path;
    });
    // Given newest first, as a shell lists access.log.1 … access.log.120 by name.
    const given = [...parts].reverse();
    const reports: ReplayProgress[] = [];
    const records: AuditRecord[] = [];
    // One format for all: detected file by file, a short part's few malformed lines could read otherwise.
    const descriptors = (): number => readdirSync('/proc/self/fd').length;
    const before = descriptors();
    let mostOpen = 0;
    const onProgress = (p: ReplayProgress): void => {
      reports.push(p);
      mostOpen = Math.max(mostOpen, descriptors() - before);
    };
    const summary = await replayLogFiles(given, { versions: VERSIONS, format: 'combined' }, { onProgress, progressEvery: 10, onRecord: (r) => void records.push(r) });
    // The earliest 32 read on from their peek; the others were closed (a file's descriptor a
    // moment after its reading ends) and are opened in turn. Held open, all 120 would be.
    assert.ok(mostOpen > 0 && mostOpen <= 72, `${mostOpen} descriptors open at most`);
    assert.deepEqual(summary.files.map((f) => f.name), parts);
    assert.deepEqual(records.map((r) => r.time), [...records.map((r) => r.time)].sort());
    const wholePath = join(dir, 'many-whole.log');
    writeFileSync(wholePath, lines.join('\n') + '\n');
    const whole = await replayLogFiles([wholePath], { versions: VERSIONS, format: 'combined' });
    assert.deepEqual(
      [summary.totals.lines, summary.totals.requests, summary.totals.violations, summary.totals.crawlerRequests],
      [whole.totals.lines, whole.totals.requests, whole.totals.violations, whole.totals.crawlerRequests],
    );
    // Every reading ended, every descriptor closed: a gzip reading closed after its peek once
    // kept its file open. (Closing is asynchronous: wait for the count, with a deadline.)
    const deadline = Date.now() + 10_000;
    while (descriptors() > before && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    assert.ok(descriptors() <= before, `${descriptors() - before} descriptors left open after the replay`);
    // Each file's bytes counted once, whether it was read on from its peek or read again.
    for (const [index, path] of parts.entries()) {
      const last = reports.filter((p) => p.fileIndex === index).at(-1);
      const bytesRead = last?.bytesRead;
      if (typeof bytesRead === 'number') assert.ok(bytesRead <= readFileSync(path).length, `${path}: ${bytesRead} bytes read`);
    }
  });

  test('progress reports bytes of the file', async () => {
    const reports: ReplayProgress[] = [];
    await replayLogFiles([EXAMPLE_LOG], { versions: VERSIONS }, { onProgress: (p) => void reports.push(p), progressEvery: 500 });
    const last = reports.at(-1)!;
    assert.equal(last.bytesTotal, readFileSync(EXAMPLE_LOG).length);
    assert.equal(last.bytesRead, last.bytesTotal);
    assert.ok(last.elapsedMs > 0);
  });

  test('progress over several files: lines only grow, bytes of each file up to its size, every line counted at the end', async () => {
    const second = join(dir, 'second.log');
    writeFileSync(second, readFileSync(EXAMPLE_LOG, 'utf8').split('\n').slice(0, 3000).join('\n') + '\n');
    const reports: ReplayProgress[] = [];
    const summary = await replayLogFiles([EXAMPLE_LOG, second], { versions: VERSIONS, orderByTime: false }, { onProgress: (p) => void reports.push(p), progressEvery: 1000 });
    assert.ok(reports.length >= 4, `${reports.length} reports`);
    assert.ok(reports.every((p, i) => i === 0 || (p.lines >= reports[i - 1]!.lines && p.fileIndex >= reports[i - 1]!.fileIndex)));
    for (const [index, path] of [EXAMPLE_LOG, second].entries()) {
      const mine = reports.filter((p) => p.fileIndex === index);
      assert.ok(mine.every((p) => p.file === path && p.files === 2 && p.bytesTotal === readFileSync(path).length && p.bytesRead! <= p.bytesTotal!));
      assert.equal(mine.at(-1)!.bytesRead, mine.at(-1)!.bytesTotal);
    }
    assert.equal(reports.at(-1)!.lines, summary.totals.lines);
    assert.equal(reports.at(-1)!.requests, summary.totals.requests);
  });

  test('an aborted replay stops early and says so', async () => {
    const big = join(dir, 'big.log');
    const text = readFileSync(EXAMPLE_LOG, 'utf8');
    writeFileSync(big, text.repeat(20));
    const controller = new AbortController();
    const { summary } = await replay([big], { signal: controller.signal, onProgress: () => controller.abort(), progressEvery: 1000 });
    assert.equal(summary.cancelled, true);
    assert.ok(summary.totals.lines < 20 * 4008);
  });

  test('cancellation keeps what was judged: a prefix of the full replay', async () => {
    const big = join(dir, 'big.log');
    writeFileSync(big, readFileSync(EXAMPLE_LOG, 'utf8').repeat(20));
    const full = await replay([big]);
    const controller = new AbortController();
    const records: AuditRecord[] = [];
    const summary = await replayLogFiles([big], { versions: VERSIONS }, {
      signal: controller.signal,
      onRecord: (r) => {
        records.push(r);
        if (records.length === 3000) controller.abort();
      },
    });
    assert.equal(summary.cancelled, true);
    assert.ok(records.length >= 3000 && records.length < full.records.length, `${records.length} records`);
    assert.deepEqual(records, full.records.slice(0, records.length));
  });

  test('missing files and folders are input errors with one clear sentence', async () => {
    await assert.rejects(() => inspectLogFile(join(dir, 'nope.log')), (e: unknown) => e instanceof InputError && /no such log file/.test(e.message));
    await assert.rejects(() => inspectLogFile(dir), (e: unknown) => e instanceof InputError && /is a directory/.test(e.message));
  });
});
