import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { URL } from 'node:url';

/** Each workspace package with the workspace packages its package.json depends on. */
const PACKAGES = readdirSync(new URL('packages/', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map(({ name }) => {
  const manifest = JSON.parse(readFileSync(new URL(`packages/${name}/package.json`, import.meta.url), 'utf8'));
  return { name, dependencies: Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@robots-lens/')) };
});

/**
 * The page scripts with the globals each defines for the scripts loaded after it (a page
 * library such as media/common.js names them in its `/* exported … *\/` line, read here, so
 * the list is kept once).
 */
const MEDIA_SCRIPTS = readdirSync(new URL('media/', import.meta.url))
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({
    name,
    defines: [...readFileSync(new URL(`media/${name}`, import.meta.url), 'utf8').matchAll(/\/\* exported ([^*]+)\*\//g)].flatMap((match) => match[1].split(',').map((word) => word.trim())),
  }));

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'cli-package/dist/**', 'out/**', 'node_modules/**', '.cache/**', '.artifacts/**', 'examples/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The packages are pure: they know what robots.txt means and nothing about editors or I/O.
  // A package imports another only if its package.json lists it as a dependency (the graph
  // docs/architecture.md draws, checked by test/setup/architecture.test.ts).
  ...PACKAGES.map(({ name, dependencies }) => ({
    files: [`packages/${name}/src/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode', 'vscode-*', 'vscode-languageserver*'], message: 'The packages must not depend on the editor or LSP.' },
          { group: ['node:*'], message: 'The packages are pure: I/O lives in server/src/node.' },
          { group: ['fs', 'path', 'http', 'https', 'dns', 'net', 'child_process', 'os', 'zlib', 'stream', 'url', 'crypto', 'worker_threads'], message: 'The packages are pure: I/O lives in server/src/node.' },
          { group: ['@robots-lens/*', ...dependencies.flatMap((d) => [`!${d}`, `!${d}/*`])], message: `@robots-lens/${name} may import only the packages its package.json depends on.` },
          { regex: '(^|/)(server|client)/src(/|$)', message: 'A package never imports the server or the client.' },
          // A folder's index is its public face; what lies behind it can change freely.
          { regex: '^(\\.\\./)+[^./][^/]*/', message: 'A folder imports another folder of its package only through its index (`../parse`, not `../parse/model`).' },
        ],
      }],
    },
  })),
  {
    // Outside the packages, their entry points (\`@robots-lens/kernel/match\`, …) are the one way
    // in; only a package's own tests (packages/*/test) reach behind them.
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'test/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '(^|/)packages/', message: 'Import a package through its entry points (`@robots-lens/kernel/match`), not its files.' }],
      }],
    },
  },
  {
    // The client never reaches the server's I/O: what needs Node is asked of the server by a
    // custom request, so the web build swaps nothing on the server's side for it.
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)packages/', message: 'Import a package through its entry points (`@robots-lens/kernel/match`), not its files.' },
          { regex: '(^|/)server/src/node(/|$)|^\\./node(/|$)', message: 'The client never imports server/src/node: ask the server with a custom request.' },
        ],
      }],
    },
  },
  {
    // The protocol is the client's contract: its wire types are declared in its own folder, so
    // a change inside the core cannot change what the client receives unnoticed. It imports
    // only its own files and the LSP protocol library (not the core, not even a type; not
    // server/src/node), and the server converts core values in features/wire/.
    files: ['server/src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@robots-lens/*'], message: 'protocol/ declares its own wire types: never import the core packages (convert in server/src/features/wire/).' },
          { regex: '^\\.\\./', message: 'protocol/ imports only its own files and vscode-languageserver-protocol.' },
        ],
      }],
    },
  },
  // The page scripts are classic browser scripts: the libraries a page loads first share the
  // page's global scope with its own script (client/src/webview-page.ts).
  ...MEDIA_SCRIPTS.map(({ name }) => ({
    files: [`media/${name}`],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.browser,
        acquireVsCodeApi: 'readonly',
        ...Object.fromEntries(MEDIA_SCRIPTS.filter((other) => other.name !== name).flatMap((other) => other.defines.map((word) => [word, 'readonly']))),
      },
    },
  })),
  {
    files: ['scripts/**/*.mjs', 'test/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
