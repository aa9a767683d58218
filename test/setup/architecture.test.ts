/**
 * docs/architecture.md's two tables are the dependency graph, and this test holds them to
 * the code: the packages with their entry points and the packages each imports (which its
 * package.json must also say), and each folder around them with what its files import. A
 * change to either that the other does not follow fails here.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import * as ts from 'typescript';
import { resolveRelative, ROOT, sourceFiles, specifiersOf, workspacePackage } from '../support/import-graph';

const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** The rows of the Markdown table whose header names exactly `columns`, as cells. */
function tableRows(columns: readonly string[]): string[][] {
  const lines = DOC.split('\n');
  const header = lines.findIndex((line) => cells(line).join('|') === columns.join('|'));
  assert.ok(header >= 0, `docs/architecture.md has a table headed ${columns.join(' | ')}`);
  const rows: string[][] = [];
  for (let i = header + 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cells(lines[i]!));
  return rows;
}

function cells(line: string): string[] {
  return line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());
}

/** The names in backticks in a cell (`kernel`, `./parse`), sorted; none for "nothing". */
function named(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
}

const packageRows = tableRows(['package', 'entry points', 'what it is for', 'uses']);
const folderRows = tableRows(['folder', 'what it is for', 'uses']);
const packageNames = readdirSync(join(ROOT, 'packages'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

interface Manifest {
  readonly exports: Record<string, unknown>;
  readonly dependencies?: Record<string, string>;
}
const manifest = (name: string): Manifest => JSON.parse(readFileSync(join(ROOT, 'packages', name, 'package.json'), 'utf8')) as Manifest;

describe('docs/architecture.md: the packages', () => {
  test('one row per package, no more', () => {
    assert.deepEqual(packageRows.map((row) => named(row[0]!)[0]).sort(), packageNames);
  });

  for (const row of packageRows) {
    const name = named(row[0]!)[0]!;
    test(`${name}: its entry points are its exports map`, () => {
      assert.deepEqual(named(row[1]!), Object.keys(manifest(name).exports).sort());
    });
    test(`${name}: the packages it uses are those its sources import and its package.json depends on`, () => {
      const imported = new Set<string>();
      for (const file of sourceFiles(`packages/${name}/src`)) {
        for (const specifier of specifiersOf(file)) {
          const used = workspacePackage(specifier);
          if (used !== undefined && used !== name) imported.add(used);
        }
      }
      const declared = Object.keys(manifest(name).dependencies ?? {}).filter((d) => d.startsWith('@robots-lens/')).map((d) => d.slice('@robots-lens/'.length));
      assert.deepEqual([...imported].sort(), named(row[3]!), 'imports against the doc');
      assert.deepEqual(declared.sort(), named(row[3]!), 'package.json against the doc');
    });
    test(`${name}: its tsconfig resolves every other package to nothing, so that tsc fails on an import of one`, () => {
      const config = ts.readConfigFile(join(ROOT, 'packages', name, 'tsconfig.json'), ts.sys.readFile);
      assert.equal(config.error, undefined);
      const paths = (config.config as { compilerOptions: { paths?: Record<string, string[]> } }).compilerOptions.paths ?? {};
      const forbidden = packageNames.filter((other) => other !== name && !named(row[3]!).includes(other));
      assert.deepEqual(
        Object.keys(paths).sort(),
        forbidden.flatMap((other) => [`@robots-lens/${other}`, `@robots-lens/${other}/*`]).sort(),
      );
      assert.ok(Object.values(paths).every((targets) => targets.length === 1 && targets[0] === '../not-a-dependency.d.ts'));
    });
  }

  test('the packages depend on one another without a cycle', () => {
    const uses = new Map(packageRows.map((row) => [named(row[0]!)[0]!, named(row[3]!)]));
    const done = new Set<string>();
    const visiting = new Set<string>();
    const visit = (name: string, path: string[]): void => {
      assert.ok(!visiting.has(name), `cycle: ${[...path, name].join(' → ')}`);
      if (done.has(name)) return;
      visiting.add(name);
      for (const used of uses.get(name) ?? []) visit(used, [...path, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of uses.keys()) visit(name, []);
  });
});

describe('docs/architecture.md: the folders around the packages', () => {
  const folders = folderRows.map((row) => named(row[0]!)[0]!);
  /** The row a file belongs to: the longest folder containing it (`server/src/*.ts` for the server's own files). */
  const ownerOf = (file: string): string | undefined =>
    folders
      .filter((folder) => (folder.endsWith('/*.ts') ? file.startsWith(folder.slice(0, -4)) && !file.slice(folder.length - 4).includes('/') : file.startsWith(`${folder}/`)))
      .sort((a, b) => b.length - a.length)[0];
  const files = [...sourceFiles('server/src'), ...sourceFiles('client/src')];

  test('every file of the server and the client is in one of the rows', () => {
    assert.deepEqual(files.filter((file) => ownerOf(file) === undefined), []);
  });

  for (const row of folderRows) {
    const folder = named(row[0]!)[0]!;
    test(`${folder}: uses what its files import`, () => {
      const uses = new Set<string>();
      for (const file of files.filter((f) => ownerOf(f) === folder)) {
        for (const specifier of specifiersOf(file)) {
          const used = workspacePackage(specifier);
          if (used !== undefined) uses.add(used);
          if (!specifier.startsWith('.')) continue;
          const target = resolveRelative(file, specifier);
          assert.ok(target !== undefined, `${file} imports ${specifier}`);
          const owner = ownerOf(target) ?? target;
          if (owner !== folder) uses.add(owner);
        }
      }
      assert.deepEqual([...uses].sort(), named(row[2]!));
    });
  }
});
