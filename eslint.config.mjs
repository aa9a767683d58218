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
    // The client never reaches the server's I/O: what needs Node is asked of the server by a
    // custom request, so the web build swaps nothing on the server's side for it.
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)core/', message: 'Import the core through its façade (`server/src/core`), not its folders.' },
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
          { regex: '(^|/)core(/|$)', message: 'protocol/ declares its own wire types: never import the core (convert in server/src/features/wire/).' },
          { regex: '^\\.\\./', message: 'protocol/ imports only its own files and vscode-languageserver-protocol.' },
        ],
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
