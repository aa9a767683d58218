import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli';

/**
 * A reader that goes away (`| head -1`) ends a command quietly with 141, the shell's code
 * for a closed pipe; a full disk (/dev/full) is one line naming it and exit 2; never a
 * stack trace, and never exit 1, which CI reads as "lint found an error".
 */

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-write-'));
const robots = join(dir, 'robots.txt');
writeFileSync(robots, 'User-agent: *\n' + Array.from({ length: 400 }, (_, i) => `Disallow: /x${i}\nDisallow: /x${i}\n`).join(''));
const newer = join(dir, 'robots.new.txt');
writeFileSync(newer, 'User-agent: *\nDisallow: /\n');
const log = join(dir, 'access.log');
writeFileSync(log, Array.from({ length: 200 }, (_, i) => `66.249.66.1 - - [23/Nov/2026:00:00:${String(i % 60).padStart(2, '0')} +0000] "GET /x${i} HTTP/1.1" 200 5 "-" "Googlebot/2.1"\n`).join(''));
const ranges = join(dir, 'ranges');

let server: http.Server;
let origin = '';
before(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': req.url === '/robots.txt' ? 'text/plain' : 'text/html' });
    res.end(req.url === '/robots.txt' ? 'User-agent: *\nDisallow: /private/\n' : '<html><head><meta name="robots" content="noindex"></head></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const COMMANDS: readonly (readonly [string, readonly string[], string?])[] = [
  ['fetch', ['fetch', '@origin']],
  ['check', ['check', '@origin/page', '--agent', 'Googlebot']],
  ['lint', ['lint', robots]],
  ['test', ['test', robots, '--agent', 'Googlebot', '/x1', '/y']],
  ['test --batch', ['test', robots, '--batch'], '{"agent":"x","url":"/x1"}\n'],
  ['diff', ['diff', robots, newer, '--log', log]],
  ['replay', ['replay', robots, log]],
  ['replay --json', ['replay', robots, log, '--json']],
  ['ranges', ['ranges', '--dir', ranges]],
  ['help', ['help']],
  ['lint --help', ['lint', '--help']],
];

function withOrigin(args: readonly string[]): string[] {
  return args.map((arg) => arg.replace('@origin', origin));
}

function assertNoStackTrace(stderr: string): void {
  assert.doesNotMatch(stderr, /^\s+at /m, stderr);
  assert.doesNotMatch(stderr, /Unhandled|node:internal|\.js:\d+/, stderr);
}

describe('a closed pipe (| head -1): quiet stop, exit 141', () => {
  for (const [name, args, stdin] of COMMANDS) {
    test(name, async () => {
      const { code, stderr } = await runCli(withOrigin(args), { closeStdout: true, ...(stdin ? { stdin } : {}) });
      assert.equal(code, 141, stderr);
      assert.equal(stderr, '');
    });
  }
});

describe('a full disk (/dev/full): one line naming it, exit 2', () => {
  for (const [name, args, stdin] of COMMANDS) {
    test(name, async () => {
      const fd = openSync('/dev/full', 'w');
      try {
        const { code, stderr } = await runCli(withOrigin(args), { stdoutFd: fd, ...(stdin ? { stdin } : {}) });
        assert.equal(code, 2, stderr);
        assert.match(stderr, new RegExp(`^robots-lens ${args[0]}: cannot write the output: no space left on the device \\(ENOSPC\\)\\.\\n$`));
        assertNoStackTrace(stderr);
      } finally {
        closeSync(fd);
      }
    });
  }

  test('a file asked for (records, a summary, a scan) on a full disk: one line naming it, exit 2', async () => {
    const part = join(dir, 'part.json');
    assert.equal((await runCli(['replay', robots, log, '--summary-json', part])).code, 0);
    for (const args of [
      ['replay', robots, log, '--csv', '/dev/full'],
      ['replay', robots, log, '--jsonl', '/dev/full'],
      ['replay', robots, log, '--summary-json', '/dev/full'],
      ['replay-scan', robots, log, '--out', '/dev/full'],
      ['merge', part, '--summary-json', '/dev/full'],
    ]) {
      const { code, stderr } = await runCli(args);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.equal(stderr, `robots-lens ${args[0]}: cannot write /dev/full: no space left on the device (ENOSPC).\n`, args.join(' '));
    }
  });

  test('replay still writes the files it was asked for', async () => {
    const fd = openSync('/dev/full', 'w');
    const summary = join(dir, 'summary.json');
    try {
      const { code } = await runCli(['replay', robots, log, '--summary-json', summary], { stdoutFd: fd });
      assert.equal(code, 2);
    } finally {
      closeSync(fd);
    }
    assert.equal((JSON.parse(readFileSync(summary, 'utf8')) as { totals: { requests: number } }).totals.requests, 200);
  });
});
