// Installs code-server from the npm registry into a cache folder outside the clone, so the e2e
// tests and the demo get a real VS Code workbench without downloading VS Code from Microsoft.
// Only Node 20 built-ins: it runs before (and without) any build step.
//
// Findings (measured on the 2-core Node 20 machines):
// - Install: ~57 s with a warm npm cache, ~95–115 s cold; ~300 MB. Cached: a marker check, 0 s.
//   Needs /usr/bin/rg (offline ripgrep cache, below), /usr/include/gssapi (libkrb5-dev, kerberos
//   build), build tools and Node's headers for node-gyp (nodedir, below); everything else comes
//   from npm. prerequisites.mjs checks the Debian packages all at once and installs them as root.
// - npm 11.19 warns "install scripts not yet covered by allowScripts" for code-server and argon2
//   but still runs them; if a later npm blocks them, the install breaks (postinstall.sh does the work).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_SERVER_PREREQUISITES, ensurePrerequisites } from './prerequisites.mjs';
import { REPO_ROOT, log } from './repo.mjs';

export const CODE_SERVER_VERSION = '4.100.3'; // VS Code 1.100.3: the last line that runs on Node 20.
// code-server 4.100.3 pins @vscode/ripgrep 1.15.11, whose postinstall wants ripgrep v13.0.0-10
// from api.github.com (unreachable here). It first looks in os.tmpdir()/vscode-ripgrep-cache-<pkg
// version>/ripgrep-<version>-<target>.tar.gz and untars `rg` from the root of that archive, so we
// pack Debian's /usr/bin/rg (ripgrep 13.0.0, the same release) under that name beforehand.
const RIPGREP_PKG_VERSION = '1.15.11';
const RIPGREP_ASSET_VERSION = 'v13.0.0-10';
const SYSTEM_RG = '/usr/bin/rg';

const INSTALLED_MARKER = '.robots-lens-installed';
const STAGING_PACKAGE_NAME = 'robots-lens-code-server';

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

/** Whether code-server is installed in `installDir` (default: the cache folder). @param {string} [installDir] */
export function isInstalled(installDir = defaultInstallDir()) {
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
 * @param {{ installDir?: string, who?: string }} [options] `who` prefixes the messages about missing prerequisites
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

  // All of them at once, installed with apt when run as root (ripgrep, the Kerberos headers, build tools).
  ensurePrerequisites(CODE_SERVER_PREREQUISITES, { who: options.who ?? 'e2e' });

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
