/**
 * `test --batch` with a stdin it cannot read says so, exit 2: a folder (`< /`) once gave exit
 * 0 and no output, a descriptor open for writing only (`0>file`) "unexpected error: EBADF".
 */

import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';

const ROBOTS = join(ROOT, 'examples', 'robots.txt');

test('test --batch < / and 0>file: a clear error, exit 2', async () => {
  const cases: [string, () => number, RegExp][] = [
    ['a folder', () => openSync(tmpdir(), 'r'), /^robots-lens test: stdin is a folder, not the queries: give a file or a pipe of JSON lines/],
    ['a file open for writing only', () => openSync(join(mkdtempSync(join(tmpdir(), 'robots-lens-stdin-')), 'w.txt'), 'w'), /^robots-lens test: stdin cannot be read \(EBADF: it is closed, or open for writing only\)/],
  ];
  for (const [name, open, message] of cases) {
    const fd = open();
    try {
      const { code, stdout, stderr } = await runCli(['test', ROBOTS, '--batch'], { stdinFd: fd });
      assert.equal(code, 2, `${name}: ${stderr}`);
      assert.match(stderr, message, name);
      assert.equal(stdout, '');
    } finally {
      closeSync(fd);
    }
  }
});
