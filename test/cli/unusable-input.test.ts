import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { GOOGLEBOT_LOG_LINE, scratchDir } from '../support/scratch';

/**
 * Unusable input is an error (exit 2) naming what is wrong, never a report of nothing, in
 * every command that reads it: a binary file where a robots.txt is expected (replay and
 * replay-scan too, and as a snapshot or a --version), and a log of which no line can be read
 * (diff --log and replay-scan too), named with the formats tried and the first unreadable line.
 */

const scratch = scratchDir('robots-lens-unusable-');
const dir = scratch.dir;
const plain = scratch.file('robots.txt', 'User-agent: *\nDisallow: /private/\n');
const edited = scratch.file('robots.new.txt', 'User-agent: *\nDisallow: /\n');
const png = scratch.file('robots.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
const log = scratch.file('access.log', GOOGLEBOT_LOG_LINE);
const notes = scratch.file('notes.txt', 'shopping list\neggs\nmilk\n');
const snapshots = scratch.folder('snapshots');
scratch.file('snapshots/2026-11-01T00-00-00Z.txt', 'User-agent: *\nDisallow:\n');
scratch.file('snapshots/2026-11-20T00-00-00Z.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));

const TRIED = 'formats tried: combined, common, json, w3c, alb, cloudfront, cloudflare';

describe('a binary file where replay expects a robots.txt', () => {
  const rows: [string, string[], RegExp][] = [
    ['replay', ['replay', png, log], /robots\.png is not a robots\.txt file: it holds a PNG image\./],
    ['replay-scan', ['replay-scan', png, log, '--out', join(dir, 'scan.json')], /robots\.png is not a robots\.txt file: it holds a PNG image\./],
    ['a snapshot in the folder', ['replay', snapshots, log], /2026-11-20T00-00-00Z\.txt is not a robots\.txt snapshot: it holds a PNG image\./],
    ['a --version', ['replay', plain, log, '--version', `${png}@2026-11-24T00:00:00Z`], /robots\.png is not a robots\.txt file: it holds a PNG image\./],
  ];
  for (const [name, args, message] of rows) {
    test(name, async () => {
      const { code, stdout, stderr } = await runCli(args);
      assert.equal(code, 2, stdout);
      assert.match(stderr, new RegExp(`^robots-lens ${args[0]}: `));
      assert.match(stderr, message);
      assert.equal(stdout, '');
    });
  }
});

describe('a log of which no line could be read', () => {
  test('diff --log: the formats tried and the first unreadable line, no diff printed', async () => {
    const { code, stdout, stderr } = await runCli(['diff', plain, edited, '--log', notes]);
    assert.equal(code, 2, stdout);
    assert.equal(stdout, '');
    assert.match(stderr, new RegExp(`^robots-lens diff: .*notes\\.txt: no line could be read as an access log \\(${TRIED}\\); first unreadable line 1: "shopping list" \\(`));
  });

  test('diff --log with --log-format names the format given', async () => {
    const { code, stderr } = await runCli(['diff', plain, edited, '--log', notes, '--log-format', 'w3c']);
    assert.equal(code, 2);
    assert.match(stderr, /notes\.txt: no line could be read as an access log \(read as w3c, as --log-format says\); first unreadable line 1: "shopping list"/);
  });

  test('diff --log with one readable log counts it', async () => {
    const { code, stdout } = await runCli(['diff', plain, edited, '--log', log]);
    assert.equal(code, 0);
    assert.match(stdout, /access\.log \(combined\): 1 line, 1 request\./);
  });

  test('replay-scan: the formats tried and the first unreadable line', async () => {
    const { code, stderr } = await runCli(['replay-scan', plain, notes, '--out', join(dir, 'notes.scan.json')]);
    assert.equal(code, 2);
    assert.match(stderr, new RegExp(`^robots-lens replay-scan: .*notes\\.txt: no line could be read as an access log \\(${TRIED}\\); first unreadable line 1: "shopping list" \\(`));
  });
});

describe('fetch of a host that does not resolve', () => {
  // .invalid never resolves (RFC 6761): whatever the resolver says, no answer comes.
  test('exits 1, the code its help gives for no complete answer', async () => {
    const { code, stdout } = await runCli(['fetch', 'no-such-host.invalid', '--timeout', '10000']);
    assert.equal(code, 1, stdout);
    assert.match(stdout, /no-such-host\.invalid/);
    assert.match(stdout, /unreachable/);
  });
});
