/**
 * The replay panel's Purpose column and filter: a request shows its crawler's purposes, and
 * filtering by a purpose keeps exactly the requests the summary counts under it (requests and
 * violations per purpose), checked on the example log replayed by the real CLI.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { purposeFilterOptions, purposesOfCrawlers } from '../../client/src/panels/replay/purposes';
import type { AuditRecord, AuditSummary } from '@robots-lens/replay';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';

test('filtering the example replay by purpose keeps the requests and violations the summary counts for it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-replay-purpose-'));
  const [records, summaryFile] = [join(dir, 'records.jsonl'), join(dir, 'summary.json')];
  const { code, stderr } = await runCli(['replay', join(ROOT, 'examples', 'robots.txt'), join(ROOT, 'examples', 'access.log'), '--jsonl', records, '--summary-json', summaryFile]);
  assert.equal(code, 0, stderr);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as AuditSummary;
  const requests = readFileSync(records, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as AuditRecord);
  const purposesOf = purposesOfCrawlers(summary);

  const options = purposeFilterOptions(summary);
  assert.deepEqual(options, summary.byPurpose.map((p) => p.purpose));
  assert.ok(options.includes('ai-training') && options.includes('search'));
  for (const row of summary.byPurpose) {
    // The panel's filter: the purposes of the row, split back from the column's text.
    const kept = requests.filter((r) => purposesOf(r.crawler).split(', ').includes(row.purpose));
    assert.equal(kept.length, row.requests, `${row.purpose}: requests`);
    assert.equal(kept.filter((r) => r.violation).length, row.violations, `${row.purpose}: violations`);
  }
  // Browsers and unknown clients have no purpose; a catalogue crawler shows its own, the main one first.
  assert.equal(purposesOf(null), '');
  const gpt = summary.crawlers.find((c) => c.crawler === 'GPTBot');
  assert.ok(gpt);
  assert.equal(purposesOf('GPTBot'), gpt.purposes.join(', '));
});
