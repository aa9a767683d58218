/**
 * The protocol folder is the client's contract and imports nothing from the core, not even
 * a type: read from the files themselves, so no build setting can hide an import.
 */

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const PROTOCOL = join(__dirname, '..', '..', 'server', 'src', 'protocol');

/** Every module specifier of a file: `import … from`, `export … from`, `import(…)`, `require(…)`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]/g)) found.push(m[1] ?? m[2]!);
  return found;
}

test('server/src/protocol imports only its own files and the LSP protocol library', () => {
  const files = readdirSync(PROTOCOL).filter((f) => f.endsWith('.ts'));
  assert.ok(files.includes('index.ts') && files.length > 5, `files: ${files.join(', ')}`);
  for (const file of files) {
    const used = specifiers(readFileSync(join(PROTOCOL, file), 'utf8'));
    for (const spec of used) {
      assert.doesNotMatch(spec, /(^|\/)core(\/|$)/, `${file} imports the core (${spec})`);
      assert.ok(spec === 'vscode-languageserver-protocol' || /^\.\/[\w-]+$/.test(spec), `${file} imports ${spec}: only ./siblings and vscode-languageserver-protocol`);
    }
  }
});

test('the reader sees type-only imports too', () => {
  assert.deepEqual(specifiers("import type { Verdict } from '../core';\nexport * from './x';"), ['../core', './x']);
});
