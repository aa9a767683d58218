import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { AuditSession } from '@robots-lens/replay';
import { parseIpRangeList } from '@robots-lens/replay/identity';
import type { AuditRecord, AuditSummary, CrawlDelayScope } from '@robots-lens/replay';

const FIXTURES = join(__dirname, '..', 'fixtures', 'replay');
const ROBOTS = parseRobots(readFileSync(join(FIXTURES, 'robots.txt')));
const BING_LIST = parseIpRangeList(readFileSync(join(FIXTURES, 'ranges', 'bingbot.json'), 'utf8'), 'bingbot.json');
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const CLAUDEBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function at(second: number, ua: string, ip: string, path = '/blog/'): string {
  const s = String(second % 60).padStart(2, '0');
  const m = String(Math.floor(second / 60)).padStart(2, '0');
  return `${ip} - - [23/Nov/2026:00:${m}:${s} +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${ua}"`;
}

function replay(lines: string[], scope: CrawlDelayScope | false): { records: AuditRecord[]; summary: AuditSummary } {
  const records: AuditRecord[] = [];
  const session = new AuditSession(
    { versions: [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: ROBOTS }], ranges: [BING_LIST], crawlDelay: scope, format: 'combined' },
    { onRecord: (r) => void records.push(r) },
  );
  const file = session.openFile('t.log');
  session.feedFile(file, lines.join('\n') + '\n');
  session.closeFile(file);
  return { records, summary: session.summary() };
}

describe('Crawl-delay (docs/spec/robots-semantics.md §7)', () => {
  const lines = [
    at(0, BINGBOT, '157.55.39.12'),
    at(3, BINGBOT, '207.46.13.88'), // 3 s after, from another address of the same crawler: too soon for 5 s
    at(8, BINGBOT, '157.55.39.12'), // 5 s: not certainly too soon with whole-second stamps
    at(9, BINGBOT, '157.55.39.12', '/robots.txt'), // robots.txt fetches are not counted
    at(10, BINGBOT, '203.0.113.99'), // spoofed: skipped, does not reset the gap
    at(12, BINGBOT, '157.55.39.12'), // 4 s after 8
    at(100, CLAUDEBOT, '160.79.104.10'),
    at(102, CLAUDEBOT, '160.79.104.27'), // unverified (no Anthropic list loaded)
    at(100, GOOGLEBOT, '66.249.66.1'),
    at(101, GOOGLEBOT, '66.249.66.3'), // Google ignores Crawl-delay: never checked
  ];

  test('off by default', () => {
    const { records, summary } = replay(lines, false);
    assert.ok(records.every((r) => r.crawlDelay === undefined));
    assert.equal(summary.crawlDelay, null);
  });

  test('verified requests of crawlers that honour it: gap and delay on the record', () => {
    const { records, summary } = replay(lines, 'verified');
    const late = records.filter((r) => r.crawlDelay);
    assert.deepEqual(late.map((r) => [r.logLine, r.crawler, r.crawlDelay]), [
      [2, 'bingbot', { gapSeconds: 3, delaySeconds: 5 }],
      [6, 'bingbot', { gapSeconds: 4, delaySeconds: 5 }],
    ]);
    const cd = summary.crawlDelay!;
    assert.equal(cd.scope, 'verified');
    assert.deepEqual(cd.honouredBy, ['bingbot', 'msnbot', 'ClaudeBot', 'Claude-User', 'Claude-SearchBot', 'CCBot', 'Slurp', 'AhrefsBot', 'MJ12bot']);
    assert.deepEqual(cd.rows, [{ crawler: 'bingbot', delaySeconds: 5, checked: 4, violations: 2, minGapSeconds: 3 }]);
    assert.equal(cd.skippedUnverified, 2, 'the two ClaudeBot requests could not be verified');
    assert.equal(summary.totals.crawlDelayViolations, 2);
  });

  test('claimed scope also checks unverified claims; the invalid "3s" value is ignored (10 s applies)', () => {
    const { records } = replay(lines, 'claimed');
    const claude = records.filter((r) => r.crawler === 'ClaudeBot');
    assert.equal(claude[0]!.crawlDelay, undefined);
    assert.deepEqual(claude[1]!.crawlDelay, { gapSeconds: 2, delaySeconds: 10 });
    assert.ok(records.filter((r) => r.crawler === 'Googlebot').every((r) => r.crawlDelay === undefined));
  });

  test('a crawler whose group sets no Crawl-delay has nothing to violate', () => {
    const session = new AuditSession({ versions: [{ label: 'r', effective: null, source: 'r', file: parseRobots('User-agent: *\nDisallow: /x\n') }], crawlDelay: 'claimed', format: 'combined' });
    const file = session.openFile('t.log');
    session.feedFile(file, [at(0, BINGBOT, '157.55.39.12'), at(1, BINGBOT, '157.55.39.12')].join('\n'));
    session.closeFile(file);
    assert.deepEqual(session.summary().crawlDelay!.rows, [{ crawler: 'bingbot', delaySeconds: null, checked: 2, violations: 0, minGapSeconds: 1 }]);
  });
});
