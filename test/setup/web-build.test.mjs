// The web bundles contain no Node built-ins: the build fails when one is imported anywhere,
// naming it, and the real web bundles build with the Node-only files swapped for their twins.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import { nodeBuiltinGuard, webClientOptions, webServerOptions } from '../../scripts/web-build.mjs';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-web-build-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Builds in memory and returns the error texts (none: it built). */
async function buildErrors(options) {
  try {
    await esbuild.build({ ...options, write: false, outfile: join(dir, 'out.js') });
    return [];
  } catch (error) {
    return (error.errors ?? [{ text: String(error) }]).map((e) => e.text);
  }
}

/** An entry point that imports `specifier` from a helper module, as a stray import would. */
function entryImporting(specifier) {
  const helper = join(dir, `helper-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(helper, `import * as m from '${specifier}';\nexport const used = Object.keys(m).length;\n`);
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, `import { used } from './${helper.split('/').pop().replace(/\.ts$/, '')}';\nconsole.log(used);\n`);
  return entry;
}

describe('web build', () => {
  test('the web server and web client bundles build with no Node built-in', async () => {
    assert.deepEqual(await buildErrors(webServerOptions({ production: false })), []);
    assert.deepEqual(await buildErrors(webClientOptions({ production: false })), []);
  });

  for (const specifier of ['node:fs', 'fs', 'node:child_process', 'fs/promises', 'zlib']) {
    test(`a web server bundle importing ${specifier} fails the build, naming it`, async () => {
      const errors = await buildErrors({ ...webServerOptions({ production: false }), entryPoints: [entryImporting(specifier)] });
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0], new RegExp(`Node built-in "${specifier}" \\(imported by .*helper-`));
    });
  }

  test('a web client bundle importing node:crypto fails the build', async () => {
    const errors = await buildErrors({ ...webClientOptions({ production: false }), entryPoints: [entryImporting('node:crypto')] });
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /Node built-in "node:crypto"/);
  });

  test('without its web twins the client would pull git (node:child_process): the guard says so', async () => {
    const errors = await buildErrors({ ...webClientOptions({ production: false }), plugins: [nodeBuiltinGuard()] });
    assert.ok(errors.some((e) => /Node built-in "node:child_process" \(imported by client\/src\/git-head\.ts\)/.test(e)), errors.join('\n'));
  });
});
