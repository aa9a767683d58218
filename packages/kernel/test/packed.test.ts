/**
 * The kernel as others install it: `npm pack` in its folder, `npm install` of that tarball in
 * an empty folder, then its README's examples run there, through `require` and `import`,
 * printing what the README says they print, and its TypeScript example type-checked against
 * the packed declarations.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

const KERNEL = join(__dirname, '..');
const README = readFileSync(join(KERNEL, 'README.md'), 'utf8');
const TSC = require.resolve('typescript/bin/tsc');

/** The README's examples: each ```js block with the ```text block after it, and the ```ts blocks. */
function readmeExamples(): { scripts: { code: string; output: string }[]; typed: string[] } {
  const scripts = [...README.matchAll(/```js\n([\s\S]*?)```\s*```text\n([\s\S]*?)```/g)].map((m) => ({ code: m[1]!, output: m[2]! }));
  const typed = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return { scripts, typed };
}

describe('@robots-lens/kernel packed and installed', () => {
  let work = '';
  let app = '';
  let packedFiles: string[] = [];

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'kernel-pack-'));
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: KERNEL, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { filename: string; files: { path: string }[] }[];
    packedFiles = packed[0]!.files.map((f) => f.path);
    app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'kernel-user', private: true }));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed[0]!.filename)], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  test('the tarball holds built code for both module systems and declarations, not the sources', () => {
    for (const file of ['dist/cjs/index.cjs', 'dist/esm/index.mjs', 'dist/types/index.d.ts', 'README.md', 'LICENSE', 'package.json']) {
      assert.ok(packedFiles.includes(file), `${file} packed`);
    }
    assert.deepEqual(packedFiles.filter((f) => f.startsWith('src/') || f.startsWith('test/')), []);
  });

  test('it installs with no runtime dependency', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/@robots-lens/kernel/package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest['dependencies'], undefined);
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    assert.deepEqual(Object.keys(lock.packages).filter((p) => p !== ''), ['node_modules/@robots-lens/kernel']);
  });

  test('the README has a require example, an import example and a typed one', () => {
    const { scripts, typed } = readmeExamples();
    assert.ok(scripts.some((s) => s.code.includes("require('@robots-lens/kernel')")));
    assert.ok(scripts.some((s) => /^import .* from '@robots-lens\/kernel';$/m.test(s.code)));
    assert.equal(typed.length, 1);
  });

  test("each README example prints what the README says it prints", () => {
    readmeExamples().scripts.forEach(({ code, output }, i) => {
      const file = join(app, code.includes('require(') ? `example-${i}.cjs` : `example-${i}.mjs`);
      writeFileSync(file, code);
      assert.equal(execFileSync(process.execPath, [file], { cwd: app, encoding: 'utf8' }), output, `README example ${i + 1}`);
    });
  });

  test("the README's TypeScript example type-checks against the packed declarations", () => {
    const [typed] = readmeExamples().typed;
    writeFileSync(join(app, 'check.mts'), typed!);
    writeFileSync(join(app, 'check.cts'), typed!);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', strict: true, noEmit: true, types: [] }, files: ['check.mts', 'check.cts'] }));
    execFileSync(process.execPath, [TSC, '-p', app], { cwd: app, encoding: 'utf8' });
  });

  test('every entry loads through require and import, and entries share one copy of each class', () => {
    const manifest = JSON.parse(readFileSync(join(KERNEL, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const specifiers = Object.keys(manifest.exports).map((subpath) => `@robots-lens/kernel${subpath.slice(1)}`);
    const probe = `
      const specifiers = ${JSON.stringify(specifiers)};
      const required = specifiers.map((s) => Object.keys(require(s)).length);
      Promise.all(specifiers.map((s) => import(s))).then((imported) => {
        const sameClass = require('@robots-lens/kernel').RobotsMatcher === require('@robots-lens/kernel/match').RobotsMatcher
          && imported[0].RobotsMatcher === imported[specifiers.indexOf('@robots-lens/kernel/match')].RobotsMatcher;
        console.log(JSON.stringify({ required, imported: imported.map((m) => Object.keys(m).length), sameClass }));
      });`;
    writeFileSync(join(app, 'probe.cjs'), probe);
    const result = JSON.parse(execFileSync(process.execPath, [join(app, 'probe.cjs')], { cwd: app, encoding: 'utf8' })) as { required: number[]; imported: number[]; sameClass: boolean };
    assert.ok(result.required.every((n) => n > 0), `every entry exports values through require: ${result.required.join(', ')}`);
    assert.deepEqual(result.imported, result.required);
    assert.equal(result.sameClass, true);
  });
});
