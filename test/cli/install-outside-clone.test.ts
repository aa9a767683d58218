/**
 * The CLI installs outside the clone: `npm pack` of cli-package/ gives robots-lens-<version>.tgz,
 * `npm install -g` of that tarball into a throwaway prefix needs no registry (the package has
 * no dependencies: the CLI is one bundle), and the installed `robots-lens` runs from any
 * folder — exactly what the README tells people to do.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { CLI, ROOT, requireBuilt } from '../support/dist';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'robots-lens-install-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** The environment without what an enclosing `npm test` passes on (its prefix, its cache, `global`). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name)) env[name] = value;
  return { ...env, npm_config_cache: join(work, 'npm-cache'), npm_config_update_notifier: 'false', ...extra };
}

test('npm pack, npm install -g of the tarball offline, then robots-lens runs from another folder', async () => {
  requireBuilt(CLI);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'cli-package', 'package.json'), 'utf8')) as { name: string; version: string; dependencies?: object };
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.equal(manifest.name, 'robots-lens');
  assert.equal(manifest.version, root.version, 'the CLI package says the version of the extension it is built with');
  assert.equal(manifest.dependencies, undefined, 'no dependencies: the tarball installs without a registry');

  const packed = join(work, 'packed');
  mkdirSync(packed);
  const pack = await run('npm', ['pack', join(ROOT, 'cli-package'), '--pack-destination', packed, '--json'], { env: cleanEnv({}), cwd: work });
  const [info] = JSON.parse(pack.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  assert.equal(info!.filename, `robots-lens-${root.version}.tgz`);
  assert.deepEqual(info!.files.map((f) => f.path).sort(), ['LICENSE', 'README.md', 'dist/cli-main.cache', 'dist/cli-main.js', 'dist/cli.js', 'package.json']);

  const prefix = join(work, 'prefix');
  await run('npm', ['install', '-g', join(packed, info!.filename), '--prefix', prefix, '--offline', '--no-audit', '--no-fund'], { env: cleanEnv({}), cwd: work });

  // From a folder that is not the clone, by name on the PATH, as a user runs it.
  const elsewhere = join(work, 'elsewhere');
  mkdirSync(elsewhere);
  writeFileSync(join(elsewhere, 'robots.txt'), 'User-agent: *\nDisallow: /cart/\n');
  const env = cleanEnv({ PATH: `${join(prefix, 'bin')}${delimiter}${process.env.PATH ?? ''}` });
  const version = await run('robots-lens', ['--version'], { env, cwd: elsewhere });
  assert.equal(version.stdout, `robots-lens ${root.version}\n`);
  const answer = await run('robots-lens', ['test', 'robots.txt', '--agent', 'Googlebot', '/cart/x'], { env, cwd: elsewhere });
  assert.match(answer.stdout, /^disallowed +\/cart\/x +\[Googlebot\] +line 2: Disallow: \/cart\//m);
});
