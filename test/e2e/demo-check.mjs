// Proves `npm run demo` works without leaving a server behind: runs scripts/demo.mjs for real
// (build, code-server, HTTP checks) and checks the port handling, the clean shutdown, and that it
// serves a fresh copy of examples/ (never the repository's own files); `--web` serves the web-only
// build, which the test fetches from the printed URL as the browser would.
//
//   node --test test/e2e/demo-check.mjs        (about 30–40 s warm; the first run may install code-server)
//
// Needs what the demo needs: code-server installed or installable (see scripts/e2e/code-server-install.mjs).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DEMO = path.join(ROOT, 'scripts', 'demo.mjs');
// The first run installs code-server (1–2 minutes); later ones take seconds.
const RUN_TIMEOUT_MS = 300_000;

/**
 * Starts the demo. `until` resolves when stdout matches the pattern (or the process ends first),
 * `done` when it exits; the process is killed if it outlives the timeout.
 * @param {string[]} args @param {Record<string, string>} [env]
 */
function startDemo(args, env = {}) {
  const baseEnv = { ...process.env };
  delete baseEnv.PORT;
  const child = spawn(process.execPath, [DEMO, ...args], { cwd: ROOT, env: { ...baseEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  /** @type {{ pattern: RegExp, resolve: (m: RegExpExecArray | null) => void }[]} */
  const waiters = [];
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    stdout += chunk;
    for (const w of [...waiters]) {
      const m = w.pattern.exec(stdout);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  // Past the deadline: SIGTERM first, so the demo still stops its code-server (a SIGKILLed demo
  // cannot, and would leave it running); SIGKILL only if that does not end it.
  let exited = false;
  void delay(RUN_TIMEOUT_MS, undefined, { ref: false }).then(async () => {
    if (exited) return;
    child.kill('SIGTERM');
    await delay(15_000, undefined, { ref: false });
    if (!exited) child.kill('SIGKILL');
  });
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      for (const w of waiters.splice(0)) w.resolve(null);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    child,
    /** @type {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string }>} */
    done,
    /** @param {RegExp} pattern @returns {Promise<RegExpExecArray | null>} */
    until(pattern) {
      const m = pattern.exec(stdout);
      if (m) return Promise.resolve(m);
      return new Promise((resolve) => waiters.push({ pattern, resolve }));
    },
  };
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** @param {string} url @returns {Promise<number>} the status, 0 when nothing answers */
function status(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Live (non-zombie) processes in the process group `pgid` (code-server and its forks). @param {number} pgid */
function liveGroupMembers(pgid) {
  if (!existsSync('/proc')) return [];
  /** @type {number[]} */
  const live = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid pgrp …"; comm may contain spaces, so split after ")".
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') live.push(Number(name));
    } catch {
      /* gone meanwhile */
    }
  }
  return live;
}

/** @param {string} stdout */
function urlAndPid(stdout) {
  const url = /(http:\/\/127\.0\.0\.1:(\d+)\/\?folder=\S+)/.exec(stdout);
  const pid = /code-server pid (\d+)/.exec(stdout);
  assert.ok(url, `no workbench URL in the output:\n${stdout}`);
  assert.ok(pid, `no code-server pid in the output:\n${stdout}`);
  return { url: url[1], port: Number(url[2]), pid: Number(pid[1]) };
}

/**
 * Waits for the demo's "Ctrl+C stops it" banner; fails with its output if it exits first.
 * @param {ReturnType<typeof startDemo>} demo
 */
async function ready(demo) {
  const banner = await demo.until(/Ctrl\+C stops it/);
  if (!banner) {
    const run = await demo.done;
    assert.fail(`the demo exited (${run.code ?? run.signal}) before it was ready:\n${run.stdout}\n${run.stderr}`);
  }
  return urlAndPid(banner.input);
}

/** The served folder, from the URL: a copy of examples/ outside the clone. @param {string} url */
function servedFolder(url) {
  const folder = new URL(url).searchParams.get('folder');
  assert.ok(folder, `no folder in ${url}`);
  const rel = path.relative(ROOT, folder);
  assert.ok(rel.startsWith('..') || path.isAbsolute(rel), `the demo serves ${folder}, inside the clone`);
  assert.equal(path.basename(folder), 'examples');
  return folder;
}

/** Every file under `dir` (git's own folder left out), relative path → bytes. @param {string} dir */
function filesOf(dir) {
  /** @type {Map<string, Buffer>} */
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, file);
    if (entry.isFile() && rel.split(path.sep)[0] !== '.git') files.set(rel, readFileSync(file));
  }
  return files;
}

/** @param {string} url */
function payloadOf(url) {
  const payload = new URL(url).searchParams.get('payload');
  assert.ok(payload, `no payload in ${url}`);
  return JSON.parse(payload);
}

test('--check starts the demo, answers 200, stops and leaves nothing running', async () => {
  const run = await startDemo(['--check']).done;
  assert.equal(run.code, 0, `exit ${run.code ?? run.signal}\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /check passed/);
  const { url, port, pid } = urlAndPid(run.stdout);
  const folder = servedFolder(url);
  assert.match(run.stdout, new RegExp(`workspace ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(a fresh copy of examples/\\)`));
  assert.match(run.stdout, /auto-save and port forwarding are off/);
  // The replay can verify crawlers offline: the test IP lists are where the language server reads them.
  const lists = readdirSync(path.join(ROOT, 'test', 'fixtures', 'replay', 'ranges')).filter((name) => name.endsWith('.json')).length;
  assert.match(run.stdout, new RegExp(`^demo: IP lists ${lists} test lists in \\S+/ip-lists$`, 'm'));
  assert.equal(existsSync(folder), false, 'the copy is left behind after --check');
  assert.deepEqual(payloadOf(url), [['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${port}${encodeURI(ROOT)}`]]);
  assert.equal(await status(`http://127.0.0.1:${port}/healthz`), 0, 'the port still answers after --check');
  assert.deepEqual(liveGroupMembers(pid), [], 'code-server processes left running');
});

test('--port wins over PORT, and the URL names that port', async () => {
  const [fromEnv, fromFlag] = [await freePort(), await freePort()];
  const run = await startDemo(['--check', '--port', String(fromFlag)], { PORT: String(fromEnv) }).done;
  assert.equal(run.code, 0, `exit ${run.code ?? run.signal}\n${run.stdout}\n${run.stderr}`);
  const { url, port, pid } = urlAndPid(run.stdout);
  assert.equal(port, fromFlag);
  assert.equal(payloadOf(url)[0][1], `vscode-remote://127.0.0.1:${fromFlag}${encodeURI(ROOT)}`);
  assert.equal(await status(`http://127.0.0.1:${fromFlag}/healthz`), 0);
  assert.deepEqual(liveGroupMembers(pid), []);
});

test('PORT alone is used; the demo serves until Ctrl+C, then stops code-server cleanly', async () => {
  const port = await freePort();
  const demo = startDemo([], { PORT: String(port) });
  const { url, pid } = await ready(demo);
  try {
    assert.equal(new URL(url).port, String(port));
    assert.equal(await status(`http://127.0.0.1:${port}/healthz`), 200);
    assert.equal(await status(url), 200);
    assert.ok(liveGroupMembers(pid).length > 0, 'no code-server process while the demo runs');
  } finally {
    demo.child.kill('SIGINT');
  }
  await assertStoppedBySigint(demo, port, pid);
});

test('the demo serves a fresh copy of examples/ under git, names it in its banner, and removes it when it stops', async () => {
  const demo = startDemo([]);
  const { url } = await ready(demo);
  try {
    const folder = servedFolder(url);
    const banner = (await demo.until(/Ctrl\+C stops it/))?.input ?? '';
    assert.match(banner, /fresh copy of examples\/ at\s+(\S+)/);
    assert.equal(/fresh copy of examples\/ at\s+(\S+)/.exec(banner)?.[1], folder);
    assert.match(banner, /Auto-save and port forwarding are off/);
    assert.deepEqual(filesOf(folder), filesOf(path.join(ROOT, 'examples')));
    const committed = execFileSync('git', ['ls-files'], { cwd: folder, encoding: 'utf8' });
    assert.equal(committed.trim(), 'robots.txt', 'robots.txt is committed in the copy, so that saving it compares with HEAD');
  } finally {
    demo.child.kill('SIGINT');
  }
  const run = await demo.done;
  assert.equal(run.code, 0, `exit ${run.code ?? run.signal} after SIGINT\n${run.stderr}`);
  assert.equal(existsSync(servedFolder(url)), false, 'the copy is left behind after the demo stopped');
});

test('SIGTERM stops it too', async () => {
  const demo = startDemo([]);
  const { port, pid } = await ready(demo);
  try {
    assert.equal(await status(`http://127.0.0.1:${port}/healthz`), 200);
  } finally {
    demo.child.kill('SIGTERM');
  }
  const run = await demo.done;
  assert.equal(run.code, 0, `exit ${run.code ?? run.signal} after SIGTERM\n${run.stderr}`);
  assert.equal(await status(`http://127.0.0.1:${port}/healthz`), 0);
  assert.deepEqual(liveGroupMembers(pid), []);
});

/**
 * After SIGINT: the demo exits 0 saying it stopped, its port no longer answers and none of its
 * processes is left. @param {ReturnType<typeof startDemo>} demo @param {number | string} port @param {number} pid
 */
async function assertStoppedBySigint(demo, port, pid) {
  const run = await demo.done;
  assert.equal(run.code, 0, `exit ${run.code ?? run.signal} after SIGINT\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /stopped\./);
  assert.equal(await status(`http://127.0.0.1:${port}/healthz`), 0);
  assert.deepEqual(liveGroupMembers(pid), []);
}

/** @param {string} url @returns {Promise<{ status: number, body: string }>} */
function get(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 15_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

test('--web serves the web-only build at the printed URL, with the test IP lists in the workspace, until Ctrl+C', async () => {
  const demo = startDemo(['--web']);
  const { url, port, pid } = await ready(demo);
  const banner = (await demo.until(/Ctrl\+C stops it/))?.input ?? '';
  const folder = servedFolder(url);
  try {
    // No extension under development in the URL: that would run in the Node extension host.
    assert.equal(new URL(url).searchParams.get('payload'), null, url);
    assert.match(banner, /demo \(web build\)/);
    assert.match(banner, /web worker extension host/);
    // The printed URL gives the workbench.
    const page = await get(url);
    assert.equal(page.status, 200);
    assert.match(page.body, /<html/i);
    assert.match(page.body, /workbench/i);
    // The installed copy, as the browser fetches it: a browser entry and no main, this checkout's web bundle.
    const installed = /Installed at\s+(\S+)/.exec(banner)?.[1];
    assert.ok(installed, `no installed extension in the banner:\n${banner}`);
    const resource = (/** @type {string} */ file) => get(`http://127.0.0.1:${port}/vscode-remote-resource?path=${encodeURIComponent(path.join(installed, file))}`);
    const manifest = JSON.parse((await resource('package.json')).body);
    const own = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(manifest.name, own.name);
    assert.equal(manifest.browser, own.browser);
    assert.equal(manifest.main, undefined, 'the installed copy has a main entry: code-server would run it in Node');
    const bundle = await resource(own.browser);
    assert.equal(bundle.status, 200);
    assert.equal(bundle.body, readFileSync(path.join(ROOT, own.browser), 'utf8'), 'the served web bundle is not this checkout\'s build');
    // The browser reads the replay's IP lists from the workspace.
    const lists = readdirSync(path.join(ROOT, 'test', 'fixtures', 'replay', 'ranges')).filter((name) => name.endsWith('.json')).sort();
    assert.deepEqual(readdirSync(path.join(folder, '.robots-lens', 'ip-lists')).sort(), lists);
  } finally {
    demo.child.kill('SIGINT');
  }
  await assertStoppedBySigint(demo, port, pid);
  assert.equal(existsSync(folder), false, 'the copy is left behind after the demo stopped');
});

test('--web --check checks the web-only copy and stops', async () => {
  const run = await startDemo(['--web', '--check']).done;
  assert.equal(run.code, 0, `exit ${run.code ?? run.signal}\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /check passed .* the web-only extension \(browser entry, no main\) is served/);
  assert.match(run.stdout, /^demo: IP lists \d+ test lists in \S+\/examples\/\.robots-lens\/ip-lists$/m);
  const { port, pid } = urlAndPid(run.stdout);
  assert.equal(await status(`http://127.0.0.1:${port}/healthz`), 0);
  assert.deepEqual(liveGroupMembers(pid), []);
});

test('a busy port fails at once with a clear message', async () => {
  const blocker = net.createServer();
  await new Promise((resolve) => blocker.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = blocker.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  try {
    const run = await startDemo(['--check', '--port', String(port)]).done;
    assert.equal(run.code, 1);
    assert.match(run.stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use`));
  } finally {
    blocker.close();
  }
});

test('a bad port is a usage error', async () => {
  const run = await startDemo(['--port', 'eighty']).done;
  assert.equal(run.code, 2);
  assert.match(run.stderr, /bad port "eighty"/);
});
