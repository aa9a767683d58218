/**
 * Every document a comment names is in the repository: a `.md` path resolves from the
 * repository's root or from the file's own folder, a section cited by number exists in the
 * contract, and a passage of docs/architecture.md cited by its words is still there. A
 * reference to a file outside the clone (the contract used to be cited as "contract §4")
 * would send the next engineer nowhere.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const SOURCE = /^(packages\/[^/]+\/(src|test)|server|client|scripts|bench|test|media)\/.*\.(ts|mjs|js|css)$/;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) && existsSync(join(ROOT, f)));

/** `.md` paths in the text, not inside a URL (`https://…/changelog.md`). */
function markdownPaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w/.:-])((?:[\w.-]+\/)*[\w.-]+\.md)\b/g)].map((m) => m[1]!);
}

test('the scan finds the sources and reads a path in a URL as no reference', () => {
  assert.ok(files.length > 300, `${files.length} files`);
  assert.deepEqual(markdownPaths('see docs/scale-out.md and https://example.com/changelog.md, or README.md.'), ['docs/scale-out.md', 'README.md']);
});

test('every .md a source file names is a file of the repository', () => {
  const missing: string[] = [];
  for (const file of files) {
    for (const path of markdownPaths(readFileSync(join(ROOT, file), 'utf8'))) {
      if (!existsSync(join(ROOT, path)) && !existsSync(join(ROOT, dirname(file), path))) missing.push(`${file}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('no comment cites a document it does not name ("contract §4", "architecture rule 5")', () => {
  // This file names the phrases it looks for.
  const vague = files.filter((file) => file !== 'test/setup/doc-references.test.ts').flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (/\bcontract §|\barchitecture rule \d/.test(line) ? [`${file}:${i + 1}`] : [])),
  );
  assert.deepEqual(vague, []);
});

test('every numbered section cited of the contract exists, and every passage of the architecture cited by its words', () => {
  const headings = (path: string): Set<string> =>
    new Set([...readFileSync(join(ROOT, path), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]!));
  const sections = new Map(['robots-semantics', 'ai-preferences'].map((name) => [name, headings(`docs/spec/${name}.md`)]));
  const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const broken: string[] = [];
  let cited = 0;
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/docs\/spec\/(robots-semantics|ai-preferences)\.md §(\d+)/g)) {
      cited++;
      if (!sections.get(m[1]!)!.has(m[2]!)) broken.push(`${file}: ${m[0]}`);
    }
    for (const m of text.matchAll(/docs\/architecture\.md, "([^"]+)"/g)) {
      cited++;
      if (!architecture.includes(m[1]!)) broken.push(`${file}: ${m[0]}`);
    }
  }
  assert.ok(cited > 40, `${cited} citations`);
  assert.deepEqual(broken, []);
});
