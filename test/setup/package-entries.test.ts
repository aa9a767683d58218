/**
 * The packages' entry points stay small (issue: "no package entry exports more than 40
 * names; the kernel's at most 30"): a name joins an entry when a user outside the package
 * needs it, and an entry that grows past that is split by job, as the replay's were.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as ts from 'typescript';
import { ROOT } from '../support/import-graph';

const entries = readdirSync(join(ROOT, 'packages'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).flatMap(({ name }) => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', name, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> };
  return Object.entries(manifest.exports).map(([subpath, conditions]) => ({
    name,
    specifier: `@robots-lens/${name}${subpath === '.' ? '' : subpath.slice(1)}`,
    file: join(ROOT, 'packages', name, conditions['robots-lens-source']!),
  }));
});

test('every entry point of every package exports at most 40 names, the kernel\'s at most 30', () => {
  const program = ts.createProgram(entries.map((e) => e.file), {
    module: ts.ModuleKind.Preserve, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022,
    noEmit: true, resolveJsonModule: true, customConditions: ['robots-lens-source'],
  });
  const checker = program.getTypeChecker();
  const counts = entries.map((entry) => {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry.file)!);
    assert.ok(module, `${entry.specifier} is a module`);
    return { ...entry, count: checker.getExportsOfModule(module).length };
  });
  assert.ok(counts.length >= 15, `${counts.length} entries`);
  assert.ok(counts.every((c) => c.count > 0), 'no entry is empty');
  const over = counts.filter((c) => c.count > (c.name === 'kernel' ? 30 : 40)).map((c) => `${c.specifier}: ${c.count}`);
  assert.deepEqual(over, []);
});
