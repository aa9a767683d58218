import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRobots } from '@robots-lens/kernel/parse';
import { AuditSession, csvHeader, csvRow, jsonLine, replayLogs } from '@robots-lens/replay';
import type { AuditRecord, AuditSummary, LogInput, ReplayOptions, ReplayProgress } from '@robots-lens/replay';
import { chunked } from '../support/chunks';

const ROOT = join(__dirname, '..', '..');
const EXAMPLE_LOG = readFileSync(join(ROOT, 'examples', 'access.log'), 'utf8');
const EXAMPLE_ROBOTS = parseRobots(readFileSync(join(ROOT, 'examples', 'robots.txt')));
const LOGS = join(__dirname, '..', 'fixtures', 'replay', 'logs');
const OPTIONS: ReplayOptions = { versions: [{ label: 'robots.txt', effective: null, source: 'examples/robots.txt', file: EXAMPLE_ROBOTS }], crawlDelay: 'claimed' };

async function run(inputs: LogInput[], options: ReplayOptions = OPTIONS): Promise<{ records: AuditRecord[]; summary: AuditSummary }> {
  const records: AuditRecord[] = [];
  const summary = await replayLogs(inputs, options, { onRecord: (r) => void records.push(r) });
  return { records, summary };
}

const withoutClock = (s: AuditSummary) => ({ ...s, elapsedMs: 0 });

describe('replay: streaming', () => {
  test('any split of the text into chunks gives the same records and summary', async () => {
    const whole = await run([{ name: 'access.log', chunks: [EXAMPLE_LOG] }]);
    assert.equal(whole.records.length, 4004);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 40 }), async (cuts) => {
        const split = await run([{ name: 'access.log', chunks: chunked(EXAMPLE_LOG, cuts) }]);
        assert.deepEqual(split.records, whole.records);
        assert.deepEqual(withoutClock(split.summary), withoutClock(whole.summary));
      }),
      { numRuns: 15 },
    );
  });

  test('without a record consumer (browsers only counted, their strings never cut) the summary is the same', async () => {
    const withRecords = await run([{ name: 'access.log', chunks: chunked(EXAMPLE_LOG, [70_000, 300_001]) }]);
    const summaryOnly = await replayLogs([{ name: 'access.log', chunks: chunked(EXAMPLE_LOG, [70_000, 300_001]) }], OPTIONS);
    assert.ok(withRecords.summary.clients.browsers > 100, `${withRecords.summary.clients.browsers} browser requests`);
    assert.deepEqual(withoutClock(summaryOnly), withoutClock(withRecords.summary));
  });

  test('CRLF line ends and a last line without a newline', async () => {
    const text = EXAMPLE_LOG.split('\n').slice(0, 20).join('\r\n');
    const { records, summary } = await run([{ name: 'crlf.log', chunks: [text] }]);
    assert.equal(summary.totals.lines, 20);
    assert.equal(records.length, 20);
    assert.ok(records.every((r) => !r.userAgent.endsWith('\r')));
  });

  test('progress is reported with lines and the source bytes', async () => {
    const seen: ReplayProgress[] = [];
    const chunks = chunked(EXAMPLE_LOG, Array.from({ length: 20 }, (_, i) => (i + 1) * 50_000));
    let read = 0;
    const input: LogInput = {
      name: 'access.log',
      chunks: (function* () {
        for (const c of chunks) {
          read += c.length;
          yield c;
        }
      })(),
      progress: () => ({ bytesRead: read, bytesTotal: EXAMPLE_LOG.length }),
    };
    await replayLogs([input], OPTIONS, { onProgress: (p) => void seen.push(p), progressEvery: 1000 });
    assert.ok(seen.length >= 4, `${seen.length} reports`);
    assert.deepEqual(seen.at(-1), { file: 'access.log', fileIndex: 0, files: 1, lines: 4008, requests: 4004, parseFailures: 4, bytesRead: EXAMPLE_LOG.length, bytesTotal: EXAMPLE_LOG.length, elapsedMs: 0 });
    assert.ok(seen.every((p, i) => i === 0 || p.lines >= seen[i - 1]!.lines));
  });

  test('cancellation stops between chunks and marks the summary', async () => {
    const controller = new AbortController();
    let records = 0;
    const summary = await replayLogs([{ name: 'access.log', chunks: chunked(EXAMPLE_LOG, [50_000, 100_000, 150_000, 200_000]) }], OPTIONS, {
      signal: controller.signal,
      onRecord: () => {
        if (++records === 100) controller.abort();
      },
    });
    assert.equal(summary.cancelled, true);
    assert.ok(summary.totals.requests < 4004);
    assert.ok(summary.totals.requests >= 100);
  });

  test('a slow record consumer pauses the replay; order is kept', async () => {
    const order: number[] = [];
    await replayLogs([{ name: 'a.log', chunks: [EXAMPLE_LOG.split('\n').slice(0, 50).join('\n')] }], OPTIONS, {
      onRecord: async (r) => {
        await new Promise((resolve) => setTimeout(resolve, r.logLine % 3));
        order.push(r.logLine);
      },
    });
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
    assert.equal(order.length, 50);
  });

  test('several files: format detected per file, summary per file, line numbers per file', async () => {
    const { records, summary } = await run(
      [
        { name: 'combined.log', chunks: [readFileSync(join(LOGS, 'combined.log'), 'utf8')] },
        { name: 'iis-w3c.log', chunks: [readFileSync(join(LOGS, 'iis-w3c.log'), 'utf8')] },
        { name: 'cloudflare.jsonl', chunks: [readFileSync(join(LOGS, 'cloudflare.jsonl'), 'utf8')] },
      ],
      { ...OPTIONS, origin: 'https://www.example-shop.test' },
    );
    assert.deepEqual(summary.files.map((f) => [f.name, f.format, f.requests, f.parseFailures]), [
      ['combined.log', 'combined', 5, 1],
      ['iis-w3c.log', 'w3c', 3, 1],
      ['cloudflare.jsonl', 'cloudflare', 3, 0],
    ]);
    assert.match(summary.files[0]!.formatSource, /^detected: 5 of 6 sample lines$/);
    assert.deepEqual(records.filter((r) => r.file === 'iis-w3c.log').map((r) => r.logLine), [5, 6, 7]);
    // The Cloudflare line for cdn.example-shop.test is on another origin.
    const cdn = records.find((r) => r.file === 'cloudflare.jsonl' && r.url === '/checkout/')!;
    assert.equal(cdn.allowed, null);
    assert.equal(cdn.reason, 'other-origin');
    assert.deepEqual(summary.parseFailures.samples.map((s) => [s.file, s.line]), [['combined.log', 6], ['iis-w3c.log', 8]]);
  });

  test('a format given explicitly is used without detection', async () => {
    const { summary } = await run([{ name: 'c.log', chunks: [readFileSync(join(LOGS, 'combined.log'), 'utf8')], format: 'json' }]);
    assert.equal(summary.files[0]!.formatSource, 'given');
    assert.equal(summary.totals.parseFailures, 6);
  });
});

describe('replay: the example log', () => {
  test('summary is JSON data and adds up', async () => {
    const { records, summary } = await run([{ name: 'access.log', chunks: [EXAMPLE_LOG] }]);
    assert.deepEqual(JSON.parse(JSON.stringify(summary)), summary);
    assert.equal(summary.totals.lines, 4008);
    assert.equal(summary.totals.parseFailures, 4);
    assert.equal(summary.totals.requests, 4004);
    const rows = summary.crawlers;
    assert.equal(rows.reduce((n, r) => n + r.requests, 0), summary.totals.crawlerRequests);
    for (const r of rows) assert.equal(r.allowed + r.disallowed + r.grace + r.notApplicable, r.requests, r.crawler);
    assert.equal(summary.totals.crawlerRequests + summary.clients.browsers + summary.clients.otherClients + summary.clients.noUserAgent, summary.totals.requests);
    assert.equal(records.filter((r) => r.violation).length, summary.totals.violations);
    assert.equal(summary.timeline.reduce((n, h) => n + h.requests, 0), summary.totals.requests);
    assert.equal(summary.period.first, '2026-11-23T00:00:03Z');
    assert.equal(summary.period.last, '2026-11-25T23:59:11Z');
  });

  test("where Google's literal percent-escape reading would differ, the record says so (RFC verdict kept)", async () => {
    const { records, summary } = await run([{ name: 'access.log', chunks: [EXAMPLE_LOG] }]);
    const differing = records.filter((r) => r.googleLiteral);
    assert.deepEqual(differing.map((r) => [r.crawler, r.url, r.allowed, r.line, r.rule, r.googleLiteral]), [
      ['AhrefsBot', '/blog/drafts/2027-spring-lookbook', false, 30, 'Disallow: /%62log/drafts/', { allowed: true, line: null }],
    ]);
    assert.equal(summary.totals.googleLiteralDifferences, 1);
  });

  test('top disallowed paths are ranked by count', async () => {
    const { summary } = await run([{ name: 'access.log', chunks: [EXAMPLE_LOG] }]);
    const counts = summary.topDisallowed.map((p) => p.requests);
    assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
    assert.ok(summary.topDisallowed.every((p) => p.violations + p.spoofed <= p.requests));
  });
});

describe('exports', () => {
  const base: AuditRecord = {
    file: 'a.log', logLine: 3, time: '2026-11-23T00:00:03Z', ip: '1.2.3.4', method: 'GET', url: '/a,b?x="y"', status: 200,
    userAgent: '=HYPERLINK("http://evil")', client: 'other-client', crawler: null, agent: 'HYPERLINK', verification: 'not-applicable',
    evidence: null, allowed: true, line: null, rule: null, group: '*', state: 'rules', reason: 'no-matching-rule', version: 'r',
    violation: false, robotsFetch: false,
  };

  test('CSV: header, quoting, and formula-looking cells neutralised', () => {
    assert.match(csvHeader(), /^time,ip,method,url,status,client,crawler/);
    const row = csvRow(base);
    assert.equal(row.split(',').length >= csvHeader().split(',').length, true);
    assert.ok(row.includes('"/a,b?x=""y"""'), row);
    assert.ok(row.includes(`"'=HYPERLINK(""http://evil"")"`), row);
    assert.ok(row.endsWith(',a.log,3'));
  });

  test('CSV: a formula after leading spaces or in full-width form is guarded too', () => {
    const cases: [string, string][] = [
      [' =HYPERLINK("x")', `"' =HYPERLINK(""x"")"`],
      ['  +1+1', `'  +1+1`],
      ['\u3000-2', `'\u3000-2`],
      ['\uff1d1+1', `'\uff1d1+1`],
      ['\uff0bcmd', `'\uff0bcmd`],
      ['\uff0d1', `'\uff0d1`],
      ['\uff20SUM(A1)', `'\uff20SUM(A1)`],
      [' plain words', ' plain words'],
      ['Mozilla/5.0 (compatible; a-b=c)', 'Mozilla/5.0 (compatible; a-b=c)'],
    ];
    for (const [userAgent, cell] of cases) {
      const row = csvRow({ ...base, userAgent });
      assert.ok(row.includes(`,${cell},a.log,3`), `${JSON.stringify(userAgent)} → ${row}`);
    }
  });

  test('JSON lines are the record', () => {
    assert.deepEqual(JSON.parse(jsonLine(base)), base);
  });
});

describe('replay: session API', () => {
  test('a megabyte-long "line" without a newline is read and rejected, not kept growing', () => {
    const session = new AuditSession(OPTIONS);
    const file = session.openFile('garbage.log');
    const junk = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 40; i++) session.feedFile(file, junk);
    session.feedFile(file, '\n' + EXAMPLE_LOG.split('\n')[0] + '\n');
    session.closeFile(file);
    const s = session.summary();
    assert.equal(s.totals.requests, 1);
    // One line over the limit is one unparsed line, never pieces (issue 14 item 3).
    assert.equal(s.totals.parseFailures, 1);
    assert.equal(s.totals.lines, 2);
    assert.ok(s.parseFailures.samples.every((x) => x.text.length <= 301));
  });

  test('openFile/feedFile/closeFile/summary without the driver; a file with only a header line', () => {
    const session = new AuditSession(OPTIONS);
    const file = session.openFile('empty.log');
    session.feedFile(file, '#Version: 1.0\n');
    session.closeFile(file);
    const s = session.summary();
    assert.equal(s.totals.lines, 1);
    assert.equal(s.totals.requests, 0);
    assert.equal(s.files[0]!.format, 'w3c');
  });
});
