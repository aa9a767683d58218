// A real VS Code workbench for end-to-end tests, without downloading VS Code from Microsoft:
// code-server (from the npm registry) serves the workbench and runs the real Node extension
// host; Debian's Chromium, driven by playwright-core, is the window.
//
// How the suite runs there is in docs/architecture.md ("Tests by layer"). These modules only
// use Node 20 built-ins and playwright-core, so they run before (and without) any build step:
//   code-server-install.mjs  ensureCodeServer()   install code-server 4.100.3 in a cache folder outside the clone
//   code-server-profile.mjs  createProfile()      throwaway user-data-dir + extensions-dir + config.yaml
//                            installVsix()        `code-server --install-extension x.vsix` into a profile
//   code-server.mjs (this)   startCodeServer()    serve a folder on a free 127.0.0.1 port; {url, port, stop()}
//                            workbenchUrl()       /?folder=…&payload=[[extensionDevelopmentPath…],[extensionTestsPath…]]
//   chromium.mjs             launchChromium()     playwright-core + /usr/bin/chromium with the flags that work here
//   exit-cleanup.mjs         stops started servers and removes profiles however the script exits
//   repo.mjs                 REPO_ROOT, log()
//
// Findings (measured on the 2-core Node 20 machines):
// - Workbench ready 3–7 s after page.goto, the smoke suite 1–9 s after that, a warm cycle ~15–20 s.
// - The workbench runs extensionTestsPath only in extension-development mode (the payload must
//   carry an extensionDevelopmentPath too, see run-extension-tests.mjs --vsix).
// - The suite may live outside the developed extension: its require('vscode') then gets the
//   default API (how the harness was tried against a throwaway extension in /tmp).

import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createProfile, profileArgs, profileEnv } from './code-server-profile.mjs';
import { installExitHooks, live } from './exit-cleanup.mjs';

/**
 * code-server reads PORT and CODE_SERVER_HOST over --bind-addr, and with VSCODE_IPC_HOOK_CLI
 * set (a VS Code terminal) it hands the folder to that window and exits: drop all three.
 */
function withoutHijackers(env) {
  const { PORT: _port, CODE_SERVER_HOST: _host, VSCODE_IPC_HOOK_CLI: _hook, ...rest } = env;
  return rest;
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
 *   workspaceTrust?: boolean,
 * }} options `workspaceTrust`: Workspace Trust as in VS Code (an unknown folder opens in Restricted
 * Mode); off by default, so the workspace is trusted.
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
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
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
