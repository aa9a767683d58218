import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { batchBuffers, LogLineReader, RequestBatchReader, RequestBatchWriter } from '../../server/src/core/audit';
import type { JsonFieldNames, LogFormat, LogLineSink, LogRequest, RequestBatch } from '../../server/src/core/audit';
import { MAX_BATCH_CHARS } from '../../server/src/core/audit/request-batch';
import { chunked } from '../support/chunks';

const ROOT = join(__dirname, '..', '..');
const LOGS = join(ROOT, 'test', 'fixtures', 'replay', 'logs');
const EXAMPLE_LOG = readFileSync(join(ROOT, 'examples', 'access.log'), 'utf8');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Event = readonly ['format', LogFormat, string] | readonly ['request', LogRequest, number] | readonly ['failure', number, string, string];

/** A sink that writes down what it is told, with the lines counted when the last event came. */
class Recorder implements LogLineSink {
  readonly events: Event[] = [];
  lines = 0;
  formatChosen(format: LogFormat, source: string): void {
    this.events.push(['format', format, source]);
  }
  linesRead(count: number): void {
    this.lines += count;
  }
  request(request: LogRequest, line: number): void {
    // A plain copy: the parsers' objects may carry views into the chunk.
    this.events.push(['request', { ...request }, line]);
  }
  parseFailure(line: number, text: string, reason: string): void {
    this.events.push(['failure', line, text.length > 300 ? text.slice(0, 300) + '…' : text, reason]);
  }
}

interface Options {
  readonly format?: LogFormat | 'auto';
  readonly jsonFields?: JsonFieldNames;
  readonly capacity?: number;
  readonly recordsWanted?: boolean;
}

/** What a `LogLineReader` tells a sink in place. */
function direct(chunks: readonly string[], options: Options = {}): Recorder {
  const recorder = new Recorder();
  const reader = new LogLineReader(recorder, options.jsonFields ? { jsonFields: options.jsonFields } : {});
  reader.begin(options.format ?? 'auto');
  for (const chunk of chunks) assert.equal(reader.feed(chunk), undefined);
  assert.equal(reader.end(), undefined);
  return recorder;
}

/** The same text through a writer, a structured clone (the thread boundary) and a reader. */
function batched(chunks: readonly string[], options: Options = {}): { recorder: Recorder; batches: number; sent: RequestBatch[] } {
  const capacity = options.capacity ?? 7;
  const batches: RequestBatch[] = [];
  const writer: RequestBatchWriter = new RequestBatchWriter(batchBuffers(capacity), () => void batches.push(structuredClone(writer.take(batchBuffers(capacity)))), {
    recordsWanted: options.recordsWanted ?? true,
  });
  const reader = new LogLineReader(writer, options.jsonFields ? { jsonFields: options.jsonFields } : {});
  reader.begin(options.format ?? 'auto');
  for (const chunk of chunks) assert.equal(reader.feed(chunk), undefined);
  assert.equal(reader.end(), undefined);
  batches.push(structuredClone(writer.take(batchBuffers(capacity))));
  const recorder = new Recorder();
  const replayer = new RequestBatchReader();
  replayer.beginFile();
  for (const batch of batches) assert.equal(replayer.replay(batch, recorder), undefined);
  return { recorder, batches: batches.length, sent: batches };
}

function assertSameEvents(chunks: readonly string[], options: Options = {}): void {
  const expected = direct(chunks, options);
  const { recorder } = batched(chunks, options);
  assert.deepEqual(recorder.events, expected.events);
  assert.equal(recorder.lines, expected.lines);
}

const clf = (ip: string, method: string, url: string, status: string, ua: string, time = '23/Nov/2026:00:00:03 +0000'): string =>
  `${ip} - - [${time}] "${method} ${url} HTTP/1.1" ${status} 512 "-" "${ua}"`;

/** Lines of every kind the combined/common parser meets, valid and not. */
const anyLine = fc.oneof(
  fc.record({
    ip: fc.constantFrom('66.249.66.1', '2001:db8::1', '10.0.0.7', '157.55.39.12'),
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'PROPFIND', 'get', 'BAD METHOD'),
    url: fc.oneof(fc.constantFrom('/', '/robots.txt', '/cart/', '/caf\u00e9/ツ', 'https://example.com/a?b=c', '/a%20b'), fc.string({ maxLength: 30 }).map((s) => `/${s.replace(/[\s"\\]/g, '')}`)),
    status: fc.constantFrom('200', '404', '503', '-', 'x'),
    ua: fc.oneof(fc.constantFrom(GOOGLEBOT, CHROME, '-', '', 'curl/8.5.0', 'Say \\"hi\\" bot', 'GPTBot/1.2'), fc.string({ maxLength: 20 }).map((s) => s.replace(/["\\\n\r]/g, ''))),
    vhost: fc.boolean(),
  }).map((r) => (r.vhost ? `www.example.com:443 ${clf(r.ip, r.method, r.url, r.status, r.ua)}` : clf(r.ip, r.method, r.url, r.status, r.ua))),
  fc.constantFrom('', '   ', 'garbage', '1.2.3.4 - - [23/Nov/2026:00:00:03 +0000] "GET /x HTTP/1.1" 200', '1.2.3.4 - - [99/Bad/2026:00:00:03 +0000] "GET / HTTP/1.1" 200 1 "-" "-"'),
  fc.string({ maxLength: 80 }).map((s) => s.replace(/\n/g, ' ')),
);

describe('request batches: what crosses to the judging thread', () => {
  test('any log, cut anywhere, batched in any size, gives the sink the same calls as reading it in place', () => {
    fc.assert(
      fc.property(
        fc.array(anyLine, { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.constantFrom<LogFormat | 'auto'>('auto', 'combined', 'common'),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('\n', '\r\n'),
        (lines, cuts, format, capacity, eol) => {
          assertSameEvents(chunked(lines.join(eol), cuts), { format, capacity });
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the example log, in chunks, with the default capacity', () => {
    const chunks = chunked(EXAMPLE_LOG, [100_000, 100_001, 524_288, 777_777]);
    assertSameEvents(chunks, { capacity: 8192 });
    const { batches } = batched(chunks, { capacity: 500 });
    assert.ok(batches > 8, `${batches} batches`);
  });

  test('every fixture format, including header-driven and JSON ones, gives the same calls', () => {
    const fixtures: [string, Options][] = [
      ['combined.log', {}],
      ['common.log', {}],
      ['nginx-extra.log', {}],
      ['nginx.json.log', {}],
      ['cloudflare.jsonl', {}],
      ['custom.json.log', { format: 'json', jsonFields: { time: 'ts', ip: 'client.ip', request: 'req', status: 'code', userAgent: 'agent' } }],
      ['iis-w3c.log', {}],
      ['cloudfront.log', {}],
      ['alb.log', {}],
    ];
    for (const [name, options] of fixtures) {
      const text = readFileSync(join(LOGS, name), 'utf8');
      assertSameEvents([text], { ...options, capacity: 3 });
    }
  });

  test('JSON fields that only some logs have (host, X-Robots-Tag) come through, and stay absent when absent', () => {
    const lines = [
      { time: '2026-11-23T00:00:03Z', remote_addr: '66.249.66.1', request: 'GET /a HTTP/1.1', status: 200, http_user_agent: GOOGLEBOT, host: 'www.example.com', x_robots_tag: 'noindex' },
      { time: '2026-11-23T00:00:04Z', remote_addr: '66.249.66.1', request: 'GET /b HTTP/1.1', status: 200, http_user_agent: GOOGLEBOT },
    ];
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    assertSameEvents([text], { format: 'json' });
    const events = batched([text], { format: 'json' }).recorder.events.filter((e) => e[0] === 'request');
    assert.equal((events[0]![1] as LogRequest).xRobotsTag, 'noindex');
    assert.equal((events[0]![1] as LogRequest).host, 'www.example.com');
    assert.equal('xRobotsTag' in (events[1]![1] as LogRequest), false);
  });

  test('more User-Agents than the table holds: slots are taken over and values sent again', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => clf('10.0.0.1', 'GET', `/p/${i % 97}`, '200', `Bot${i % 6000}/1.0 (+https://example.com/${i})`));
    assertSameEvents([lines.join('\n')], { capacity: 1000 });
  });

  test('without records, requests the replay only counts carry their time and User-Agent only', () => {
    const lines = [clf('10.0.0.1', 'GET', '/a', '200', CHROME), clf('66.249.66.1', 'GET', '/b', '404', GOOGLEBOT), clf('10.0.0.2', 'POST', '/c', '-', '-'), clf('10.0.0.3', 'GET', '/d', '200', 'curl/8.5.0')];
    const expected = direct([lines.join('\n')]).events;
    const got = batched([lines.join('\n')], { recordsWanted: false }).recorder.events;
    const requests = (events: Event[]): LogRequest[] => events.filter((e) => e[0] === 'request').map((e) => e[1] as LogRequest);
    const [browser, crawler, anonymous, tool] = requests(got);
    const [browser0, crawler0, , tool0] = requests(expected);
    assert.deepEqual(browser, { time: browser0!.time, ip: '', method: '', url: '', status: null, userAgent: CHROME, host: null });
    assert.deepEqual(anonymous, { time: browser0!.time, ip: '', method: '', url: '', status: null, userAgent: '-', host: null });
    assert.deepEqual(crawler, crawler0);
    assert.deepEqual(tool, tool0, 'other clients are judged by their token: all fields');
  });

  test('a batch is sent once it holds a few megabytes of text, whatever its number of requests', () => {
    const long = (i: number): string => clf('66.249.66.1', 'GET', `/${String(i).padStart(6, '0')}${'x'.repeat(300_000)}`, '200', GOOGLEBOT);
    const chunks = Array.from({ length: 40 }, (_, i) => long(i) + '\n');
    assertSameEvents(chunks, { capacity: 8192 });
    const { sent } = batched(chunks, { capacity: 8192 });
    assert.ok(sent.length >= 3, `${sent.length} batches`);
    assert.ok(sent.every((b) => b.packed.length < MAX_BATCH_CHARS + 300_100));
  });

  test('parse failures keep their line, reason and as much text as the summary shows', () => {
    const long = 'x'.repeat(5000);
    const text = [long, clf('10.0.0.1', 'GET', '/a', '200', GOOGLEBOT), 'short garbage'].join('\n');
    const { recorder } = batched([text], { format: 'combined' });
    assert.deepEqual(
      recorder.events.filter((e) => e[0] === 'failure').map((e) => [e[1], (e[2] as string).length, e[3]]),
      [
        [1, 301, 'no [timestamp]'],
        [3, 13, 'no [timestamp]'],
      ],
    );
  });
});
