import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import { AuditSession } from '@robots-lens/replay';
import type { AuditRecord } from '@robots-lens/replay';
import { crawlDelayLines } from '@robots-lens/kernel/parse';

// One walk of a crawler's Crawl-delay lines serves lint and the replay: a value crawlers
// cannot read ("1s") counts for neither.
const TEXT = 'User-agent: bingbot\nCrawl-delay: 1s\nCrawl-delay: 5\nDisallow: /private\n\nUser-agent: bingbot\nCrawl-delay: 10\n';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

test('the valid Crawl-delay lines of a crawler’s merged groups, in line order', () => {
  const file = parseRobots(TEXT);
  const groups = file.groupsByToken.get('bingbot') ?? [];
  assert.deepEqual(crawlDelayLines(file, groups).map((l) => [l.index, l.value]), [[2, '5'], [6, '10']]);
});

test('lint: an unreadable value is invalid, never one of the conflicting values', () => {
  const findings = lint(parseRobots(TEXT)).filter((f) => f.id.startsWith('crawl-delay-'));
  const conflict = findings.find((f) => f.id === 'crawl-delay-conflict');
  assert.ok(conflict);
  assert.match(conflict.message, /two different Crawl-delay values: 5 \(line 3\) and 10 \(line 7\)/);
  assert.deepEqual(findings.filter((f) => f.id === 'crawl-delay-invalid').length, 1);
});

test('replay: the smallest readable Crawl-delay is the one checked', () => {
  const records: AuditRecord[] = [];
  const session = new AuditSession(
    { versions: [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: parseRobots(TEXT) }], crawlDelay: 'claimed', format: 'combined' },
    { onRecord: (r) => void records.push(r) },
  );
  const file = session.openFile('t.log');
  const line = (s: string): string => `157.55.39.12 - - [23/Nov/2026:00:00:${s} +0000] "GET /blog/ HTTP/1.1" 200 10 "-" "${BINGBOT}"`;
  session.feedFile(file, [line('00'), line('03')].join('\n') + '\n');
  session.closeFile(file);
  assert.deepEqual(records.map((r) => r.crawlDelay), [undefined, { gapSeconds: 3, delaySeconds: 5 }]);
});
