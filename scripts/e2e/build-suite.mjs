// Bundles the e2e mocha suite for the extension host, which loads plain CommonJS:
//   test/e2e/suite/index.ts     -> out/e2e/suite/index.js      (the runner, mocha bundled in)
//   test/e2e/suite/*.e2e.ts     -> out/e2e/suite/*.e2e.js      (one bundle per spec)
// `vscode` stays external: the extension host answers require('vscode') itself.
//
// Usage: node scripts/e2e/build-suite.mjs [--outdir DIR]
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './repo.mjs';

const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const srcDir = path.join(REPO_ROOT, 'test', 'e2e', 'suite');
const outdir = path.resolve(values.outdir ?? path.join(REPO_ROOT, 'out', 'e2e', 'suite'));

const specs = readdirSync(srcDir)
  .filter((name) => name.endsWith('.e2e.ts'))
  .sort()
  .map((name) => path.join(srcDir, name));
if (specs.length === 0) {
  console.error(`build-suite: no *.e2e.ts in ${srcDir}`);
  process.exit(1);
}

// Start clean, so a deleted spec does not keep running from a stale bundle.
rmSync(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: [path.join(srcDir, 'index.ts'), ...specs],
  outdir,
  outbase: srcDir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode'],
  // The suite imports the core through its entry points, which resolve to TypeScript sources
  // under this condition, as in the extension's own build.
  conditions: ['robots-lens-source'],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // mocha's parallel mode (unused here) require.resolve()s worker files; harmless in the bundle.
  logOverride: { 'require-resolve-not-external': 'silent' },
});

// A spec that imports from 'mocha' would carry its own mocha copy, whose suite()/test() register
// into a Mocha instance nobody runs: the spec would silently contribute no tests.
const bad = Object.entries(result.metafile.outputs)
  .filter(([out]) => out.endsWith('.e2e.js'))
  .filter(([, meta]) => Object.keys(meta.inputs).some((input) => input.includes('node_modules/mocha/')))
  .map(([out]) => out);
if (bad.length) {
  console.error(
    `build-suite: ${bad.join(', ')} bundle mocha. Specs use mocha's globals ` +
      "(`/// <reference types=\"mocha\" />`, suite/test) and must not import from 'mocha'.",
  );
  process.exit(1);
}
console.log(`build-suite: ${specs.length} spec(s) -> ${path.relative(process.cwd(), outdir) || outdir}`);
