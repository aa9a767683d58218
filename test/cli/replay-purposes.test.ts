// The replay summary per purpose: requests and violations of the crawlers of each purpose,
// added up here from the crawler rows and the catalogue, and the table the CLI prints.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CRAWLER_PURPOSES, CRAWLERS } from '@robots-lens/kernel/crawlers';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';

const ROBOTS = join(ROOT, 'examples', 'robots.txt');
const LOG = join(ROOT, 'examples', 'access.log');

interface Summary {
  crawlers: Array<{ crawlerId: string; purposes: string[]; requests: number; violations: number }>;
  byPurpose: Array<{ purpose: string; crawlers: number; requests: number; violations: number }>;
}

test('replay counts requests and violations per purpose, in the summary JSON and the printed table', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'robots-lens-purposes-')), 'summary.json');
  const { code, stdout, stderr } = await runCli(['replay', ROBOTS, LOG, '--summary-json', out]);
  assert.equal(code, 0, stderr);
  const summary = JSON.parse(readFileSync(out, 'utf8')) as Summary;
  for (const row of summary.crawlers) {
    assert.deepEqual(row.purposes, CRAWLERS.find((c) => c.id === row.crawlerId)?.purposes, `${row.crawlerId}: purposes of the catalogue`);
  }
  const expected = CRAWLER_PURPOSES.flatMap((purpose) => {
    const rows = summary.crawlers.filter((r) => CRAWLERS.find((c) => c.id === r.crawlerId)!.purposes.includes(purpose));
    if (rows.length === 0) return [];
    return [{ purpose, crawlers: new Set(rows.map((r) => r.crawlerId)).size, requests: rows.reduce((n, r) => n + r.requests, 0), violations: rows.reduce((n, r) => n + r.violations, 0) }];
  });
  assert.deepEqual(summary.byPurpose, expected);
  assert.ok(expected.some((p) => p.purpose === 'ai-training' && p.violations > 0), 'the example log has AI-training violations');

  const lines = stdout.split('\n');
  const header = lines.findIndex((l) => /^purpose\s+crawlers\s+requests\s+violations$/.test(l));
  assert.ok(header >= 0, stdout);
  const printed = lines.slice(header + 1, header + 1 + expected.length).map((l) => l.trim().split(/\s+/));
  assert.deepEqual(printed, expected.map((p) => [p.purpose, String(p.crawlers), p.requests.toLocaleString('en-US'), p.violations.toLocaleString('en-US')]));
});
