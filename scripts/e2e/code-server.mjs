// A real VS Code workbench for end-to-end tests, without downloading VS Code from Microsoft:
// code-server (from the npm registry) serves the workbench and runs the real Node extension
// host; Debian's Chromium, driven by playwright-core, is the window.
//
// See /work/shared/guides/e2e-in-code-server.md for how this was worked out. This module only
// uses Node 20 built-ins and playwright-core, so it runs before (and without) any build step.
//
// Exports:
//   ensureCodeServer()            install code-server 4.100.3 in a cache folder outside the clone
//   createProfile()               throwaway user-data-dir + extensions-dir + config.yaml
//   installVsix()                 `code-server --install-extension x.vsix` into a profile
//   startCodeServer()             serve a folder on a free 127.0.0.1 port; {url, port, stop()}
//   workbenchUrl()                /?folder=…&payload=[[extensionDevelopmentPath…],[extensionTestsPath…]]
//   launchChromium()              playwright-core + /usr/bin/chromium with the flags that work here
//
// Findings (measured on the 2-core Node 20 machines):
// - Install: ~57 s with a warm npm cache, ~95–115 s cold; ~300 MB. Cached: a marker check, 0 s.
//   Needs /usr/bin/rg (offline ripgrep cache, below), /usr/include/gssapi (libkrb5-dev, kerberos
//   build) and Node's headers for node-gyp (nodedir, below); everything else comes from npm.
// - npm 11.19 warns "install scripts not yet covered by allowScripts" for code-server and argon2
//   but still runs them; if a later npm blocks them, the install breaks (postinstall.sh does the work).
// - Workbench ready 3–7 s after page.goto, the smoke suite 1–9 s after that, a warm cycle ~15–20 s.
// - The workbench runs extensionTestsPath only in extension-development mode (the payload must
//   carry an extensionDevelopmentPath too, see run-extension-tests.mjs --vsix).
// - The suite may live outside the developed extension: its require('vscode') then gets the
//   default API (how the harness was tried against a throwaway extension in /tmp).
// - After Chromium exits, its children linger as <defunct> for a few seconds until PID 1 reaps them.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3'; // VS Code 1.100.3: the last line that runs on Node 20.
// code-server 4.100.3 pins @vscode/ripgrep 1.15.11, whose postinstall wants ripgrep v13.0.0-10
// from api.github.com (unreachable here). It first looks in os.tmpdir()/vscode-ripgrep-cache-<pkg
// version>/ripgrep-<version>-<target>.tar.gz and untars `rg` from the root of that archive, so we
// pack Debian's /usr/bin/rg (ripgrep 13.0.0, the same release) under that name beforehand.
const RIPGREP_PKG_VERSION = '1.15.11';
const RIPGREP_ASSET_VERSION = 'v13.0.0-10';
const SYSTEM_RG = '/usr/bin/rg';
const GSSAPI_HEADER = '/usr/include/gssapi/gssapi.h';
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

const INSTALLED_MARKER = '.robots-lens-installed';
const STAGING_PACKAGE_NAME = 'robots-lens-code-server';

/** @param {string} msg */
export function log(msg) {
  console.error(`[e2e] ${msg}`);
}

/** Default cache folder: $ROBOTS_LENS_CACHE, else ~/.cache/robots-lens/code-server-<version>. */
export function defaultInstallDir() {
  const fromEnv = process.env.ROBOTS_LENS_CACHE;
  if (fromEnv) return path.resolve(fromEnv);
  return path.join(os.homedir(), '.cache', 'robots-lens', `code-server-${CODE_SERVER_VERSION}`);
}

/** @param {string} installDir */
function entryOf(installDir) {
  return path.join(installDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** @param {string} installDir */
function isInstalled(installDir) {
  const marker = path.join(installDir, INSTALLED_MARKER);
  if (!existsSync(marker) || !existsSync(entryOf(installDir))) return false;
  return readFileSync(marker, 'utf8').trim() === CODE_SERVER_VERSION;
}

/** An empty folder, or one holding our marker or our package.json. @param {string} dir */
function isOurs(dir) {
  if (readdirSync(dir).length === 0 || existsSync(path.join(dir, INSTALLED_MARKER))) return true;
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name === STAGING_PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** Staging folders left by an install that was killed (its PID is gone). @param {string} installDir */
function removeAbandonedStagingFolders(installDir) {
  const prefix = `${path.basename(installDir)}.partial-`;
  for (const name of readdirSync(path.dirname(installDir))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isInteger(pid) || isAlive(pid)) continue;
    rmSync(path.join(path.dirname(installDir), name), { recursive: true, force: true });
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0); // signal 0: existence check only
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** @param {string} child @param {string} parent */
function isInside(child, parent) {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function ripgrepTarget() {
  switch (os.arch()) {
    case 'x64': return 'x86_64-unknown-linux-musl';
    case 'arm64': return 'aarch64-unknown-linux-musl';
    default: throw new Error(`e2e: no ripgrep offline-cache mapping for arch ${os.arch()}`);
  }
}

/**
 * (a) Makes sure code-server CODE_SERVER_VERSION is installed in `installDir` (outside the clone)
 * and returns the path of its Node entry point. Idempotent: a completed install is recognised by
 * a marker file and costs a couple of stat calls. A new install goes to a sibling staging folder
 * that is renamed into place only when complete, so an interrupted install never looks complete
 * and two concurrent runs cannot leave a half-written folder behind.
 *
 * @param {{ installDir?: string }} [options]
 * @returns {Promise<{ installDir: string, entry: string, installedNow: boolean, ms: number }>}
 */
export async function ensureCodeServer(options = {}) {
  const started = Date.now();
  const installDir = path.resolve(options.installDir ?? defaultInstallDir());
  if (isInside(installDir, REPO_ROOT)) {
    // Inside the clone it would be linted, type-checked, packaged into the .vsix and wiped by `git clean`.
    throw new Error(`e2e: the code-server cache folder must be outside the repository, got ${installDir}`);
  }
  if (isInstalled(installDir)) {
    return { installDir, entry: entryOf(installDir), installedNow: false, ms: Date.now() - started };
  }

  if (!existsSync(SYSTEM_RG)) {
    throw new Error(
      `e2e: ${SYSTEM_RG} is missing. code-server's @vscode/ripgrep cannot download ripgrep here; ` +
        'install it with `apt-get update && apt-get install -y ripgrep` and run again.',
    );
  }
  if (!existsSync(GSSAPI_HEADER)) {
    // Without it the `kerberos` native build fails after a minute with "gssapi/gssapi.h: No such file".
    throw new Error(
      `e2e: ${GSSAPI_HEADER} is missing (code-server builds the kerberos module); ` +
        'install it with `apt-get update && apt-get install -y libkrb5-dev` and run again.',
    );
  }

  if (existsSync(installDir) && !isOurs(installDir)) {
    // $ROBOTS_LENS_CACHE names the install folder itself; never wipe a folder we did not make.
    throw new Error(
      `e2e: ${installDir} exists but is not a code-server install made by this script; ` +
        'point $ROBOTS_LENS_CACHE at a new or empty folder (it is the install folder itself, not a cache root).',
    );
  }

  log(`installing code-server ${CODE_SERVER_VERSION} into ${installDir} (about 1–2 minutes, once)…`);
  mkdirSync(path.dirname(installDir), { recursive: true });
  removeAbandonedStagingFolders(installDir);
  const staging = `${installDir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // A private TMPDIR for the whole npm tree: @vscode/ripgrep reads its offline cache from os.tmpdir().
  const tmp = path.join(staging, '.tmp');
  const rgCache = path.join(tmp, `vscode-ripgrep-cache-${RIPGREP_PKG_VERSION}`);
  mkdirSync(rgCache, { recursive: true });
  const asset = path.join(rgCache, `ripgrep-${RIPGREP_ASSET_VERSION}-${ripgrepTarget()}.tar.gz`);
  run('tar', ['czf', asset, '-C', path.dirname(SYSTEM_RG), path.basename(SYSTEM_RG)]);
  // npm needs a package.json so that --prefix installs there and not in a parent folder.
  writeFileSync(path.join(staging, 'package.json'), JSON.stringify({ name: STAGING_PACKAGE_NAME, private: true }, null, 2));

  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const env = {
    ...inheritedEnvWithoutNpmRunVars(),
    ...nodeHeadersEnv(),
    TMPDIR: tmp,
    // postinstall.sh refuses to run as root without it.
    npm_config_unsafe_perm: 'true',
    // node-pty's postinstall runs `npx node-gyp`, and npx without a TTY refuses to prompt.
    npm_config_yes: 'true',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
  const args = ['install', '--prefix', staging, '--no-save', '--omit=dev', `code-server@${CODE_SERVER_VERSION}`];
  const logFile = path.join(staging, 'npm-install.log');
  const code = await new Promise((resolve, reject) => {
    const fd = openSync(logFile, 'w');
    const child = spawn(npm, args, { cwd: staging, env, stdio: ['ignore', fd, fd] });
    child.on('error', reject);
    child.on('exit', (c, signal) => resolve(c ?? signal));
  });
  if (code !== 0) {
    const kept = `${installDir}.npm-install-failed.log`;
    renameSync(logFile, kept);
    rmSync(staging, { recursive: true, force: true });
    const tail = readFileSync(kept, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`e2e: \`npm ${args.join(' ')}\` failed (${code}); full log in ${kept}\n${tail}`);
  }
  if (!existsSync(entryOf(staging))) throw new Error(`e2e: code-server installed but ${entryOf(staging)} is missing`);
  rmSync(tmp, { recursive: true, force: true });
  writeFileSync(path.join(staging, INSTALLED_MARKER), `${CODE_SERVER_VERSION}\n`);

  if (existsSync(installDir)) {
    if (isInstalled(installDir)) {
      // Another run finished first: keep its copy.
      rmSync(staging, { recursive: true, force: true });
      return { installDir, entry: entryOf(installDir), installedNow: false, ms: Date.now() - started };
    }
    rmSync(installDir, { recursive: true, force: true }); // ours, stale or another version (checked above)
  }
  // An npm prefix can be moved: the .bin links are relative and the native modules hold no paths.
  renameSync(staging, installDir);
  const ms = Date.now() - started;
  log(`code-server ${CODE_SERVER_VERSION} installed in ${(ms / 1000).toFixed(1)} s`);
  return { installDir, entry: entryOf(installDir), installedNow: true, ms };
}

/**
 * code-server reads PORT and CODE_SERVER_HOST over --bind-addr, and with VSCODE_IPC_HOOK_CLI
 * set (a VS Code terminal) it hands the folder to that window and exits: drop all three.
 */
function withoutHijackers(env) {
  const { PORT: _port, CODE_SERVER_HOST: _host, VSCODE_IPC_HOOK_CLI: _hook, ...rest } = env;
  return rest;
}

/**
 * The environment minus what `npm run` exports (npm_config_prefix=/usr, npm_config_local_prefix=<the
 * clone>, npm_package_*, npm_lifecycle_*, INIT_CWD…), so that installing under `npm run test:e2e`
 * behaves as from a shell. The settings that say where and how to reach the registry are kept.
 */
function inheritedEnvWithoutNpmRunVars() {
  const keep = /^npm_config_(cache|registry|userconfig|globalconfig|cafile|ca|strict_ssl|proxy|https_proxy|noproxy|nodedir)$/i;
  /** @type {Record<string, string | undefined>} */
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_(config|package|lifecycle)_|npm_execpath$|npm_node_execpath$|npm_command$|INIT_CWD$)/i.test(key) && !keep.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/**
 * node-gyp (node-pty, kerberos, argon2, …) needs Node's headers; without a nodedir it downloads them
 * from nodejs.org, which is unreachable here. Debian's nodejs ships them in /usr/include/node (this
 * machine's ~/.npmrc says nodedir=/usr); point node-gyp at the running Node's prefix when they are there.
 * @returns {Record<string, string>}
 */
function nodeHeadersEnv() {
  if (process.env.npm_config_nodedir) return {};
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return existsSync(path.join(prefix, 'include', 'node', 'node.h')) ? { npm_config_nodedir: prefix } : {};
}

/** @param {string} cmd @param {string[]} args */
function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`e2e: ${cmd} ${args.join(' ')} failed: ${r.error ?? r.stderr}`);
  return r.stdout;
}

/** Settings that keep the screen predictable: no welcome page, tips, telemetry, updates or recommendations. */
export const DEFAULT_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'extensions.ignoreRecommendations': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'security.workspace.trust.enabled': false,
  // The workspace usually sits in the clone; the git extension would only add processes and noise.
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * A throwaway profile: user-data-dir (with User/settings.json), extensions-dir and a config.yaml.
 * code-server must always get `--config`: without it, it writes a password config into ~/.config.
 *
 * @param {{ settings?: Record<string, unknown> }} [options]
 */
export function createProfile(options = {}) {
  installExitHooks();
  const root = mkdtempSync(path.join(os.tmpdir(), 'robots-lens-e2e-'));
  tempRoots.add(root);
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const configFile = path.join(root, 'config.yaml');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...DEFAULT_SETTINGS, ...options.settings }, null, 2),
  );
  writeFileSync(configFile, 'auth: none\ncert: false\n');
  return {
    root,
    userDataDir,
    extensionsDir,
    configFile,
    dispose() {
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
      tempRoots.delete(root);
    },
  };
}

/**
 * Keeps everything code-server writes inside the throwaway profile: its own logs and heartbeat go
 * to $XDG_DATA_HOME/code-server (default ~/.local/share/code-server, whatever --user-data-dir
 * says), and the extension host's vscode-ipc-*.sock files to $XDG_RUNTIME_DIR or the temp folder,
 * where a killed server leaves them behind.
 * @param {ReturnType<typeof createProfile>} profile
 */
function profileEnv(profile) {
  const dirs = {
    XDG_DATA_HOME: path.join(profile.root, 'xdg-data'),
    XDG_CONFIG_HOME: path.join(profile.root, 'xdg-config'),
    XDG_RUNTIME_DIR: path.join(profile.root, 'run'),
    TMPDIR: path.join(profile.root, 'tmp'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dirs;
}

/** @param {ReturnType<typeof createProfile>} profile */
function profileArgs(profile) {
  return ['--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir, '--config', profile.configFile];
}

/**
 * (d) Installs a packaged .vsix into the profile's extensions dir (before starting the server).
 *
 * @param {{ entry: string, profile: ReturnType<typeof createProfile>, vsix: string }} options
 */
export function installVsix({ entry, profile, vsix }) {
  const file = path.resolve(vsix);
  if (!existsSync(file)) throw new Error(`e2e: no .vsix at ${file}`);
  const r = spawnSync(process.execPath, [entry, ...profileArgs(profile), '--install-extension', file, '--force'], {
    env: { ...process.env, ...profileEnv(profile) },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) {
    throw new Error(`e2e: code-server --install-extension ${file} failed (${r.status ?? r.signal ?? r.error}):\n${r.stdout}\n${r.stderr}`);
  }
  log(`installed ${path.basename(file)} into ${profile.extensionsDir}`);
}

/** A free TCP port on 127.0.0.1 (the OS picks it; the tiny race until code-server binds is accepted). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** @param {string} url */
function httpStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

// Every code-server we started, so that it dies with us whatever way we exit, and every
// throwaway profile, removed then too.
/** @type {Set<{ killNow: () => void }>} */
const live = new Set();
/** @type {Set<string>} */
const tempRoots = new Set();
let exitHooksInstalled = false;
function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const s of live) s.killNow();
    for (const dir of tempRoots) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });
  for (const [signal, code] of /** @type {const} */ ([['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]])) {
    process.once(signal, () => {
      log(`${signal}: stopping code-server`);
      process.exit(code); // runs the 'exit' hook above
    });
  }
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function killGroup(pid, signal) {
  // code-server is spawned detached, i.e. as the leader of its own process group; its forks (the
  // real server, the extension hosts, pty host, file watcher) stay in that group. Signal the group
  // by the PID we got from spawn – never by name.
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * (b) Starts code-server on a free 127.0.0.1 port serving `folder`, waits for /healthz.
 *
 * @param {{
 *   entry: string,
 *   folder: string,
 *   profile?: ReturnType<typeof createProfile>,
 *   logFile?: string,
 *   env?: Record<string, string>,
 *   healthTimeoutMs?: number,
 *   keepProfile?: boolean,
 * }} options
 */
export async function startCodeServer(options) {
  installExitHooks();
  const folder = path.resolve(options.folder);
  if (!existsSync(folder)) throw new Error(`e2e: workspace folder ${folder} does not exist`);
  const ownsProfile = !options.profile;
  const profile = options.profile ?? createProfile();
  const port = await freePort();
  const logFile = options.logFile ?? path.join(profile.root, 'code-server.log');
  mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  const args = [
    options.entry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...profileArgs(profile),
    folder,
  ];
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', fd, fd],
    // EXTENSIONS_GALLERY={} leaves the product without a gallery (no serviceUrl): otherwise the
    // workbench queries open-vsx.org, which only ends in ENOTFOUND errors on these machines.
    env: { ...withoutHijackers(process.env), ...profileEnv(profile), EXTENSIONS_GALLERY: '{}', ...options.env },
  });
  closeSync(fd);
  const pid = /** @type {number} */ (child.pid);
  /** @type {number | string | null} */
  let exited = null;
  const exitedPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = code ?? signal ?? 'unknown';
      resolve(exited);
    });
  });
  const handle = {
    killNow() {
      killGroup(pid, 'SIGKILL');
    },
  };
  live.add(handle);

  const tailOfLog = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '';
    }
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (exited === null) {
      killGroup(pid, 'SIGTERM');
      await Promise.race([exitedPromise, delay(5_000)]);
    }
    // SIGKILL the group in any case: forked children can outlive a leader that exited cleanly.
    killGroup(pid, 'SIGKILL');
    live.delete(handle);
    if (ownsProfile && !options.keepProfile) profile.dispose();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.healthTimeoutMs ?? 60_000);
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`e2e: code-server exited (${exited}) before it was healthy; log ${logFile}:\n${tailOfLog()}`);
    }
    if ((await httpStatus(`${url}/healthz`)) === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`e2e: code-server did not answer ${url}/healthz within ${options.healthTimeoutMs ?? 60_000} ms; log ${logFile}:\n${tailOfLog()}`);
    }
    await delay(100);
  }
  return {
    url,
    port,
    pid,
    profile,
    logFile,
    /** Resolves with the exit code/signal if code-server dies on its own. */
    exited: exitedPromise,
    stop,
  };
}

/**
 * (c) The workbench URL opening `folder` with the extension under development (and optionally the
 * tests) given through the URL payload; code-server rejects --extensionDevelopmentPath and
 * --extensionTestsPath on its command line. Paths are absolute paths on the server, addressed as
 * vscode-remote://127.0.0.1:PORT/abs/path (the authority must be the one the page is served from).
 *
 * @param {{ port: number, folder: string, extensionDevelopmentPath?: string, extensionTestsPath?: string }} options
 */
export function workbenchUrl({ port, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const authority = `127.0.0.1:${port}`;
  /** @param {string} p */
  const remote = (p) => `vscode-remote://${authority}${encodeURI(path.resolve(p))}`;
  /** @type {[string, string][]} */
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  const query = [`folder=${encodeURIComponent(path.resolve(folder))}`];
  if (payload.length) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `http://${authority}/?${query.join('&')}`;
}

/** Chromium flags that work on these machines (no GPU, no sandbox as root, no network but loopback). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium to drive: /usr/bin/chromium (or $ROBOTS_LENS_CHROMIUM); throws with the fix when absent.
 * @param {string} [executablePath]
 */
export function chromiumExecutable(executablePath) {
  const file = executablePath ?? process.env.ROBOTS_LENS_CHROMIUM ?? CHROMIUM_PATH;
  if (!existsSync(file)) {
    throw new Error(
      `e2e: Chromium not found at ${file}. Install it with \`apt-get update && apt-get install -y chromium\` ` +
        '(Playwright cannot download its own browser on these machines).',
    );
  }
  return file;
}

/**
 * (e) Launches Debian's Chromium through playwright-core. Never falls back or skips: no Chromium
 * is an error. Do not add --user-data-dir to the args (Playwright refuses it; launch() already
 * uses a fresh profile).
 *
 * @param {{ executablePath?: string }} [options]
 */
export async function launchChromium(options = {}) {
  const executablePath = chromiumExecutable(options.executablePath);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
