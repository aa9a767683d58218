import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

/**
 * Every line the CLI writes, on stdout and stderr, in text or JSON, has its control
 * characters escaped: U+009B is a terminal's control sequence introducer, so a log line
 * carrying it must not reach a terminal raw, whichever way the records are asked for.
 */
// eslint-disable-next-line no-control-regex -- the controls are what it looks for.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-escape-'));
const robots = join(dir, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /private/\n');
const userAgent = 'Evil\u009b2JBot\u007f/1.0';
const log = join(dir, 'access.log');
writeFileSync(log, `203.0.113.9 - - [24/Nov/2026:12:00:00 +0000] "GET /private/a HTTP/1.1" 200 10 "-" "${userAgent}"\n`);

function assertEscapedJsonLines(text: string): void {
  const lines = text.trimEnd().split('\n');
  assert.ok(lines.length > 0);
  for (const line of lines) {
    assert.doesNotMatch(line, RAW_CONTROL, line);
    assert.match(line, /\\u009b/);
    assert.match(line, /\\u007f/);
    // Still JSON, and the User-Agent read back is the log's, control characters and all.
    assert.equal((JSON.parse(line) as { userAgent: string }).userAgent, userAgent);
  }
}

describe('control characters are escaped on every stream', () => {
  test('replay --json: a C1 control and DEL in a User-Agent are \\u escapes on stdout', async () => {
    const { code, stdout, stderr } = await runCli(['replay', robots, log, '--json', '--ranges', dir]);
    assert.equal(code, 0, stderr);
    assertEscapedJsonLines(stdout);
  });

  test('replay --jsonl: the same escapes in the file of records', async () => {
    const jsonl = join(dir, 'records.jsonl');
    const { code, stderr } = await runCli(['replay', robots, log, '--jsonl', jsonl, '--ranges', dir]);
    assert.equal(code, 0, stderr);
    assertEscapedJsonLines(readFileSync(jsonl, 'utf8'));
  });

  test('replay and merge --summary-json: the shard envelope is written with the same escapes, and merges', async () => {
    const crawlerLog = join(dir, 'crawler.log');
    writeFileSync(crawlerLog, `66.249.66.1 - - [24/Nov/2026:12:00:00 +0000] "GET /private/\u009b\u007f HTTP/1.1" 200 10 "-" "Googlebot/2.1"\n`);
    const part = join(dir, 'part.json');
    const merged = join(dir, 'merged.json');
    const replayed = await runCli(['replay', robots, crawlerLog, '--summary-json', part, '--ranges', dir]);
    assert.equal(replayed.code, 0, replayed.stderr);
    const merge = await runCli(['merge', part, '--summary-json', merged]);
    assert.equal(merge.code, 0, merge.stderr);
    for (const file of [part, merged]) {
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text.replaceAll('\n', ''), RAW_CONTROL, file);
      assert.match(text, /\\u009b\\u007f/);
      const envelope = JSON.parse(text) as { topDisallowed: { url: string }[]; shard: { version: number } };
      assert.equal(envelope.topDisallowed[0]!.url, '/private/\u009b\u007f');
      assert.equal(envelope.shard.version, 2);
    }
  });

  test('a message on stderr shows a control byte escaped, on one line', async () => {
    const missing = join(dir, 'no\u001b[31msuch\u009b\u007f.txt');
    const { code, stderr } = await runCli(['lint', missing]);
    assert.equal(code, 2);
    assert.equal(stderr.endsWith('\n'), true);
    assert.equal(stderr.trimEnd().split('\n').length, 1, stderr);
    assert.doesNotMatch(stderr.trimEnd(), RAW_CONTROL, stderr);
    assert.match(stderr, /no\\x1b\[31msuch\\x9b\\x7f\.txt/);
  });

  test('an unknown command with a control byte is named escaped', async () => {
    const { code, stderr } = await runCli(['li\u009bnt\u0007']);
    assert.equal(code, 2);
    assert.doesNotMatch(stderr.trimEnd(), RAW_CONTROL, stderr);
    assert.match(stderr, /unknown command "li\\x9bnt\\x07"/);
  });
});
