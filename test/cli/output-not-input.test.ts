/**
 * No output file may be an input: `replay x.log --csv x.log` once truncated the log it was
 * reading and exited 0. The same path, a symbolic link, a hard link (same device and inode)
 * and two outputs on one file are refused before anything is read, with exit 2; an output is
 * written beside its target and renamed, so a run that fails leaves the old file whole.
 */

import assert from 'node:assert/strict';
import { copyFileSync, linkSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';

const LOG = join(ROOT, 'examples', 'access.log');
const ROBOTS = join(ROOT, 'examples', 'robots.txt');

function scratch(): { dir: string; log: string; robots: string; logText: string } {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-outputs-'));
  const log = join(dir, 'x.log');
  const robots = join(dir, 'robots.txt');
  copyFileSync(LOG, log);
  copyFileSync(ROBOTS, robots);
  return { dir, log, robots, logText: readFileSync(log, 'utf8') };
}

describe('an output is never an input', () => {
  const cases: [string, (s: ReturnType<typeof scratch>) => string[], RegExp][] = [
    ['replay --csv on the log itself', (s) => ['replay', s.robots, s.log, '--csv', s.log], /--csv .*x\.log is an input of this command/],
    ['replay --jsonl on the log by another spelling', (s) => ['replay', s.robots, s.log, '--jsonl', join(s.dir, '.', 'x.log')], /--jsonl .* is an input of this command/],
    ['replay --summary-json on a symbolic link to the log', (s) => {
      symlinkSync(s.log, join(s.dir, 'link.json'));
      return ['replay', s.robots, s.log, '--summary-json', join(s.dir, 'link.json')];
    }, /--summary-json .*link\.json is the same file as the input .*x\.log/],
    ['replay --csv on a hard link to the log', (s) => {
      linkSync(s.log, join(s.dir, 'hard.csv'));
      return ['replay', s.robots, s.log, '--csv', join(s.dir, 'hard.csv')];
    }, /--csv .*hard\.csv is the same file as the input .*x\.log/],
    ['replay --csv on the robots.txt', (s) => ['replay', s.robots, s.log, '--csv', s.robots], /--csv .*robots\.txt is an input/],
    ['replay --csv and --jsonl on one file', (s) => ['replay', s.robots, s.log, '--csv', join(s.dir, 'o'), '--jsonl', join(s.dir, 'o')], /--jsonl .*o and --csv .*o are the same file/],
    ['replay-scan --out on the log', (s) => ['replay-scan', s.robots, s.log, '--out', s.log], /--out .*x\.log is an input/],
    ['merge --summary-json on a part', (s) => {
      writeFileSync(join(s.dir, 'part.json'), '{}');
      return ['merge', join(s.dir, 'part.json'), '--summary-json', join(s.dir, 'part.json')];
    }, /--summary-json .*part\.json is an input/],
  ];
  for (const [name, args, message] of cases) {
    test(name, async () => {
      const s = scratch();
      const argv = args(s);
      const before = readdirSync(s.dir).sort();
      const result = await runCli(argv);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, message);
      assert.equal(readFileSync(s.log, 'utf8'), s.logText, 'the log is whole');
      assert.deepEqual(readdirSync(s.dir).sort(), before, 'nothing was written');
    });
  }

  test('a replay that fails part-way leaves the old output file as it was, and no temporary file', async () => {
    const s = scratch();
    const csv = join(s.dir, 'out.csv');
    writeFileSync(csv, 'the old report\n');
    // A missing --after scan fails after the outputs are named but before the replay ends.
    const failed = await runCli(['replay', s.robots, s.log, '--csv', csv, '--jsonl', join(s.dir, 'out.jsonl'), '--version', `${join(s.dir, 'missing.txt')}@2026-01-01T00:00:00Z`]);
    assert.equal(failed.code, 2, failed.stderr);
    assert.equal(readFileSync(csv, 'utf8'), 'the old report\n');
    assert.deepEqual(readdirSync(s.dir).sort(), ['out.csv', 'robots.txt', 'x.log']);
    const done = await runCli(['replay', s.robots, s.log, '--csv', csv]);
    assert.equal(done.code, 0, done.stderr);
    assert.match(readFileSync(csv, 'utf8'), /^time,/);
    assert.deepEqual(readdirSync(s.dir).sort(), ['out.csv', 'robots.txt', 'x.log']);
  });
});
