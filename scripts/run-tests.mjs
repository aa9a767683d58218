// Runs the unit, LSP, CLI, client view and set-up tests with node's test runner. Node 20's runner
// neither expands globs nor finds `.ts` files by itself, so the files are listed here (`.test.ts`,
// and `.test.mjs` for the set-up scripts, which are plain JavaScript).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const layers = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['packages', 'test/core', 'test/node', 'test/server', 'test/cli', 'test/client', 'test/setup'];
const files = layers.flatMap((dir) => findTests(dir));
if (files.length === 0) {
  console.error(`No test files under ${layers.join(', ')}.`);
  process.exit(1);
}
// A test file that hangs (a test, or a handle left open after its tests) is cancelled after ten
// minutes and fails the run, instead of holding CI for ever. (Not
// --test-force-exit: on Node 20 it ended a test file's process while some of its tests were
// still to run, and they went missing from the count without a failure.)
const guards = ['--test-timeout=600000'];
const result = spawnSync(process.execPath, ['--conditions=robots-lens-source', '--import', 'tsx', '--test', '--test-reporter=spec', ...guards, ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);

function findTests(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findTests(path);
    return entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.mjs') ? [path] : [];
  });
}
