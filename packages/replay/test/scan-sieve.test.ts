import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { replayLogs, scanLogs, sievedScanLogs } from '../src';
import type { AuditSummary, LogInput, ReplayOptions } from '../src';
import type { CarriedState } from '../src/shards';
import { parseRobots } from '@robots-lens/kernel/parse';
import { chunked } from '../../../test/support/chunks';
import { clf } from './clf-time';

/**
 * The sieved scan (only lines that can change the carried state read whole) against the
 * full scan: the same state and counts, over random logs, files, cuts, line ends and
 * reorder windows, or `undefined` (the caller then scans in full) — never a different answer.
 */

const T0 = Date.parse('2026-11-23T00:00:00Z');
const VERSIONS: ReplayOptions['versions'] = [{ label: 'v', effective: T0, source: 'v', file: parseRobots('User-agent: *\nCrawl-delay: 5\n') }];


const AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; BINGBOT/2.0)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'CCBot/2.0 (https://commoncrawl.org/faq/)',
  // Escaped: only the replay's unescaping makes these crawlers.
  'Mozilla/5.0 (compatible; \\x62ingbot/2.0)',
  'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; \\"quoted\\")',
  // Mentions robots.txt, a crawler that does not honour Crawl-delay, a browser, none.
  'Mozilla/5.0 (compatible; robots.txt-checker/1.0)',
  'curl/8.0 (fetching /robots.txt for bingbot)',
  'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (compatible; \u212aelvin-\u0130bot/1.0)',
  '-',
  'curl/8.0',
];
// Targets that are, or only look like, fetches of /robots.txt: a query that names it (even
// ending in it), an absolute-form target.
const PATHS = ['/robots.txt', '/robots.txt', '/ROBOTS.TXT', '/robots.txt?x=1', '/a/robots.txt', '/robots\\x2etxt', '/private/a', '/', '/robots.txt.bak', '/search?q=robots.txt', '/search?q=/robots.txt', 'http://example.com/robots.txt'];
const STATUSES = ['200', '200', '304', '404', '503', '500', '429', '301', '-'];
const METHODS = ['GET', 'GET', 'HEAD', 'POST'];

const entry = fc.record({
  second: fc.nat({ max: 600 }),
  agent: fc.nat({ max: AGENTS.length - 1 }),
  path: fc.nat({ max: PATHS.length - 1 }),
  status: fc.nat({ max: STATUSES.length - 1 }),
  method: fc.nat({ max: METHODS.length - 1 }),
  ip: fc.nat({ max: 3 }),
  // Some lines are not requests: cut short, garbage, blank.
  broken: fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) }),
});
type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;

function line(e: Entry): string {
  const text = `192.0.2.${e.ip + 1} - - [${clf(T0 + e.second * 1000)}] "${METHODS[e.method]} ${PATHS[e.path]} HTTP/1.1" ${STATUSES[e.status]} 10 "-" "${AGENTS[e.agent]}"`;
  if (e.broken === 1) return text.slice(0, 40 + e.path);
  if (e.broken === 2) return `garbage robots.txt bingbot ${e.second}`;
  if (e.broken === 3) return '';
  return text;
}

const END = ['\n', '\r\n', '\r'];
const log = fc.record({ entries: fc.array(entry, { maxLength: 60 }), ends: fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 5 }), cuts: fc.array(fc.nat(), { maxLength: 6 }) });
type Log = typeof log extends fc.Arbitrary<infer T> ? T : never;

function input(name: string, l: Log): LogInput {
  const text = l.entries.map((e, i) => line(e) + END[l.ends[i % l.ends.length]!]).join('');
  return { name, chunks: chunked(text, l.cuts) };
}

/** What `replay-scan` writes and prints of a scan. */
function written(r: { state: CarriedState; summary: AuditSummary }): unknown {
  const s = r.summary;
  return { state: r.state, lines: s.totals.lines, requests: s.totals.requests, files: s.files, failures: s.parseFailures };
}

describe('sieved scan', () => {
  test('gives the full scan\'s state and counts, or undefined, over random logs, cuts and windows', async () => {
    let exact = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(log, { minLength: 1, maxLength: 3 }), fc.constantFrom(0, 5_000, 60_000), fc.constantFrom(2, 10, 200_000), fc.constantFrom<'auto' | 'combined'>('auto', 'combined'), async (logs, window, maxWaiting, format) => {
        const options: ReplayOptions = { versions: VERSIONS, reorderWindowMs: window, maxWaiting, format };
        const inputs = (): LogInput[] => logs.map((l, i) => input(`log-${i}.log`, l));
        const full = await scanLogs(inputs(), options);
        const sieved = await sievedScanLogs(inputs(), options);
        runs++;
        if (sieved === undefined) return;
        exact++;
        assert.deepEqual(written(sieved), written(full));
      }),
      { numRuns: 400 },
    );
    // Not vacuous: most random logs are scanned sieved.
    assert.ok(exact > runs / 2, `${exact} of ${runs} runs were sieved`);
  });

  test('a replay collecting its carried state (onCarried) leaves what the scan of the same logs leaves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(log, { minLength: 1, maxLength: 3 }), fc.constantFrom(0, 5_000, 60_000), fc.constantFrom(2, 10, 200_000), fc.constantFrom<false | 'claimed'>(false, 'claimed'), async (logs, window, maxWaiting, crawlDelay) => {
        const options: ReplayOptions = { versions: VERSIONS, reorderWindowMs: window, maxWaiting, crawlDelay };
        const inputs = (): LogInput[] => logs.map((l, i) => input(`log-${i}.log`, l));
        const full = await scanLogs(inputs(), options);
        let carried: CarriedState | undefined;
        const summary = await replayLogs(inputs(), options, { onCarried: (state) => (carried = state) });
        assert.deepEqual(carried, full.state);
        assert.equal(summary.totals.lines, full.summary.totals.lines);
      }),
      { numRuns: 300 },
    );
  });

  // The two cases where leaving lines out could change the order the others are judged in.
  const cases: { name: string; lines: string[]; options: ReplayOptions }[] = [
    {
      name: 'a robots.txt fetch later than the window, while an earlier one waits behind the threshold',
      lines: [
        line({ second: 100, agent: 0, path: 0, status: 0, method: 0, ip: 0, broken: 0 }),
        line({ second: 300, agent: 11, path: 7, status: 0, method: 0, ip: 0, broken: 0 }),
        line({ second: 10, agent: 0, path: 0, status: 4, method: 0, ip: 0, broken: 0 }),
      ],
      options: { versions: VERSIONS, reorderWindowMs: 60_000 },
    },
    {
      name: 'more requests in the window than may wait there',
      lines: [0, 1, 2, 3].map((k) => line({ second: 10 + k, agent: 11, path: 7, status: 0, method: 0, ip: 0, broken: 0 })),
      options: { versions: VERSIONS, reorderWindowMs: 60_000, maxWaiting: 2 },
    },
  ];
  for (const c of cases) {
    test(`gives up (undefined): ${c.name}`, async () => {
      const inputs = (): LogInput[] => [{ name: 'a.log', chunks: [c.lines.join('\n') + '\n'] }];
      assert.equal(await sievedScanLogs(inputs(), c.options), undefined);
      assert.ok((await scanLogs(inputs(), c.options)).summary.totals.requests === c.lines.length);
    });
  }
});
