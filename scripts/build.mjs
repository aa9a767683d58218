// Bundles the entry points with esbuild. Type-checking is separate (`tsc -b`),
// as in lsp-sample: the bundle must not wait for, or depend on, the type checker.
// Node: the client (`main`), the server and the CLI in dist/ (with the CLI's code cache,
// scripts/code-cache.mjs); web: the client (`browser`)
// and the server for a web worker in dist/web/ (scripts/web-build.mjs).
import * as esbuild from 'esbuild';
import { webClientOptions, webServerOptions } from './web-build.mjs';

const production = process.argv.includes('--production');

/**
 * The CLI bundle's first and last lines: Node's own module wrapper (`module.wrap`), written
 * into the file so that the entry point compiles the text as read. Wrapped at run time, it
 * was a joined string V8 copied whole (flattened) before compiling: 850 KB more to copy, and
 * about 250 more fresh pages, in every run.
 */
const CLI_BUNDLE_WRAPPER = ['(function (exports, require, module, __filename, __dirname) {', '\n});'];

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // The workspace packages export their TypeScript sources under this condition (their
  // published entry points are built files).
  conditions: ['robots-lens-source'],
};

await Promise.all([
  esbuild.build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  esbuild.build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' }),
  // The CLI: the bundle, and the small entry point that runs it from its code cache. Every
  // run reads the whole bundle before V8 takes its cache: without comments and spaces it is
  // a third smaller and plain ASCII (a comment's "──" made V8 read 1.2 MB as two-byte text),
  // and `robots-lens --version` starts in 110 ms, not 130. Names are kept, for stack traces.
  // It is written as the function Node would wrap a module in (see CLI_BUNDLE_WRAPPER).
  esbuild.build({ ...common, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli-main.js', minifyWhitespace: true, minifySyntax: true, banner: { js: CLI_BUNDLE_WRAPPER[0] }, footer: { js: CLI_BUNDLE_WRAPPER[1] } }),
  esbuild.build({ ...common, entryPoints: ['server/src/cli/launch.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } }),
  buildWeb(webClientOptions({ production })),
  buildWeb(webServerOptions({ production })),
]);
// Run once the bundles are there: it starts the CLI a few times to fill the cache.
await import('./code-cache.mjs');

/** Builds a web bundle; its errors (a Node built-in, above all) fail the build with their text. */
async function buildWeb(options) {
  try {
    await esbuild.build(options);
  } catch (error) {
    const errors = /** @type {{ errors?: { text: string, location?: { file: string, line: number } }[] }} */ (error).errors ?? [];
    for (const e of errors) console.error(`${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`);
    console.error(`Web build of ${options.outfile} failed.`);
    process.exit(1);
  }
}
