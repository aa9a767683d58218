/**
 * A binary or gzip file given as robots.txt is read as crawlers read it: they do not refuse
 * it, they take the lines they can parse (from gzip bytes, none: everything allowed). `test`
 * answers so, with a warning that the file is binary data; `lint` of many files reports a
 * binary one as an error finding on that file and lints the others.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-binary-'));
const gzip = join(dir, 'robots.txt.gz');
writeFileSync(gzip, gzipSync('User-agent: *\nDisallow: /\n'));
const good = join(dir, 'good.txt');
writeFileSync(good, 'User-agent: *\nDisallow: /private/\n');
const bad = join(dir, 'bad.txt');
writeFileSync(bad, 'User-agent: *\nDisallow: /private\nDisalow: /x\n');

describe('binary robots.txt read as crawlers read it', () => {
  test('test answers as a crawler would (gzip bytes: everything allowed), with a warning', async () => {
    const { code, stdout, stderr } = await runCli(['test', gzip, '--agent', 'Googlebot', '/private/a']);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /allowed/);
    assert.match(stderr, /^robots-lens test: warning: .*robots\.txt\.gz is binary data, not text \(it holds gzip data\); answered as crawlers read it/);
  });

  test('lint of many files reports the binary one as an error finding and lints the others', async () => {
    const files = [good, gzip, bad];
    const text = await runCli(['lint', ...files]);
    assert.equal(text.code, 1, text.stderr);
    assert.match(text.stdout, new RegExp(`${gzip.replaceAll('.', '\\.')}:1:1 error binary-file The file is binary data, not text \\(it holds gzip data\\)`));
    const json = await runCli(['lint', '--format', 'json', ...files]);
    const records = JSON.parse(json.stdout) as { file: string; code: string }[];
    assert.ok(records.some((r) => r.file === bad && r.code !== 'binary-file'), 'the file after the binary one is linted too');
    assert.deepEqual(records.filter((r) => r.file === gzip).map((r) => r.code), ['binary-file']);
    const sarif = await runCli(['lint', '--format', 'sarif', ...files]);
    const run = (JSON.parse(sarif.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex: number }[] }[] }).runs[0]!;
    const binary = run.results.find((r) => r.ruleId === 'binary-file')!;
    assert.equal(run.tool.driver.rules[binary.ruleIndex]!.id, 'binary-file');
  });
});
