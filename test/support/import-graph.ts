/**
 * The import graph of the repository's own code, read from the sources with the TypeScript
 * parser: which workspace packages and which folders each folder's files import. The
 * architecture test holds docs/architecture.md's tables to it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');

/** Every `.ts` file under `dir` (relative to the repository), not under node_modules or dist. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(ROOT, rel))) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const path = `${rel}/${entry}`;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** The module specifiers a file imports or re-exports, dynamic `import()` included. */
export function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (`./x` → `./x.ts` or `./x/index.ts`), relative to the repository. */
export function resolveRelative(from: string, specifier: string): string | undefined {
  const base = join(dirname(join(ROOT, from)), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate).split('\\').join('/');
  }
  return undefined;
}

/** The workspace package a specifier names (`@robots-lens/kernel/match` → `kernel`). */
export function workspacePackage(specifier: string): string | undefined {
  return /^@robots-lens\/([^/]+)/.exec(specifier)?.[1];
}
