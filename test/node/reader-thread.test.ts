import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { parseRobots } from '../../server/src/core';
import type { AuditRecord, AuditSummary, IpRangeList, ReplayProgress, RobotsVersion } from '../../server/src/core/audit';
import { InputError } from '../../server/src/node/files';
import { inspectLogFile, replayLogFiles } from '../../server/src/node/log-reader';
import type { ReplayFilesOptions } from '../../server/src/node/log-reader';
import { loadRangeLists } from '../../server/src/node/ranges';
import { BATCHES_AHEAD, ReaderThread, readerThreadPays } from '../../server/src/node/reader-thread';
import { waitFor } from '../e2e/suite/wait';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'replay');
const EXAMPLE_LOG = join(ROOT, 'examples', 'access.log');
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-reader-thread-'));
/** A multiple of the reader's read and text sizes: logs here are many chunks long, and lines are cut at chunk ends. */
const CHUNK = 1 << 19;

const T0 = Date.parse('2026-11-23T00:00:00Z');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const version = (label: string, effective: number | null, text: string): RobotsVersion => ({ label, effective, source: label, file: parseRobots(text) });
const VERSIONS = [
  version('v1', null, 'User-agent: *\nDisallow: /cart/\nDisallow: /search\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n'),
  version('v2', T0 + 3_600_000, 'User-agent: *\nDisallow: /cart/\nAllow: /search\nDisallow: /blog/\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /private/\n'),
];

function clfTime(ms: number): string {
  const d = new Date(ms);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p2 = (n: number): string => String(n).padStart(2, '0');
  return `${p2(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
}

/**
 * A combined log with everything the replay reacts to: verified and spoofed crawlers,
 * robots.txt fetches answered 200/404/429/503, Crawl-delay gaps, a rules change (grace),
 * browsers, tools, no User-Agent, escaped quotes (in targets too), vhost prefixes, non-ASCII targets, blank
 * and malformed lines, CRLF endings and a few very long lines. Deterministic.
 */
function variedLog(lines: number, seed = 1): string {
  let state = seed;
  const next = (n: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const clients: [ip: string, ua: string][] = [
    ['66.249.66.1', GOOGLEBOT],
    ['203.0.113.9', GOOGLEBOT],
    ['157.55.39.12', BINGBOT],
    ['20.15.240.64', GPTBOT],
    ['93.184.216.34', CHROME],
    ['198.51.100.7', CHROME],
    ['192.0.2.10', 'curl/8.5.0'],
    ['192.0.2.11', '-'],
    ['192.0.2.12', 'Say \\"hi\\" crawler/1.0'],
  ];
  // The last is logged escaped (`\"`, `\\`): both reading paths must unescape it alike.
  const paths = ['/', '/cart/checkout', '/search?q=boots', '/blog/2026/a-post', '/private/x', '/caf\u00e9/ツ', '/products/p-1?sort=asc', '/say/\\"hi\\"/a\\\\b'];
  const out: string[] = [];
  let time = T0;
  for (let i = 0; i < lines; i++) {
    time += next(4) * 1000;
    const r = next(100);
    if (r === 0) out.push('');
    else if (r === 1) out.push(`garbage line ${i} with "quotes" and [brackets`);
    else if (r === 2) out.push(`1.2.3.4 - - [${clfTime(time)}] "GET /cut HTTP/1.1" 200`);
    else {
      const [ip, ua] = clients[next(clients.length)]!;
      // robots.txt now and then, so that some crawlers still hold the old rules after the change.
      const path = next(400) === 0 ? '/robots.txt' : paths[next(paths.length)]!;
      const status = path === '/robots.txt' ? ['200', '404', '429', '503'][next(4)]! : ['200', '200', '301', '-'][next(4)]!;
      const longUa = r === 3 ? `${ua} ${'x'.repeat(3000)}` : ua;
      const line = `${ip} - - [${clfTime(time)}] "${r === 4 ? 'HEAD' : 'GET'} ${path} HTTP/1.1" ${status} ${next(90_000)} "-" "${longUa}"`;
      out.push(r === 5 ? `www.example.com:443 ${line}` : line);
    }
    if (r === 6) out[out.length - 1] += '\r';
  }
  return out.join('\n') + '\n';
}

let ranges: IpRangeList[] | undefined;
async function options(extra: Partial<ReplayFilesOptions> = {}): Promise<ReplayFilesOptions> {
  ranges ??= (await loadRangeLists(join(FIXTURES, 'ranges'))).lists;
  return { versions: VERSIONS, ranges, crawlDelay: 'claimed', graceMs: 30 * 60_000, ...extra };
}

interface Run {
  readonly records: AuditRecord[];
  readonly summary: AuditSummary;
  readonly warnings: string[];
}

async function run(paths: string[], readerThread: boolean, extra: Partial<ReplayFilesOptions> = {}, withRecords = true): Promise<Run> {
  const records: AuditRecord[] = [];
  const warnings: string[] = [];
  const summary = await replayLogFiles(
    paths,
    await options({ ...extra, readerThread, onWarning: (w) => void warnings.push(w) }),
    withRecords ? { onRecord: (r) => void records.push(r) } : {},
  );
  return { records, summary: { ...summary, elapsedMs: 0 }, warnings };
}

/** Replays in place and on the reader thread; both must say exactly the same. */
async function assertSame(paths: string[], extra: Partial<ReplayFilesOptions> = {}): Promise<Run> {
  const inPlace = await run(paths, false, extra);
  const threaded = await run(paths, true, extra);
  assert.equal(threaded.records.length, inPlace.records.length);
  assert.deepEqual(threaded.records, inPlace.records);
  assert.deepEqual(threaded.summary, inPlace.summary);
  assert.deepEqual(threaded.warnings, inPlace.warnings);
  // Without a record consumer the thread leaves out what the replay would not read.
  const summaryOnly = await run(paths, true, extra, false);
  assert.deepEqual(summaryOnly.summary, (await run(paths, false, extra, false)).summary);
  assert.deepEqual(summaryOnly.summary, inPlace.summary);
  return inPlace;
}

const VARIED = join(dir, 'varied.log');
writeFileSync(VARIED, variedLog(12_000));

describe('replay on a reader thread', () => {
  test('a varied combined log gives the same records, summary and warnings as the replay in place', async () => {
    assert.ok(readFileSync(VARIED).length > 4 * CHUNK);
    const { summary, records } = await assertSame([VARIED]);
    // The log exercises what it should.
    assert.ok(summary.totals.parseFailures > 100, `${summary.totals.parseFailures} failures`);
    assert.ok(summary.totals.spoofed > 0 && summary.totals.verified > 0);
    assert.ok(summary.totals.grace > 0, 'requests in grace');
    assert.ok(summary.crawlDelay !== null && summary.crawlDelay.violations > 0, 'Crawl-delay gaps');
    assert.ok(records.some((r) => r.state === 'unavailable') && records.some((r) => r.state === 'unreachable'), 'robots.txt 4xx and 5xx');
    assert.ok(records.some((r) => r.url === '/caf\u00e9/ツ'));
    assert.ok(records.some((r) => r.userAgent.length > 3000));
  });

  test('a multi-byte character cut by the chunk boundary, and a last line without a newline', async () => {
    const path = join(dir, 'straddle.log');
    const line = (i: number, path: string): string => `10.0.0.${i % 250} - - [${clfTime(T0 + i * 1000)}] "GET ${path} HTTP/1.1" 200 1 "-" "${GOOGLEBOT}"`;
    let text = '';
    for (let i = 0; Buffer.byteLength(text) < CHUNK - 400; i++) text += line(i, `/filler/${i}`) + '\n';
    // Put the three bytes of ツ across the end of the first chunk.
    const head = `10.0.0.1 - - [${clfTime(T0 + 999_000)}] "GET /`;
    const pad = CHUNK - 1 - Buffer.byteLength(text) - Buffer.byteLength(head);
    text += `${head}${'p'.repeat(pad)}ツ/x HTTP/1.1" 200 1 "-" "${GOOGLEBOT}"\n` + line(1000, '/last');
    writeFileSync(path, text);
    const { records } = await assertSame([path]);
    assert.ok(records.some((r) => r.url.endsWith('ツ/x')));
    assert.equal(records.at(-1)!.url, '/last');
  });

  test('gzip, several files in time order, and the other log formats', async () => {
    const lines = readFileSync(VARIED, 'utf8').split('\n');
    const early = join(dir, 'early.log.gz');
    const late = join(dir, 'late.log');
    writeFileSync(early, gzipSync(lines.slice(0, 6000).join('\n') + '\n'));
    writeFileSync(late, lines.slice(6000).join('\n'));
    const { summary, warnings } = await assertSame([late, early, EXAMPLE_LOG]);
    assert.deepEqual(summary.files.map((f) => f.name), [early, EXAMPLE_LOG, late]);
    assert.match(warnings.join(), /order of their first request/);

    const logs = join(FIXTURES, 'logs');
    for (const name of ['combined.log', 'common.log', 'nginx-extra.log', 'nginx.json.log', 'cloudflare.jsonl', 'iis-w3c.log', 'cloudfront.log', 'alb.log']) {
      await assertSame([join(logs, name)]);
    }
    await assertSame([join(logs, 'custom.json.log')], { format: 'json', jsonFields: { time: 'ts', ip: 'client.ip', request: 'req', status: 'code', userAgent: 'agent' } });
    await assertSame([join(logs, 'combined.log')], { format: 'common' });
  });

  test('a truncated gzip warns at the same point; an unreadable one is the same input error', async () => {
    const cut = join(dir, 'cut.log.gz');
    const full = gzipSync(readFileSync(VARIED));
    writeFileSync(cut, full.subarray(0, Math.floor(full.length * 0.6)));
    const { warnings, summary } = await assertSame([cut]);
    assert.match(warnings.join(), /gzip stream ends early/);
    assert.ok(summary.totals.lines > 1000);

    const bad = join(dir, 'bad.log.gz');
    writeFileSync(bad, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not deflate data at all, really not')]));
    const reasons: string[] = [];
    for (const readerThread of [false, true]) {
      await assert.rejects(
        () => run([bad], readerThread),
        (e: unknown) => {
          reasons.push(e instanceof InputError ? e.message : `not an input error: ${String(e)}`);
          return true;
        },
      );
    }
    assert.equal(reasons[1], reasons[0]);
    assert.match(reasons[0]!, /not a readable gzip file/);
  });

  test('cancellation stops the thread and keeps what was judged: a prefix of the full replay', async () => {
    const full = await run([VARIED], false);
    const controller = new AbortController();
    const records: AuditRecord[] = [];
    const summary = await replayLogFiles([VARIED], await options({ readerThread: true }), {
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

  test('progress: lines only grow, bytes of each file up to its size, every line counted at the end', async () => {
    const lines = readFileSync(VARIED, 'utf8').split('\n');
    const second = join(dir, 'second.log');
    writeFileSync(second, lines.slice(0, 3000).join('\n') + '\n');
    const reports: ReplayProgress[] = [];
    const summary = await replayLogFiles([VARIED, second], await options({ readerThread: true, orderByTime: false }), { onProgress: (p) => void reports.push(p), progressEvery: 1000 });
    // In batches of up to 8,192 requests: at least one report per batch past `progressEvery`, and one per file.
    assert.ok(reports.length >= 4, `${reports.length} reports`);
    assert.ok(reports.every((p, i) => i === 0 || (p.lines >= reports[i - 1]!.lines && p.fileIndex >= reports[i - 1]!.fileIndex)));
    for (const [index, path] of [VARIED, second].entries()) {
      const mine = reports.filter((p) => p.fileIndex === index);
      assert.ok(mine.every((p) => p.file === path && p.files === 2 && p.bytesTotal === readFileSync(path).length && p.bytesRead! <= p.bytesTotal!));
      assert.equal(mine.at(-1)!.bytesRead, mine.at(-1)!.bytesTotal);
    }
    assert.equal(reports.at(-1)!.lines, summary.totals.lines);
    assert.equal(reports.at(-1)!.requests, summary.totals.requests);
  });

  test('a slow record consumer holds the thread back: records stay in order, the worker stays a few batches ahead', async () => {
    const inPlace = await run([VARIED], false);
    const records: AuditRecord[] = [];
    await replayLogFiles([VARIED], await options({ readerThread: true }), {
      onRecord: async (r) => {
        if (r.logLine % 500 === 0) await sleep(1);
        records.push(r);
      },
    });
    assert.deepEqual(records, inPlace.records);

    const big = join(dir, 'big.log');
    writeFileSync(big, readFileSync(VARIED, 'utf8').repeat(6));
    const thread = new ReaderThread([{ info: await inspectLogFile(big), format: 'auto' }], { recordsWanted: true });
    try {
      const batches = thread.inputs[0]!.batches[Symbol.asyncIterator]();
      assert.equal((await batches.next()).done, false);
      // The consumer holds one batch's buffers and the worker the set it is filling: it sends
      // the others, then must wait (measured: it never gets further than this).
      await waitFor(() => thread.ahead >= BATCHES_AHEAD - 2, 20_000, 'the worker to send what its free buffers hold');
      assert.ok(thread.ahead <= BATCHES_AHEAD, `${thread.ahead} batches ahead`);
    } finally {
      await thread.close();
    }
  });

  test('auto: a thread for tens of megabytes of log text, and only with a core to spare', async () => {
    const cores = availableParallelism();
    const big = { path: 'big.log', bytes: 80 << 20, gzip: false };
    const zipped = { path: 'big.log.gz', bytes: 12 << 20, gzip: true };
    assert.equal(readerThreadPays([await inspectLogFile(EXAMPLE_LOG)], 0), false, 'a 1 MB log');
    assert.equal(readerThreadPays([{ ...big, bytes: 20 << 20 }], 0), false, 'a 20 MB log');
    assert.equal(readerThreadPays([big], 0), cores >= 2, 'an idle machine');
    assert.equal(readerThreadPays([zipped], 0), cores >= 2, 'gzip counts as the text inside');
    assert.equal(readerThreadPays([big], cores), false, 'a busy machine');
  });
});
