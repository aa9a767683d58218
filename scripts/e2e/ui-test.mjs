// UI test of the PACKAGED extension: the .vsix is installed into a throwaway code-server profile, a
// copy of examples/ is opened in the real workbench, and Debian's Chromium (playwright-core) drives
// it the way a user would: squiggles, the Problems panel, hovers (ui/editor-scenarios.mjs), Test
// URL through the command palette and its two quick picks (ui/test-url-scenarios.mjs), the crawler
// matrix webview, and hostile input typed into the matrix (ui/matrix-scenarios.mjs); the replay
// panel on a hostile log and on the example log (scenarios in ui/replay-scenarios.mjs); Compare
// with… Git HEAD and another file, and the comparison on save, silent on auto-save (the copy is a
// git repository; ui/compare-scenarios.mjs); Compare with… a live robots.txt served on 127.0.0.1,
// and one answering 503 (ui/compare-live-scenarios.mjs); Fetch robots.txt… from a site on 127.0.0.1
// (ui/fetch-scenarios.mjs); Survey Sites… on a file of two local sites (ui/survey-panel-scenarios.mjs);
// the survey's HTML report from the CLI, opened in Chromium
// (ui/survey-report-scenarios.mjs). Throughout, the workspace copy keeps its bytes (only the files the test
// saves or writes itself change: ui/workspace-bytes.mjs), and ports opened meanwhile are not
// forwarded (ui/busy-ports.mjs). Every scenario leaves a screenshot in .artifacts/e2e/ui/.
// --web: the same against a web-only copy of the .vsix (no `main`), which code-server runs in its
// web worker extension host; scenarios that need Node are listed with why in ui/web-scenarios.mjs
// and printed as not run; artefacts in .artifacts/e2e/ui-web/ (ui/web-scenarios.mjs adds the web's own).
//
// Usage: npm run test:ui   (packages first: `npm run package && node scripts/e2e/ui-test.mjs`)
//        node scripts/e2e/ui-test.mjs [--web] [--vsix FILE] [--artifacts DIR] [--timeout SECONDS] [--verbose] [--only a,b]
// Environment equivalents: ROBOTS_LENS_UI_VSIX, ROBOTS_LENS_UI_ARTIFACTS, ROBOTS_LENS_UI_TIMEOUT
// (per wait, default 60 s); ROBOTS_LENS_CACHE (code-server install folder), ROBOTS_LENS_CHROMIUM.
//
// Prints one line per scenario and the closing line "ui: N passed, M failed"; exits 1 on any
// failure (a scenario whose prerequisite failed counts as failed, with the reason).
// Waits only for conditions (locator.waitFor and friends), never for fixed times.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumExecutable, launchChromium } from './chromium.mjs';
import { ensureCodeServer, isInstalled } from './code-server-install.mjs';
import { createProfile, installVsix } from './code-server-profile.mjs';
import { startCodeServer, workbenchUrl } from './code-server.mjs';
import { CHROMIUM_PREREQUISITE, CODE_SERVER_PREREQUISITES, GIT_PREREQUISITE, ensurePrerequisites } from './prerequisites.mjs';
import { REPO_ROOT, log } from './repo.mjs';
import { compareLiveScenarios } from './ui/compare-live-scenarios.mjs';
import { agentHoverScenario } from './ui/agent-hover-scenario.mjs';
import { aiAccessScenarios } from './ui/ai-access-scenarios.mjs';
import { openBusyPorts } from './ui/busy-ports.mjs';
import { compareScenarios } from './ui/compare-scenarios.mjs';
import { editorScenarios } from './ui/editor-scenarios.mjs';
import { fetchScenarios } from './ui/fetch-scenarios.mjs';
import { commitToNewRepository } from './ui/git-workspace.mjs';
import { writeHostileLog } from './ui/hostile-log.mjs';
import { matrixLayoutScenarios } from './ui/matrix-layout-scenarios.mjs';
import { matrixScenarios } from './ui/matrix-scenarios.mjs';
import { replayScenarios } from './ui/replay-scenarios.mjs';
import { DESKTOP_ONLY, WEB_SETTINGS, prepareWebWorkspace, webEndScenarios, webStartScenarios } from './ui/web-scenarios.mjs';
import { packageWebOnly } from './web-only-vsix.mjs';
import { sitemapsScenarios } from './ui/sitemaps-scenarios.mjs';
import { panelWidthScenarios } from './ui/panel-width-scenarios.mjs';
import { surveyPanelScenarios } from './ui/survey-panel-scenarios.mjs';
import { surveyReportScenarios } from './ui/survey-report-scenarios.mjs';
import { testUrlScenarios } from './ui/test-url-scenarios.mjs';
import { workbench } from './ui/workbench.mjs';
import { workspaceBytes, workspaceChanges } from './ui/workspace-bytes.mjs';

const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const { values: opts } = parseArgs({
  options: {
    vsix: { type: 'string' },
    artifacts: { type: 'string' },
    timeout: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    web: { type: 'boolean', default: false },
    // Only these scenarios (comma-separated) after the workbench opens: for working on one.
    only: { type: 'string' },
  },
});
const env = process.env;
const vsix = path.resolve(opts.vsix ?? env.ROBOTS_LENS_UI_VSIX ?? path.join(REPO_ROOT, `${manifest.name}-${manifest.version}.vsix`));
const artifacts = path.resolve(opts.artifacts ?? env.ROBOTS_LENS_UI_ARTIFACTS ?? path.join(REPO_ROOT, '.artifacts', 'e2e', opts.web ? 'ui-web' : 'ui'));
const WAIT = Number(opts.timeout ?? env.ROBOTS_LENS_UI_TIMEOUT ?? 60) * 1000;

/** The palette label of a contributed command: "Category: Title", as package.json says. @param {string} id */
function commandLabel(id) {
  const command = manifest.contributes.commands.find((/** @type {{ command: string }} */ c) => c.command === id);
  if (!command) throw new Error(`ui: package.json contributes no command ${id}`);
  return command.category ? `${command.category}: ${command.title}` : command.title;
}
const TEST_URL = commandLabel('robotsLens.testUrl'); // "robots.txt: Test URL…"
const SHOW_MATRIX = commandLabel('robotsLens.showMatrix'); // "robots.txt: Show Crawler Matrix"
const REPLAY_LOG = commandLabel('robotsLens.replayLog'); // "robots.txt: Replay Access Log…"
const COMPARE = commandLabel('robotsLens.compare'); // "robots.txt: Compare with…"
const FETCH = commandLabel('robotsLens.fetch'); // "robots.txt: Fetch robots.txt…"
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

/** @param {string} msg @returns {never} */
function fail(msg) {
  console.error(`[ui] FAILED: ${msg}`);
  console.log('ui: 0 passed, 1 failed');
  process.exit(1);
}

// Check the inputs before spending a minute on code-server.
if (!Number.isFinite(WAIT) || WAIT <= 0) fail(`bad timeout ${opts.timeout ?? env.ROBOTS_LENS_UI_TIMEOUT}`);
try {
  // Chromium and, before code-server's first install, what that install needs: all at once.
  ensurePrerequisites([CHROMIUM_PREREQUISITE, GIT_PREREQUISITE, ...(isInstalled() ? [] : CODE_SERVER_PREREQUISITES)], { who: 'ui' });
  chromiumExecutable();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (!opts.web && !existsSync(vsix)) fail(`no .vsix at ${vsix}; run \`npm run package\` first (or \`npm run test:ui\`, which does)`);

// Fresh artefacts each run: a stale screenshot must never pass for a new one.
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

const t0 = Date.now();
const secs = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** @type {Record<string, string>} */
const timings = {};

const install = await ensureCodeServer().catch((error) => fail(error instanceof Error ? error.message : String(error)));
timings.install = `${(install.ms / 1000).toFixed(1)} s${install.installedNow ? '' : ' (cached)'}`;

// VS Code for the web saves a second after each edit by default; the comparison on save is
// tested with explicit saves, one per step, and auto-save is turned on only where a scenario
// asks for it. Its delay is 2 s then: VS Code shows no dirty mark on a tab whose auto-save
// delay is 1 s or less, and the scenario waits for that mark to come and go.
const profile = createProfile({ settings: { 'files.autoSave': 'off', 'files.autoSaveDelay': 2000, ...(opts.web ? WEB_SETTINGS : {}) } });
// A copy of the sample workspace: nothing the test does can touch the repository's files. It is
// a git repository with robots.txt committed (for Git HEAD), and holds a log of hostile requests.
const workspace = path.join(profile.root, 'workspace');
cpSync(path.join(REPO_ROOT, 'examples'), workspace, { recursive: true });
const hostileLog = path.join(workspace, 'hostile.log');
writeHostileLog(hostileLog);
if (opts.web) prepareWebWorkspace(workspace);
try {
  commitToNewRepository(workspace, 'robots.txt');
} catch (error) {
  fail(`could not make the workspace copy a git repository: ${error instanceof Error ? error.message : String(error)}`);
}
// The copy as made: the extension must write nothing into it (settings, remembered logs, files).
const asCopied = workspaceBytes(workspace);

/** @type {Awaited<ReturnType<typeof startCodeServer>> | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {Awaited<ReturnType<typeof openBusyPorts>> | undefined} */
let busyPorts;
/** @type {{ name: string, ok: boolean, ms: number, error?: string, screenshot?: string }[]} */
const results = [];
/** @type {string[]} */
const notRun = [];
/** @type {string[]} */
const consoleLines = [];
/** @type {string[]} */
const dialogs = [];

try {
  const tInstall = Date.now();
  installVsix({ entry: install.entry, profile, vsix: opts.web ? packageWebOnly(artifacts) : vsix });
  timings.installVsix = secs(tInstall);

  const tServer = Date.now();
  server = await startCodeServer({
    entry: install.entry,
    folder: workspace,
    profile,
    logFile: path.join(artifacts, 'code-server.log'),
    // Empty means unset to code-server: $PORT and $CODE_SERVER_HOST would override --bind-addr, and
    // $VSCODE_IPC_HOOK_CLI (set in VS Code's terminal) would hand the folder to that VS Code instead.
    // The replay's IP lists live in the profile: none at first, whatever this machine has cached.
    env: { PORT: '', CODE_SERVER_HOST: '', VSCODE_IPC_HOOK_CLI: '', ROBOTS_LENS_RANGES_DIR: path.join(profile.root, 'ip-lists') },
    workspaceTrust: opts.web, // the web run starts in Restricted Mode (ui/web-scenarios.mjs)
  });
  timings.codeServerHealthy = secs(tServer);
  log(`code-server ${server.url} (pid ${server.pid}) healthy after ${timings.codeServerHealthy}`);

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  page.on('console', (m) => {
    consoleLines.push(`[${m.type()}] ${m.text()}`);
    if (opts.verbose) console.error(`[browser ${m.type()}] ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.stack ?? e.message}`));
  // Any alert/confirm/prompt, from the workbench or a webview frame, is a failure of the hostile check.
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });

  const ui = workbench(page);
  /** Where the installed .vsix lives: the webviews' scripts must come from there. */
  const installedExtension = `${profile.extensionsDir}/${EXTENSION_ID}-${manifest.version}/`;
  /** The next scenario's screenshot, numbered in the order the scenarios ran. @param {string} name */
  const screenshotPath = (name) => path.join(artifacts, `${String(results.length + 1).padStart(2, '0')}-${name}.png`);
  let blocked = '';
  /**
   * Runs one scenario and screenshots the page after it, passed or failed. `essential`: the later
   * scenarios make no sense without it, so they are reported as failed without running.
   * @param {string} name @param {() => Promise<void>} body @param {{ essential?: boolean }} [options]
   */
  const scenario = async (name, body, options = {}) => {
    const started = Date.now();
    if (opts.only !== undefined && name !== 'workbench' && !opts.only.split(',').includes(name)) return;
    const desktopOnly = opts.web ? /** @type {Record<string, string>} */ (DESKTOP_ONLY)[name] : undefined;
    if (desktopOnly) return void (notRun.push(name), console.log(`  - ${name} — not run on the web: ${desktopOnly}`));
    const screenshot = screenshotPath(name);
    if (blocked) {
      results.push({ name, ok: false, ms: 0, error: `not run: ${blocked}` });
      console.log(`  ✗ ${name} — not run: ${blocked}`);
      return;
    }
    try {
      await body();
      results.push({ name, ok: true, ms: Date.now() - started, screenshot });
      console.log(`  ✓ ${name} (${secs(started)})`);
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n    ') : String(error);
      results.push({ name, ok: false, ms: Date.now() - started, error: message, screenshot });
      console.log(`  ✗ ${name} (${secs(started)})\n    ${message}\n    screenshot: ${path.relative(REPO_ROOT, screenshot)}`);
      if (options.essential) blocked = `"${name}" failed`;
    }
    // animations 'disabled': a hover still fading in would be half transparent on the picture.
    await page.screenshot({ path: screenshot, animations: 'disabled' }).catch(() => {});
  };

  console.log(`ui: ${opts.web ? 'the web-only copy of ' : ''}${path.basename(vsix)} in code-server ${server.url}, workspace copy ${workspace}`);

  await scenario('workbench', async () => {
    const started = Date.now();
    await page.goto(workbenchUrl({ port: server.port, folder: workspace }), { waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'robots.txt' }).waitFor();
    timings.workbenchReady = secs(started);
    // Opened now, while the workbench watches: ports that appear later are the ones it would forward.
    busyPorts = await openBusyPorts(25);
  }, { essential: true });
  const web = { page, ui, scenario, workspace, artifacts, labels: { replay: REPLAY_LOG, compare: COMPARE, fetch: FETCH, checkUrl: commandLabel('robotsLens.checkUrl') } };
  if (opts.web) await webStartScenarios(web);

  await editorScenarios({ page, ui, scenario, timings, secs, extensionId: EXTENSION_ID, screenshotPath });

  await agentHoverScenario({ page, ui, scenario, screenshotPath });

  await testUrlScenarios({ page, ui, scenario, testUrlLabel: TEST_URL });
  await panelWidthScenarios({ page, ui, scenario, screenshotPath }, ['test-url']);

  await matrixScenarios({ page, ui, scenario, showMatrixLabel: SHOW_MATRIX, dialogs, installedExtension });
  await matrixLayoutScenarios({ ui, scenario });
  await panelWidthScenarios({ page, ui, scenario, screenshotPath }, ['matrix']);

  await replayScenarios({
    page,
    ui,
    scenario,
    workspace,
    hostileLog,
    dialogs,
    replayLabel: REPLAY_LOG,
    installedExtension,
  });
  await panelWidthScenarios({ page, ui, scenario, screenshotPath }, ['replay']);
  if (opts.web) await webEndScenarios(web);
  await scenario('workspace-untouched-by-test-url-matrix-replay', async () => {
    const changes = workspaceChanges(asCopied, workspaceBytes(workspace));
    if (changes.length > 0) throw new Error(`Test URL, the matrix and the replays wrote into the workspace: ${changes.join(', ')}`);
  });
  // After the replays: the comparison on save counts the requests of the log replayed last.
  await compareScenarios({ page, ui, scenario, compareLabel: COMPARE, workspace });
  // After them: the live file is the robots.txt they saved, with one group changed.
  await panelWidthScenarios({ page, ui, scenario, screenshotPath }, ['compare']);
  await compareLiveScenarios({ page, ui, scenario, compareLabel: COMPARE, workspace });
  await fetchScenarios({ page, ui, scenario, fetchLabel: FETCH });
  await aiAccessScenarios({ page, ui, scenario, workspace, screenshotPath });
  await sitemapsScenarios({ page, ui, scenario, checkSitemapsLabel: commandLabel('robotsLens.checkSitemaps') });
  // The panels open now, each in a side column of 600 px and a wide one of 1400 px.
  await panelWidthScenarios({ page, ui, scenario, screenshotPath }, ['ai-access', 'sitemaps']);
  await scenario('workspace-untouched', async () => {
    // robots.txt was saved on purpose by the compare scenarios, robots-2025-02.txt written by them.
    const changes = workspaceChanges(asCopied, workspaceBytes(workspace), ['robots.txt', 'robots-2025-02.txt']);
    if (changes.length > 0) throw new Error(`the extension wrote into the workspace: ${changes.join(', ')}`);
  });
  await scenario('no-forwarded-ports', async () => {
    const forwarded = ui.squash(await page.locator('[id="status.forwardedPorts"]').textContent());
    if (forwarded !== '0') throw new Error(`the status bar shows "${forwarded}" forwarded ports; ${busyPorts?.count} were opened during the test`);
    const center = await ui.showNotifications();
    const toasts = await center.locator('.notification-list-item-message', { hasText: /ports/i }).allTextContents();
    if (toasts.length > 0) throw new Error(`notifications about ports: ${toasts.join(' / ')}`);
    await page.keyboard.press('Escape');
  });
  // Last: their sites' ports open after the forwarded-ports check. The report is the CLI's page in Chromium.
  await surveyPanelScenarios({ page, ui, scenario, workspace, surveyLabel: commandLabel('robotsLens.surveySites') });
  await surveyReportScenarios({ browser, scenario, artifacts });
} catch (error) {
  results.push({ name: 'harness', ok: false, ms: 0, error: error instanceof Error ? error.stack ?? error.message : String(error) });
  console.log(`  ✗ harness\n    ${results[results.length - 1]?.error}`);
} finally {
  writeFileSync(path.join(artifacts, 'browser-console.log'), `${consoleLines.join('\n')}\n`);
  await browser?.close().catch(() => {});
  await busyPorts?.close();
  await server?.stop();
  profile.dispose();
}

timings.total = secs(t0);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
writeFileSync(path.join(artifacts, 'results.json'), `${JSON.stringify({ vsix, timings, results }, null, 2)}\n`);
log(`timings: ${Object.entries(timings).map(([k, v]) => `${k} ${v}`).join(', ')}`);
log(`screenshots and logs in ${path.relative(REPO_ROOT, artifacts) || artifacts}/`);
if (failed > 0) console.error(`[ui] FAILED: ${results.filter((r) => !r.ok).map((r) => r.name).join(', ')}`);
console.log(`ui: ${passed} passed, ${failed} failed${notRun.length > 0 ? `, ${notRun.length} not run on the web (reasons above)` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
