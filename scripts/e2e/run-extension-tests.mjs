// Runs the e2e mocha suite inside a real VS Code extension host: code-server serves the workbench
// and the extension host, Debian's Chromium (playwright-core) opens it with the extension under
// development and the suite in the URL payload, and the workbench reports the suite's output and
// exit code through window.codeAutomationLog / window.codeAutomationExit.
//
// Usage (after `npm run build` and `node scripts/e2e/build-suite.mjs`):
//   node scripts/e2e/run-extension-tests.mjs [--extension DIR] [--workspace DIR] [--tests FILE]
//        [--vsix FILE] [--timeout SECONDS] [--artifacts DIR] [--verbose]
// Environment equivalents: ROBOTS_LENS_E2E_EXTENSION, ROBOTS_LENS_E2E_WORKSPACE,
// ROBOTS_LENS_E2E_TESTS, ROBOTS_LENS_E2E_VSIX, ROBOTS_LENS_E2E_TIMEOUT (seconds),
// ROBOTS_LENS_E2E_ARTIFACTS; ROBOTS_LENS_CACHE (code-server install folder);
// ROBOTS_LENS_E2E_GREP (mocha grep, read by the suite itself).
// Defaults: the repository root, examples/, out/e2e/suite/index.js, 600 s, .artifacts/e2e/.
//
// With --vsix the packaged extension is installed with --install-extension and an empty stub is
// the extension under development, so the suite runs against what users would install.
//
// Prints the suite's (mocha spec reporter) output, then the plain closing line
// "e2e: N passed, M failed"; a suite that exits 0 without running a test is a failure.
//
// Exits with the suite's exit code (0 all passed, 1 a test failed); 1 with a message when anything
// around it fails (no exit code before the deadline, code-server or the browser died, …).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { format, parseArgs } from 'node:util';
import { chromiumExecutable, launchChromium } from './chromium.mjs';
import { ensureCodeServer, isInstalled } from './code-server-install.mjs';
import { createProfile, installVsix } from './code-server-profile.mjs';
import { startCodeServer, workbenchUrl } from './code-server.mjs';
import { CHROMIUM_PREREQUISITE, CODE_SERVER_PREREQUISITES, ensurePrerequisites } from './prerequisites.mjs';
import { REPO_ROOT, log } from './repo.mjs';

const { values: opts } = parseArgs({
  options: {
    extension: { type: 'string' },
    workspace: { type: 'string' },
    tests: { type: 'string' },
    vsix: { type: 'string' },
    timeout: { type: 'string' },
    artifacts: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const env = process.env;
const extensionDir = path.resolve(opts.extension ?? env.ROBOTS_LENS_E2E_EXTENSION ?? REPO_ROOT);
const workspace = path.resolve(opts.workspace ?? env.ROBOTS_LENS_E2E_WORKSPACE ?? path.join(REPO_ROOT, 'examples'));
const testsPath = path.resolve(opts.tests ?? env.ROBOTS_LENS_E2E_TESTS ?? path.join(REPO_ROOT, 'out', 'e2e', 'suite', 'index.js'));
const vsixOpt = opts.vsix ?? env.ROBOTS_LENS_E2E_VSIX;
const vsix = vsixOpt ? path.resolve(vsixOpt) : undefined;
const timeoutMs = Number(opts.timeout ?? env.ROBOTS_LENS_E2E_TIMEOUT ?? 600) * 1000;
const artifacts = path.resolve(opts.artifacts ?? env.ROBOTS_LENS_E2E_ARTIFACTS ?? path.join(REPO_ROOT, '.artifacts', 'e2e'));

// Workbench log lines printed only with --verbose (always kept in .artifacts/e2e/suite-output.log).
const WORKBENCH_NOISE =
  /^(Resolving connection token|Resolved connection token|Creating a socket|\[Service Worker\]|ChatSessionStore:|Updating additional builtin extensions cache|Ignoring fetching additional builtin extensions from gallery)/;

/** @param {string} msg @returns {never} */
function fail(msg) {
  console.error(`[e2e] FAILED: ${msg}`);
  process.exit(1); // the exit hook in exit-cleanup.mjs kills code-server
}

// Check the inputs up front: a missing build otherwise shows up minutes later as "extension not found".
if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) fail(`bad timeout ${opts.timeout ?? env.ROBOTS_LENS_E2E_TIMEOUT}`);
if (!existsSync(testsPath)) fail(`no test runner at ${testsPath}; run \`node scripts/e2e/build-suite.mjs\` first`);
if (!existsSync(workspace)) fail(`no workspace folder at ${workspace}`);
try {
  // Chromium and, before code-server's first install, what that install needs: all at once.
  ensurePrerequisites([CHROMIUM_PREREQUISITE, ...(isInstalled() ? [] : CODE_SERVER_PREREQUISITES)], { who: 'e2e' });
  chromiumExecutable();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (vsix) {
  if (!existsSync(vsix)) fail(`no .vsix at ${vsix}`);
} else {
  const manifestPath = path.join(extensionDir, 'package.json');
  if (!existsSync(manifestPath)) fail(`no extension manifest at ${manifestPath}`);
  const main = JSON.parse(readFileSync(manifestPath, 'utf8')).main;
  if (main) {
    const mainPath = path.resolve(extensionDir, main);
    if (!existsSync(mainPath) && !existsSync(`${mainPath}.js`)) fail(`the extension's main ${mainPath} is missing; run \`npm run build\` first`);
  }
}

/**
 * The workbench runs extensionTestsPath only in extension-development mode: with extensionTestsPath
 * alone it never runs the suite nor calls codeAutomationExit (measured: the run just hangs). To test
 * the installed .vsix, develop an empty stub extension instead, so the real one loads as installed.
 * @param {string} root
 */
function testHostStub(root) {
  const dir = path.join(root, 'e2e-test-host');
  mkdirSync(dir, { recursive: true });
  const manifest = { name: 'e2e-test-host', publisher: 'robots-lens-e2e', version: '0.0.0', engines: { vscode: '*' } };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

const t0 = Date.now();
/** @param {number} since */
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** @type {Record<string, string>} */
const timings = {};

const install = await ensureCodeServer().catch((error) => fail(error instanceof Error ? error.message : String(error)));
timings.install = `${(install.ms / 1000).toFixed(1)} s${install.installedNow ? '' : ' (cached)'}`;

mkdirSync(artifacts, { recursive: true });
const deadline = Date.now() + timeoutMs;
const profile = createProfile();
/** @type {Awaited<ReturnType<typeof startCodeServer>> | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;
let exitCode = 1;
/** @type {string[]} */
const suiteLines = [];
try {
  if (vsix) installVsix({ entry: install.entry, profile, vsix });

  const tServer = Date.now();
  server = await startCodeServer({ entry: install.entry, folder: workspace, profile, logFile: path.join(artifacts, 'code-server.log') });
  timings.codeServerHealthy = secs(tServer);
  log(`code-server ${server.url} (pid ${server.pid}) healthy after ${timings.codeServerHealthy}`);

  const tBrowser = Date.now();
  browser = await launchChromium();
  timings.browserLaunch = secs(tBrowser);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  /** @type {string[]} */
  const consoleLines = [];
  page.on('console', (m) => {
    consoleLines.push(`[${m.type()}] ${m.text()}`);
    if (opts.verbose) console.error(`[browser ${m.type()}] ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.stack ?? e.message}`));

  /** @type {(code: number) => void} */
  let onExit = () => {};
  const suiteExit = new Promise((resolve) => (onExit = resolve));
  // The workbench (not the extension host) calls these: codeAutomationLog(level, message) for
  // every workbench log entry – in a test run that includes the extension host's console, i.e.
  // mocha's reporter – and codeAutomationExit(code, logs) once the suite's run() has settled.
  await page.exposeFunction('codeAutomationLog', (/** @type {string} */ level, /** @type {unknown} */ message) => {
    // The message arrives as console.log's arguments, format string unexpanded: ['  %d passing (%s)', 1, '462ms'].
    const text = Array.isArray(message) ? format(...message) : String(message);
    suiteLines.push(text);
    if (opts.verbose || !WORKBENCH_NOISE.test(text)) console.log(level === 'info' ? text : `[${level}] ${text}`);
  });
  await page.exposeFunction('codeAutomationExit', (/** @type {number} */ code) => onExit(code));

  const url = workbenchUrl({
    port: server.port,
    folder: workspace,
    extensionDevelopmentPath: vsix ? testHostStub(profile.root) : extensionDir,
    extensionTestsPath: testsPath,
  });
  log(`opening ${url}`);
  const tPage = Date.now();
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: Math.max(1, deadline - Date.now()) });
  const remaining = () => Math.max(1, deadline - Date.now());
  let tReady = 0;
  page
    .locator('.monaco-workbench')
    .waitFor({ state: 'attached', timeout: remaining() })
    .then(() => {
      tReady = Date.now();
      timings.workbenchReady = secs(tPage);
      log(`workbench ready ${timings.workbenchReady} after page.goto`);
    })
    .catch(() => {}); // a workbench that never appears ends in the timeout below

  const outcome = await Promise.race([
    suiteExit.then((code) => ({ kind: 'exit', code })),
    server.exited.then((code) => ({ kind: 'code-server died', code })),
    new Promise((resolve) => browser?.on('disconnected', () => resolve({ kind: 'browser disconnected' }))),
    new Promise((resolve) => page.on('crash', () => resolve({ kind: 'page crashed' }))),
    delay(remaining(), undefined, { ref: false }).then(() => ({ kind: 'timeout' })),
  ]);
  if (tReady) timings.suite = secs(tReady);

  await page.screenshot({ path: path.join(artifacts, 'final.png') }).catch(() => {});
  writeFileSync(path.join(artifacts, 'browser-console.log'), `${consoleLines.join('\n')}\n`);
  writeFileSync(path.join(artifacts, 'suite-output.log'), `${suiteLines.join('\n')}\n`);

  if (outcome.kind === 'exit') {
    exitCode = typeof outcome.code === 'number' ? outcome.code : 1;
  } else if (outcome.kind === 'timeout') {
    console.error(
      `[e2e] FAILED: no exit code from the suite within ${timeoutMs / 1000} s ` +
        `(workbench ${timings.workbenchReady ? 'was' : 'never got'} ready). See ${artifacts}/ (final.png, code-server.log, browser-console.log).`,
    );
  } else {
    console.error(`[e2e] FAILED: ${outcome.kind}${'code' in outcome ? ` (${outcome.code})` : ''}. See ${artifacts}/.`);
  }
} catch (error) {
  console.error(`[e2e] FAILED: ${error instanceof Error ? error.stack : error}`);
  exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  profile.dispose();
}

// mocha's spec reporter ends with "N passing" / "N failing"; restate it as the plain closing line.
const count = (/** @type {RegExp} */ re) => suiteLines.reduce((n, line) => { const m = re.exec(line); return m ? Number(m[1]) : n; }, -1);
const passed = count(/^\s*(\d+) passing\b/m);
const failed = Math.max(0, count(/^\s*(\d+) failing\b/m));
timings.total = secs(t0);
log(`timings: ${Object.entries(timings).map(([k, v]) => `${k} ${v}`).join(', ')}`);
if (exitCode === 0 && passed <= 0) {
  console.error('[e2e] FAILED: the suite exited 0 but ran no test');
  exitCode = 1;
}
if (passed >= 0) console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
