import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-preferences-'));
const robots = join(dir, 'robots.txt');
writeFileSync(
  robots,
  [
    'User-agent: *', // 1
    'Disallow: /never/', // 2
    'Content-Usage: train-ai=n', // 3
    'Content-Usage: /ai-ok/ train-ai=y', // 4
    'Content-Signal: search=yes, ai-train=no', // 5
    '',
    'User-agent: GPTBot', // 7
    'Disallow: /', // 8
  ].join('\n'),
);

describe('robots-lens test: preferences beside the verdict', () => {
  test('--json carries "preferences" exactly as specified, lines 1-based', async () => {
    const { code, stdout, stderr } = await runCli(['test', robots, '--json', '--agent', 'ExampleBot', '/test', '/never/test', '/ai-ok/test']);
    assert.equal(code, 0, stderr);
    const [plain, never, aiOk] = stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { preferences: unknown }).preferences);
    const signal = { line: 5, search: 'yes', 'ai-input': null, 'ai-train': 'no', use: null };
    assert.deepEqual(plain, { applicable: true, contentUsage: { line: 3, 'train-ai': 'disallowed', search: 'unknown' }, contentSignal: signal });
    assert.deepEqual(never, { applicable: false, contentUsage: null, contentSignal: null });
    assert.deepEqual(aiOk, { applicable: true, contentUsage: { line: 4, 'train-ai': 'allowed', search: 'unknown' }, contentSignal: signal });
  });

  test('a crawler the file shuts out has no preferences; one whose group states none has nulls', async () => {
    const { stdout } = await runCli(['test', robots, '--json', '--agent', 'GPTBot', '/test']);
    assert.deepEqual((JSON.parse(stdout) as { preferences: unknown }).preferences, { applicable: false, contentUsage: null, contentSignal: null });
    const other = join(dir, 'other.robots.txt');
    writeFileSync(other, 'User-agent: GPTBot\nDisallow: /x\n');
    const { stdout: none } = await runCli(['test', other, '--json', '--agent', 'GPTBot', '/y']);
    assert.deepEqual((JSON.parse(none) as { preferences: unknown }).preferences, { applicable: true, contentUsage: null, contentSignal: null });
  });

  test('--batch answers carry "preferences" too', async () => {
    const { stdout } = await runCli(['test', robots, '--batch'], { stdin: '{"agent":"ExampleBot","url":"/ai-ok/x"}\n' });
    assert.deepEqual((JSON.parse(stdout) as { preferences: { contentUsage: unknown } }).preferences.contentUsage, { line: 4, 'train-ai': 'allowed', search: 'unknown' });
  });

  test('the text output says the preferences under each verdict', async () => {
    const { stdout } = await runCli(['test', robots, '--agent', 'ExampleBot', '/test', '/never/x']);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, 4);
    assert.match(lines[1]!, /preferences: Content-Usage \(line 3\): train-ai disallowed, search unknown; Content-Signal \(line 5\): search=yes, ai-input=not stated, ai-train=no$/);
    assert.match(lines[3]!, /preferences: not applicable: not crawlable$/);
  });
});
