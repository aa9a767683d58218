/**
 * The replay runs one way (docs/architecture.md, "A log line becomes a summary"): reading,
 * time order, identification, judging, then the summary or the record consumer. A file that
 * imports a file downstream of it and is imported back is data running both ways, so any
 * cycle among the package's files fails here, type-only imports included (a type cycle is
 * the same knot, only invisible at run time).
 */

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const SRC = join(__dirname, '..', 'src');

/** Every `.ts` file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The package's own files a file imports or re-exports from (relative specifiers only). */
export function localImports(file: string, text: string): string[] {
  // `import … from './x'`, `import type …`, `export … from './x'`, bare `import './x'`; comments stripped first.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers = [...code.matchAll(/(?:^|;|\n)\s*(?:import|export)\b[^'";]*?(?:from\s*)?['"](\.{1,2}\/[^'"]*)['"]/g)].map((m) => m[1]!);
  return specifiers.map((spec) => {
    const base = resolve(dirname(file), spec);
    const candidates = [`${base}.ts`, join(base, 'index.ts')];
    const found = candidates.find((c) => existsSync(c));
    assert.ok(found, `${relative(SRC, file)} imports ${spec}, which is not a file of the package`);
    return found;
  });
}

/** The first cycle found in a graph, as the files around it (first file repeated at the end), or null. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.get(node) !== undefined) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

test('the cycle finder finds a cycle, and none where there is none', () => {
  assert.deepEqual(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]])), ['a', 'b', 'c', 'a']);
  assert.equal(findCycle(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]])), null);
  const parsed = localImports(join(SRC, 'x.ts'), "import type { A } from './index';\nexport { b } from './shards';\n// import { c } from './nope';\n");
  assert.deepEqual(parsed, [join(SRC, 'index.ts'), join(SRC, 'shards.ts')]);
});

test('no import cycle among the files of packages/replay', () => {
  const files = sourceFiles(SRC);
  const graph = new Map(files.map((file) => [file, localImports(file, readFileSync(file, 'utf8'))]));
  const cycle = findCycle(graph);
  assert.equal(cycle && cycle.map((f) => relative(SRC, f)).join(' → '), null, 'files that import each other, directly or around a ring');
});
