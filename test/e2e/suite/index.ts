// Mocha entry point for the extension host, as @vscode/test-electron and code-server's
// extensionTestsPath expect: a module exporting `run(): Promise<void>` that rejects when a test fails.
//
// scripts/e2e/build-suite.mjs bundles this file (with mocha inside) to out/e2e/suite/index.js and
// every test/e2e/suite/*.e2e.ts to out/e2e/suite/*.e2e.js beside it; run() loads those.
//
// Specs use mocha's globals (`suite`/`test`, TDD UI) declared by `/// <reference types="mocha" />`.
// They must not `import … from 'mocha'`: each spec is its own bundle, so that would bundle a second
// mocha whose `suite` registers into nothing (build-suite.mjs rejects such a spec).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  // No process.setSourceMapsEnabled(): the extension host installs its own Error.prepareStackTrace,
  // which switches Node's source-map rewriting off. Stacks point into the unminified bundles in
  // out/e2e/suite/ (readable; the .map files beside them serve debuggers).
  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    timeout: 60_000,
    reporter: 'spec',
    // ROBOTS_LENS_E2E_GREP=pattern runs a subset.
    ...(process.env.ROBOTS_LENS_E2E_GREP ? { grep: process.env.ROBOTS_LENS_E2E_GREP } : {}),
  });
  const specs = fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.e2e.js'))
    .sort();
  if (specs.length === 0) {
    return Promise.reject(new Error(`no *.e2e.js specs next to ${__filename}; run scripts/e2e/build-suite.mjs`));
  }
  for (const spec of specs) mocha.addFile(path.join(__dirname, spec));

  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} e2e test(s) failed.`));
        else resolve();
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
