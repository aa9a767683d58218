// Runs the same e2e mocha suite in desktop VS Code (Electron) through @vscode/test-electron, for
// machines that can download VS Code from Microsoft. (These CI machines cannot: the download fails
// with ENOTFOUND; there, scripts/e2e/run-extension-tests.mjs runs the suite in code-server.)
//
// Usage, after `npm run build` and `node scripts/e2e/build-suite.mjs`:
//   node --conditions=robots-lens-source --import tsx test/e2e/electron-launcher.ts            (Linux without a display: xvfb-run -a …)
// Environment: VSCODE_TEST_VERSION (default 1.100.3, the VS Code inside code-server 4.100.3 and the
// floor of engines.vscode), ROBOTS_LENS_E2E_WORKSPACE (default examples/), ROBOTS_LENS_E2E_GREP.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<number> {
  const extensionTestsPath = path.join(repoRoot, 'out', 'e2e', 'suite', 'index.js');
  if (!fs.existsSync(extensionTestsPath)) {
    console.error(`no ${extensionTestsPath}; run \`node scripts/e2e/build-suite.mjs\` first`);
    return 1;
  }
  const workspace = path.resolve(process.env.ROBOTS_LENS_E2E_WORKSPACE ?? path.join(repoRoot, 'examples'));
  // A throwaway profile, and the VS Code download cached outside the clone (the default,
  // ./.vscode-test, would sit in the work tree and be linted and packaged).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-lens-electron-'));
  try {
    return await runTests({
      version: process.env.VSCODE_TEST_VERSION ?? '1.100.3',
      cachePath: path.join(os.homedir(), '.cache', 'robots-lens', 'vscode-test'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath,
      launchArgs: [
        workspace,
        '--user-data-dir', path.join(profile, 'user-data'),
        '--extensions-dir', path.join(profile, 'extensions'),
        // Only the extension under development: no other installed extension interferes.
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
      ],
      extensionTestsEnv: process.env.ROBOTS_LENS_E2E_GREP ? { ROBOTS_LENS_E2E_GREP: process.env.ROBOTS_LENS_E2E_GREP } : {},
    });
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // runTests rejects (TestRunFailedError) when the suite fails or VS Code cannot start.
    console.error('e2e (electron) failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
