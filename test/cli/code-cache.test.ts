import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compileBundle, WRITE_CODE_CACHE } from '../../server/src/cli/code-cache';
import { CLI, requireBuilt, ROOT } from '../support/dist';

const BUNDLE = join(ROOT, 'dist', 'cli-main.js');
const CACHE = join(ROOT, 'dist', 'cli-main.cache');
const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n';

/** A copy of the CLI's entry point and bundle in a folder of its own, with or without a cache. */
function install(cache: 'built' | 'none' | 'damaged'): string {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-code-cache-'));
  copyFileSync(requireBuilt(CLI), join(dir, 'cli.js'));
  copyFileSync(requireBuilt(BUNDLE), join(dir, 'cli-main.js'));
  if (cache === 'built') copyFileSync(requireBuilt(CACHE), join(dir, 'cli-main.cache'));
  if (cache === 'damaged') writeFileSync(join(dir, 'cli-main.cache'), Buffer.alloc(4096, 7));
  writeFileSync(join(dir, 'robots.txt'), ROBOTS);
  return dir;
}

function run(dir: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const args = [join(dir, 'cli.js'), 'test', join(dir, 'robots.txt'), '--agent', 'GPTBot', '--agent', 'Googlebot', '/private/x', '/blog', '--json'];
  return spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...env } });
}

describe('the CLI runs from the code cache the build made', () => {
  test('the built cache is taken by this Node for the built bundle', () => {
    assert.equal(compileBundle(requireBuilt(BUNDLE), requireBuilt(CACHE)).rejected, false);
  });

  test('the bundle is plain ASCII, so V8 holds it as one-byte text', () => {
    const bytes = readFileSync(requireBuilt(BUNDLE));
    const first = bytes.findIndex((b) => b >= 0x80);
    assert.equal(first, -1, `a byte over 0x7f at ${first}: ${bytes.subarray(Math.max(0, first - 40), first + 10).toString('latin1')}`);
  });

  test('answers are the same with the cache, without it and with a damaged one', () => {
    const answers = (['built', 'none', 'damaged'] as const).map((cache) => run(install(cache)));
    for (const answer of answers) assert.equal(answer.status, 0, answer.stderr);
    assert.match(answers[0]!.stdout, /"allowed":false/);
    assert.equal(answers[1]!.stdout, answers[0]!.stdout);
    assert.equal(answers[2]!.stdout, answers[0]!.stdout);
    assert.equal(answers[2]!.stderr, '');
  });

  test('a damaged cache is refused, and a run asked to write one leaves one the next run takes', () => {
    const dir = install('damaged');
    assert.equal(compileBundle(join(dir, 'cli-main.js'), join(dir, 'cli-main.cache')).rejected, true);
    const fresh = install('none');
    assert.equal(existsSync(join(fresh, 'cli-main.cache')), false);
    assert.equal(run(fresh, { [WRITE_CODE_CACHE]: '1' }).status, 0);
    assert.equal(compileBundle(join(fresh, 'cli-main.js'), join(fresh, 'cli-main.cache')).rejected, false);
  });
});
