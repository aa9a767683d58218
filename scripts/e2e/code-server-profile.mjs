// The throwaway profile code-server runs with: user data with the settings that keep the screen
// predictable, an extensions folder (where a packaged .vsix can be installed), a config.yaml, and
// the environment that keeps everything code-server writes inside the profile.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installExitHooks, tempRoots } from './exit-cleanup.mjs';
import { log } from './repo.mjs';

/** Settings that keep the screen predictable: no welcome page, tips, telemetry, updates, recommendations or forwarded ports. */
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
  // code-server forwards every port that any process on the machine starts listening on (it scans
  // /proc): on a busy machine dozens, with an "Over 20 ports have been automatically forwarded"
  // toast. Nothing here needs a forwarded port.
  'remote.autoForwardPorts': false,
  'remote.restoreForwardedPorts': false,
  'remote.forwardOnOpen': false,
  'remote.otherPortsAttributes': { onAutoForward: 'ignore' },
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
export function profileEnv(profile) {
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
export function profileArgs(profile) {
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

