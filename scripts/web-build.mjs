// The web build (vscode.dev, github.dev, code-server's web worker extension host): the client
// for the browser's extension host and the language server for a web worker, into dist/web/.
//
// The seam between Node and the browser is a link seam: the same sources are bundled, and the
// few files that need Node are swapped for their web twins below. A Node built-in anywhere in
// a web bundle fails the build (`nodeBuiltinGuard`), so none can creep in.
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Node-only file → its web twin, for the web client. */
export const WEB_CLIENT_SWAPS = {
  'client/src/server-connection.ts': 'client/src/web/server-connection.ts',
  'client/src/git-head.ts': 'client/src/web/git-head.ts',
  'client/src/ip-list-refresh.ts': 'client/src/web/ip-list-refresh.ts',
  'client/src/live-fetch.ts': 'client/src/web/live-fetch.ts',
};

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/**
 * Fails the build on any import of a Node built-in (`fs`, `node:fs`, `fs/promises`, …),
 * naming the built-in and the file that imports it.
 * @returns {import('esbuild').Plugin}
 */
export function nodeBuiltinGuard() {
  return {
    name: 'node-builtin-guard',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (!BUILTINS.has(args.path) && !args.path.startsWith('node:')) return undefined;
        return { errors: [{ text: `A web bundle must not use the Node built-in "${args.path}" (imported by ${args.importer ? relative(ROOT, args.importer).split('\\').join('/') : 'the entry point'}).` }] };
      });
    },
  };
}

/**
 * Swaps Node-only files for their web twins and `node:path` for a posix path module.
 * @param {Record<string, string>} swaps
 * @returns {import('esbuild').Plugin}
 */
function webSeams(swaps) {
  const byPath = new Map(Object.entries(swaps).map(([from, to]) => [resolve(ROOT, from), resolve(ROOT, to)]));
  return {
    name: 'web-seams',
    setup(build) {
      build.onResolve({ filter: /^node:path$|^path$/ }, () => ({ path: resolve(ROOT, 'client/src/web/posix-path.ts') }));
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        const twin = byPath.get(target) ?? byPath.get(`${target}.ts`);
        return twin ? { path: twin } : undefined;
      });
    },
  };
}

/** @param {{ production: boolean }} options @returns {import('esbuild').BuildOptions} */
function common({ production }) {
  return {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    sourcemap: !production,
    minify: production,
    logLevel: 'silent',
    conditions: ['robots-lens-source'],
    metafile: true,
    absWorkingDir: ROOT,
    // process.env.NODE_ENV is read by some dependencies; a browser has no process.
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  };
}

/**
 * The web client: CommonJS, as the web worker extension host loads it (`exports.activate`).
 * @param {{ production: boolean }} options @returns {import('esbuild').BuildOptions}
 */
export function webClientOptions(options) {
  return {
    ...common(options),
    entryPoints: ['client/src/extension.ts'],
    outfile: 'dist/web/client.js',
    format: 'cjs',
    external: ['vscode'],
    plugins: [webSeams(WEB_CLIENT_SWAPS), nodeBuiltinGuard()],
  };
}

/**
 * The language server for a web worker: a classic script (IIFE), as `new Worker(url)` runs it.
 * @param {{ production: boolean }} options @returns {import('esbuild').BuildOptions}
 */
export function webServerOptions(options) {
  return {
    ...common(options),
    entryPoints: ['server/src/web-server.ts'],
    outfile: 'dist/web/server.js',
    format: 'iife',
    plugins: [nodeBuiltinGuard()],
  };
}
