// Builds @robots-lens/kernel as a library others install (`npm pack` in packages/kernel runs
// this first): ES modules (one chunk per shared part, so every entry sees the same classes),
// CommonJS (one bundle, each entry a view of it, for the same reason) and the declarations
// `tsc -b` writes for the kernel's project. Inside this repository nothing reads dist/: the
// workspace resolves the kernel to its sources under the `robots-lens-source` condition.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const KERNEL = join(ROOT, 'packages/kernel');
const DIST = join(KERNEL, 'dist');
const manifest = JSON.parse(readFileSync(join(KERNEL, 'package.json'), 'utf8'));

/** Each entry of the exports map: its name in dist/ (`index`, `parse`, …) and its source. */
const entries = Object.entries(manifest.exports).map(([subpath, conditions]) => ({
  name: subpath === '.' ? 'index' : subpath.slice(2),
  source: join(KERNEL, conditions['robots-lens-source']),
}));

rmSync(DIST, { recursive: true, force: true });

const common = { bundle: true, platform: 'neutral', target: 'es2022', logLevel: 'warning', conditions: ['robots-lens-source'] };
await esbuild.build({
  ...common,
  entryPoints: Object.fromEntries(entries.map((e) => [e.name, e.source])),
  format: 'esm',
  splitting: true,
  outdir: join(DIST, 'esm'),
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
});
await esbuild.build({
  ...common,
  stdin: {
    contents: entries.map((e) => `export * as ${identifier(e.name)} from ${JSON.stringify(e.source)};`).join('\n'),
    resolveDir: KERNEL,
    loader: 'ts',
  },
  format: 'cjs',
  outfile: join(DIST, 'cjs/kernel.cjs'),
});
for (const e of entries) {
  writeFileSync(join(DIST, `cjs/${e.name}.cjs`), `'use strict';\nmodule.exports = require('./kernel.cjs').${identifier(e.name)};\n`);
}

// Declarations: the kernel's project as `tsc -b` builds it for the rest of the repository.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-b', KERNEL], { stdio: 'inherit', cwd: ROOT });
mkdirSync(join(DIST, 'types'), { recursive: true });
cpSync(join(ROOT, 'out/tsc/kernel'), join(DIST, 'types'), { recursive: true, filter: (path) => !path.endsWith('.tsbuildinfo') });

/** `product-token` → `product_token`, a name CommonJS code can read as a property. */
function identifier(name) {
  return name.replace(/-/g, '_');
}
