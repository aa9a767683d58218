// Every dependency that ships an install script is reviewed in package.json's allowScripts:
// otherwise `npm ci` on a fresh machine ends with a warning that it was not, and the next npm
// skips such scripts, leaving a package half installed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../support/dist';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean; optional?: boolean; os?: string[] }> };

describe('install scripts', () => {
  test('every locked package with an install script is allowed or denied by name in allowScripts', () => {
    const reviewed = new Set(Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(?<=.)@[^@]*$/, '')));
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    assert.ok(withScripts.includes('esbuild'), 'the lockfile is read: esbuild has an install script');
    assert.deepEqual(withScripts.filter((name) => !reviewed.has(name)), []);
  });
});
