/**
 * The same log named twice (by one name, `./` another, or a link) is read once, and said:
 * it was counted twice without a word. In the CLI's replay and replay-scan, and in the
 * server's `robotsLens/replay` (test/server/replay-request.test.ts).
 */

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';

const ROBOTS = join(ROOT, 'examples', 'robots.txt');

test('replay of one log named three ways counts it once and says so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-repeated-'));
  const log = join(dir, 'a.log');
  copyFileSync(join(ROOT, 'examples', 'access.log'), log);
  symlinkSync(log, join(dir, 'link.log'));
  const totals = async (logs: string[], out: string): Promise<{ stderr: string; requests: number; files: number }> => {
    const result = await runCli(['replay', ROBOTS, ...logs, '--summary-json', join(dir, out)], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(readFileSync(join(dir, out), 'utf8')) as { totals: { requests: number }; files: unknown[] };
    return { stderr: result.stderr, requests: summary.totals.requests, files: summary.files.length };
  };
  const once = await totals(['a.log'], 'once.json');
  const thrice = await totals(['a.log', './a.log', 'link.log', 'a.log'], 'thrice.json');
  assert.deepEqual([thrice.requests, thrice.files], [once.requests, 1]);
  assert.match(thrice.stderr, /\.\/a\.log is the same file as a\.log: read once\./);
  assert.match(thrice.stderr, /link\.log is the same file as a\.log: read once\./);
  assert.match(thrice.stderr, /a\.log is named twice: read once\./);
  const scan = await runCli(['replay-scan', ROBOTS, 'a.log', 'link.log', '--out', '-'], { cwd: dir });
  assert.equal(scan.code, 0, scan.stderr);
  assert.match(scan.stderr, /link\.log is the same file as a\.log: read once\./);
});
