import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.cache/**', '.artifacts/**', 'examples/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The core is pure: it knows what robots.txt means and nothing about editors or I/O.
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode', 'vscode-*', 'vscode-languageserver*'], message: 'The core must not depend on the editor or LSP.' },
          { group: ['node:*'], message: 'The core is pure: I/O lives in server/src/node.' },
          { group: ['fs', 'path', 'http', 'https', 'dns', 'net', 'child_process', 'os', 'zlib', 'stream', 'url', 'crypto', 'worker_threads'], message: 'The core is pure: I/O lives in server/src/node.' },
          { group: ['../node/*', '../../node/*', '../cli/*', '../../cli/*', '../features/*', '../../features/*'], message: 'The core must not import the outer layers.' },
          // A folder's index is its public face; what lies behind it can change freely.
          { regex: '^(\\.\\./)+[^./][^/]*/', message: 'A core folder imports another core folder only through its index (`../parse`, not `../parse/model`).' },
        ],
      }],
    },
  },
  {
    // Outside the core, its façade (core/index.ts) is the one way in; only tests reach behind it.
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['server/src/core/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '(^|/)core/', message: 'Import the core through its façade (`server/src/core`), not its folders.' }],
      }],
    },
  },
  {
    // The client and the protocol never reach the server's I/O: what needs Node is asked of the
    // server by a custom request, so the web build swaps nothing on the server's side for them.
    files: ['client/src/**/*.ts', 'server/src/protocol*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)core/', message: 'Import the core through its façade (`server/src/core`), not its folders.' },
          { regex: '(^|/)server/src/node(/|$)|^\\./node(/|$)', message: 'The client and the protocol never import server/src/node: ask the server with a custom request.' },
        ],
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
