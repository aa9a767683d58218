// The demo: robots.txt Lens in a real VS Code in your browser, on the sample workspace.
//
//   npm run demo                        build, start code-server on a free 127.0.0.1 port, print the URL
//   npm run demo -- --port 8080         a fixed port (or PORT=8080 npm run demo; --port wins)
//   npm run demo -- --web               the web build instead: the extension in the browser's web worker
//                                       extension host, as `npm run test:ui:web` runs it (combines with the others)
//   npm run demo -- --check             start, check that /healthz and the workbench URL answer 200
//                                       (and that the extension is served), stop, exit 0 — for tests
//
// How: first what this machine lacks is checked all at once (ripgrep, the Kerberos headers and build
// tools, for code-server's first install) and installed with apt when run as root, or named with the
// one apt-get line that installs it (scripts/e2e/prerequisites.mjs). Then `npm run build`, and
// code-server 4.100.3 (installed into a cache folder on first use, as the e2e tests do:
// scripts/e2e/code-server-install.mjs) serves a fresh copy of examples/ with the freshly built
// extension loaded as the extension under development — the URL's payload carries
// extensionDevelopmentPath (code-server rejects the command-line flag). No .vsix is installed: after
// changing the extension, `npm run build` and reload the browser tab.
//
// --web: the way the web UI tests run it (scripts/e2e/ui-test.mjs --web). code-server runs an
// extension whose manifest has a `browser` entry and no `main` in the browser's web worker
// extension host, so a web-only copy of the package (scripts/e2e/web-only-vsix.mjs: the web
// bundles of dist/web/, no Node bundle) is installed into the throwaway profile, and the URL
// carries no extensionDevelopmentPath. A browser reads the replay's IP lists from the workspace's
// .robots-lens/ip-lists/ (it has no environment), so the test lists are copied there. After a
// change, stop the demo and start it again (the installed copy does not follow dist/).
//
// The copy sits in the throwaway profile, outside the clone, and is a git repository of its own with
// robots.txt committed: what is saved in the browser never changes the repository's examples/, and
// saving robots.txt shows the comparison with its HEAD. Auto-save is off, so that summary shows
// (auto-saves are not compared) and nothing is written until you save.
//
// Runs until Ctrl+C (SIGINT) or SIGTERM, then stops code-server (SIGTERM to its process group,
// SIGKILL after 5 s) and removes its throwaway profile with the copy. Exit codes: 0 after a clean stop or a
// passed --check; 1 when something failed (build, install, start, check, code-server died); 2 usage.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import { ensureCodeServer, isInstalled } from './e2e/code-server-install.mjs';
import { createProfile } from './e2e/code-server-profile.mjs';
import { startCodeServer, workbenchUrl } from './e2e/code-server.mjs';
import { installVsix } from './e2e/code-server-profile.mjs';
import { CODE_SERVER_PREREQUISITES, GIT_PREREQUISITE, ensurePrerequisites } from './e2e/prerequisites.mjs';
import { REPO_ROOT } from './e2e/repo.mjs';
import { commitToNewRepository } from './e2e/ui/git-workspace.mjs';
import { packageWebOnly } from './e2e/web-only-vsix.mjs';

const USAGE = 'usage: npm run demo [-- --port N] [-- --web] [-- --check]   (PORT=N works too; --port wins; 0 or none: a free port)';

/** @type {{ port?: string, web: boolean, check: boolean, help: boolean }} */
let opts;
try {
  ({ values: opts } = /** @type {any} */ (parseArgs({
    options: { port: { type: 'string' }, web: { type: 'boolean', default: false }, check: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  })));
} catch (error) {
  console.error(`demo: ${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}

const portText = opts.port ?? process.env.PORT ?? '';
const requestedPort = portText === '' ? 0 : Number(portText);
if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
  console.error(`demo: bad port "${portText}" (from ${opts.port !== undefined ? '--port' : 'PORT'})\n${USAGE}`);
  process.exit(2);
}

const examples = path.join(REPO_ROOT, 'examples');
const artifacts = path.join(REPO_ROOT, '.artifacts', 'demo');
const t0 = Date.now();
const secs = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`demo: FAILED: ${message}`);
  process.exit(1); // exit-cleanup.mjs's exit hook kills a started code-server and removes its profile
}

// 0. Everything the demo needs from the system (code-server's first install: ripgrep, the Kerberos
//    headers, build tools), all at once, before a minute of building.
try {
  ensurePrerequisites([GIT_PREREQUISITE, ...(isInstalled() ? [] : CODE_SERVER_PREREQUISITES)], { who: 'demo' });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// 1. Build the extension (dist/client.js, dist/server.js) exactly as `npm run build` does.
console.log('demo: building the extension (npm run build)…');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', '--silent', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) fail(`npm run build failed (${build.status ?? build.signal ?? build.error})`);
const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
// The bundle the workbench will load: the Node one, or with --web the web worker one.
const mainFile = path.resolve(REPO_ROOT, opts.web ? manifest.browser : manifest.main);
if (!existsSync(mainFile)) fail(`the build did not produce ${path.relative(REPO_ROOT, mainFile)}`);
/** Where code-server installs the web-only copy (its extensions folder names it publisher.name-version). */
const EXTENSION_FOLDER = `${manifest.publisher}.${manifest.name}-${manifest.version}`;

// 2. code-server, installed on first use (about 1–2 minutes, once).
const install = await ensureCodeServer({ who: 'demo' }).catch((error) => fail(error instanceof Error ? error.message : String(error)));

// 3. A fixed port is taken before code-server starts, so a busy one fails at once and clearly.
//    startCodeServer always picks a free port itself; the fixed one forwards to it (TCP, so
//    HTTP and the workbench's WebSockets pass unchanged).
/** @type {Awaited<ReturnType<typeof forwarder>> | undefined} */
let forward;
if (requestedPort !== 0) {
  forward = await forwarder(requestedPort).catch((error) => {
    const busy = /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE';
    return fail(busy ? `port ${requestedPort} on 127.0.0.1 is in use; pick another with --port N (0: any free port)` : String(error));
  });
}

mkdirSync(artifacts, { recursive: true });
const logFile = path.join(artifacts, 'code-server.log');
// Auto-save off: nothing is written until you save, and saving robots.txt shows the comparison with
// its HEAD (auto-saves are not compared, which would bring a message after every pause in typing).
const profile = createProfile({ settings: { 'files.autoSave': 'off' } });
// A fresh copy of examples/ for every run, outside the clone: edits in the browser never touch the
// repository's files. robots.txt is committed in a repository of its own so that saving it compares.
const workspace = path.join(profile.root, 'examples');
cpSync(examples, workspace, { recursive: true });
try {
  commitToNewRepository(workspace, 'robots.txt');
} catch (error) {
  fail(`could not make the copy of examples/ a git repository: ${error instanceof Error ? error.message : String(error)}`);
}
// The IP lists the tests use, so the replay shows verified and spoofed requests without a network:
// the language server reads them from $ROBOTS_LENS_RANGES_DIR, in the throwaway profile; the web
// worker has no environment and reads them from the workspace's .robots-lens/ip-lists/.
const ipLists = opts.web ? path.join(workspace, '.robots-lens', 'ip-lists') : path.join(profile.root, 'ip-lists');
cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'replay', 'ranges'), ipLists, { recursive: true });
const ipListCount = readdirSync(ipLists).filter((name) => name.endsWith('.json')).length;
/** The installed web-only copy, with --web. */
let installedExtension = '';
if (opts.web) {
  try {
    installVsix({ entry: install.entry, profile, vsix: packageWebOnly(artifacts) });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  installedExtension = path.join(profile.extensionsDir, EXTENSION_FOLDER);
  if (!existsSync(path.join(installedExtension, 'package.json'))) fail(`the web-only copy is not installed at ${installedExtension}`);
}
const server = await startCodeServer({
  entry: install.entry,
  folder: workspace,
  profile,
  logFile,
  // Empty means unset to code-server: $PORT and $CODE_SERVER_HOST would override its --bind-addr,
  // and $VSCODE_IPC_HOOK_CLI (set in VS Code's terminal) would hand the folder to that VS Code.
  env: { PORT: '', CODE_SERVER_HOST: '', VSCODE_IPC_HOOK_CLI: '', ROBOTS_LENS_RANGES_DIR: ipLists },
}).catch((error) => fail(error instanceof Error ? error.message : String(error)));
forward?.target(server.port);
const port = forward ? forward.port : server.port;
const base = `http://127.0.0.1:${port}`;
// The desktop demo loads this checkout as the extension under development; the web one, the
// installed web-only copy (a development path would run in the Node extension host).
const url = opts.web ? workbenchUrl({ port, folder: workspace }) : workbenchUrl({ port, folder: workspace, extensionDevelopmentPath: REPO_ROOT });

let stopping = false;
/** Stops code-server gracefully, removes the profile, exits. @param {number} code @param {string} [why] */
async function shutdown(code, why) {
  if (stopping) return;
  stopping = true;
  if (why) console.log(`\ndemo: ${why}: stopping code-server (pid ${server.pid})…`);
  await forward?.close();
  await server.stop();
  profile.dispose();
  if (why) console.log('demo: stopped.');
  process.exit(code);
}

if (opts.check) {
  const problems = await check();
  if (problems.length > 0) {
    console.error(`demo: FAILED: --check on ${base} (log ${path.relative(REPO_ROOT, logFile)}):\n  ${problems.join('\n  ')}`);
    await shutdown(1);
  }
  console.log(`demo: check passed in ${secs()}: ${base}/healthz and the workbench URL answer 200, the ${opts.web ? 'web-only extension (browser entry, no main)' : 'extension'} is served, auto-save and port forwarding are off`);
  console.log(`demo: url ${url}`);
  console.log(`demo: workspace ${workspace} (a fresh copy of examples/)`);
  console.log(`demo: IP lists ${ipListCount} test lists in ${ipLists}`);
  if (opts.web) console.log(`demo: web-only extension installed at ${installedExtension}`);
  console.log(`demo: code-server pid ${server.pid}`);
  await shutdown(0);
}

// Ctrl+C and SIGTERM stop code-server gracefully (the harness's own handlers kill it at once);
// a second Ctrl+C while stopping exits straight away, the exit hook still killing code-server.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.removeAllListeners(signal);
  process.on(signal, () => {
    if (stopping) process.exit(1);
    void shutdown(0, signal === 'SIGINT' ? 'Ctrl+C' : signal);
  });
}
void server.exited.then((how) => {
  if (stopping) return;
  let tail = '';
  try {
    tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    /* no log */
  }
  console.error(`demo: code-server exited on its own (${how}); last lines of ${path.relative(REPO_ROOT, logFile)}:\n${tail}`);
  void shutdown(1);
});
setInterval(() => {}, 1 << 30); // stay up until a signal

const where = opts.web
  ? `  The extension is the web-only copy of this checkout's build (dist/web/: a browser entry, no main),
  running in the browser's web worker extension host as on vscode.dev ("Developer: Show Running
  Extensions" says "web worker"); what needs Node says why and offers what works. After a change,
  stop the demo and run npm run demo -- --web again. Installed at
    ${installedExtension}`
  : `  The extension is this checkout's build (dist/): after a change, npm run build and reload the tab.`;
const saving = opts.web
  ? '(a git repository of its own, but a browser runs no git: Compare with… → Another file… works there).'
  : '(a git repository of its own: save robots.txt to see what your edit changes for crawlers).';
const lists = opts.web
  ? `test/fixtures/replay/ranges,
  copied into the workspace's .robots-lens/ip-lists/ where the browser reads them`
  : 'test/fixtures/replay/ranges, fixed copies';
console.log(`
robots.txt Lens demo${opts.web ? ' (web build)' : ''} — ready in ${secs()}

  Open in your browser (use it as printed: 127.0.0.1${opts.web ? '' : ', with the payload'}):

    ${url}

  Then click robots.txt in the Explorer: squiggles, hovers, CodeLens, Problems (Ctrl+Shift+M);
  Ctrl+Shift+P → "robots.txt: Test URL…" or "robots.txt: Show Crawler Matrix".

  The workspace is a fresh copy of examples/ at
    ${workspace}
  ${saving}
  Auto-save and port forwarding are off. The repository's examples/ never changes; the copy is
  removed when the demo stops.
  The replay verifies crawlers against the ${ipListCount} IP lists the tests use (${lists}),
  so verified and spoofed requests show without a network. Real lists come from the operators:
  the replay panel's "Verified / spoofed" card or robots-lens ranges --refresh downloads them.
${where}
  No password (--auth none), listening on 127.0.0.1:${port} only; on a remote machine forward it,
  e.g. ssh -L ${port}:127.0.0.1:${port} <host>. code-server pid ${server.pid}, log ${path.relative(REPO_ROOT, logFile)}.

  Ctrl+C stops it.
`);

/**
 * What --check verifies, over HTTP only (no browser): the health endpoint, the workbench page at the
 * printed URL, the extension as the workbench will fetch it (its manifest and its bundle through
 * code-server's remote-resource route: the extension under development, or with --web the
 * installed web-only copy, whose manifest has a browser entry and no main, and whose bundle is
 * this checkout's dist/web/client.js), and the user settings it will read.
 * @returns {Promise<string[]>}
 */
async function check() {
  /** @type {string[]} */
  const problems = [];
  const health = await get(`${base}/healthz`);
  if (health.status !== 200) problems.push(`GET /healthz answered ${health.status || health.error}`);
  else if (!/"status"/.test(health.body)) problems.push(`GET /healthz answered ${health.body.slice(0, 100)}`);
  const page = await get(url);
  if (page.status !== 200) problems.push(`GET ${url} answered ${page.status || page.error}`);
  else if (!/<html/i.test(page.body) || !/workbench/i.test(page.body)) problems.push('the workbench URL answered 200 but not with the workbench page');
  const resource = (/** @type {string} */ file) => `${base}/vscode-remote-resource?path=${encodeURIComponent(file)}`;
  // The extension as the workbench fetches it: this checkout, or with --web the installed web-only copy.
  const extensionRoot = opts.web ? installedExtension : REPO_ROOT;
  const served = await get(resource(path.join(extensionRoot, 'package.json')));
  /** @type {{ name?: string, main?: string, browser?: string }} */
  let servedManifest = {};
  try {
    servedManifest = JSON.parse(served.body);
  } catch {
    /* reported below */
  }
  if (served.status !== 200 || servedManifest.name !== manifest.name) problems.push(`the extension manifest is not served (${served.status || served.error}, name "${servedManifest.name ?? ''}")`);
  // code-server runs an extension in the web worker only when its manifest has no `main`.
  else if (opts.web && (servedManifest.main !== undefined || servedManifest.browser !== manifest.browser)) problems.push(`the installed copy's manifest has main ${JSON.stringify(servedManifest.main)} and browser ${JSON.stringify(servedManifest.browser)}: not a web-only extension`);
  const entry = opts.web ? manifest.browser : manifest.main;
  const bundle = await get(resource(path.join(extensionRoot, entry)));
  if (bundle.status !== 200 || bundle.body.length === 0) problems.push(`the extension bundle ${entry} is not served (${bundle.status || bundle.error})`);
  else if (bundle.body !== readFileSync(mainFile, 'utf8')) problems.push(`the served ${entry} is not this checkout's build`);
  const settingsFile = await get(resource(path.join(profile.userDataDir, 'User', 'settings.json')));
  /** @type {Record<string, unknown>} */
  let settings = {};
  try {
    settings = JSON.parse(settingsFile.body);
  } catch {
    problems.push(`the user settings are not served (${settingsFile.status || settingsFile.error})`);
  }
  if (settings['files.autoSave'] !== 'off') problems.push(`files.autoSave is ${JSON.stringify(settings['files.autoSave'])}, not "off"`);
  if (settings['remote.autoForwardPorts'] !== false) problems.push(`remote.autoForwardPorts is ${JSON.stringify(settings['remote.autoForwardPorts'])}, not false`);
  return problems;
}

/** @param {string} target @returns {Promise<{ status: number, body: string, error?: string }>} */
function get(target) {
  return new Promise((resolve) => {
    const req = http.get(target, { timeout: 15_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => resolve({ status: 0, body: '', error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ status: 0, body: '', error: error.message }));
  });
}

/**
 * Listens on 127.0.0.1:`listenPort` and pipes every connection to code-server's port once known.
 * @param {number} listenPort
 */
function forwarder(listenPort) {
  /** @type {number | undefined} */
  let targetPort;
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  const srv = net.createServer((client) => {
    if (targetPort === undefined) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(listenPort, '127.0.0.1', () => {
      srv.off('error', reject);
      resolve({
        port: listenPort,
        /** @param {number} p */
        target(p) {
          targetPort = p;
        },
        close() {
          for (const socket of sockets) socket.destroy();
          return new Promise((done) => srv.close(() => done(undefined)));
        },
      });
    });
  });
}
