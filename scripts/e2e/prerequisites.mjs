// What the demo and the e2e tests need from the system, checked all at once: one run names
// every missing package, and installs them itself when it can (as root, with apt), instead of
// failing on the first one and the next one on the following run.
// Only Node 20 built-ins: it runs before (and without) any build step.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ what: string, debianPackage: string, present: (system: System) => boolean }} Prerequisite
 * @typedef {{
 *   exists: (file: string) => boolean,
 *   onPath: (command: string) => boolean,
 *   isRoot: boolean,
 *   hasApt: boolean,
 *   run: (command: string, args: string[], env: Record<string, string>) => number | null,
 * }} System
 */

/** What installing code-server from the npm registry needs here (see code-server-install.mjs). */
export const CODE_SERVER_PREREQUISITES = /** @type {Prerequisite[]} */ ([
  {
    what: "ripgrep (/usr/bin/rg), which code-server's @vscode/ripgrep cannot download on these machines",
    debianPackage: 'ripgrep',
    present: (system) => system.exists('/usr/bin/rg'),
  },
  {
    what: 'the Kerberos headers (/usr/include/gssapi/gssapi.h) that code-server\'s kerberos module is built with',
    debianPackage: 'libkrb5-dev',
    present: (system) => system.exists('/usr/include/gssapi/gssapi.h'),
  },
  { what: 'a C++ compiler (g++) for the native modules', debianPackage: 'g++', present: (system) => system.onPath('g++') },
  { what: 'make for the native modules', debianPackage: 'make', present: (system) => system.onPath('make') },
  { what: 'python3 for node-gyp', debianPackage: 'python3', present: (system) => system.onPath('python3') },
]);

/** git, which the demo and the UI test use to make their copy of examples/ a repository of its own. */
export const GIT_PREREQUISITE = /** @type {Prerequisite} */ ({
  what: 'git, to make the copy of examples/ a repository (for the comparison with HEAD)',
  debianPackage: 'git',
  present: (system) => system.onPath('git'),
});

/** The browser the e2e tests drive (Playwright cannot download its own here). */
export const CHROMIUM_PREREQUISITE = /** @type {Prerequisite} */ ({
  what: 'Chromium (/usr/bin/chromium), the window the e2e tests drive',
  debianPackage: 'chromium',
  present: (system) => system.exists(process.env.ROBOTS_LENS_CHROMIUM ?? '/usr/bin/chromium'),
});

/** @returns {System} this machine */
export function thisSystem() {
  return {
    exists: existsSync,
    onPath: (command) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, command))),
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasApt: existsSync('/usr/bin/apt-get'),
    run: (command, args, env) => spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } }).status,
  };
}

/** The one command line that installs `packages`, for a person to run. @param {string[]} packages @param {boolean} isRoot */
export function aptInstallLine(packages, isRoot) {
  const sudo = isRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

/**
 * Makes sure every prerequisite is there. Missing ones are installed with apt when running as root
 * on a machine with apt-get (saying so first); otherwise the error names all of them and the one
 * apt-get line that installs them.
 *
 * @param {Prerequisite[]} prerequisites
 * @param {{ system?: System, who?: string }} [options] `who` prefixes the messages ("demo", "e2e")
 * @returns {{ installed: string[] }} the Debian packages installed now
 */
export function ensurePrerequisites(prerequisites, options = {}) {
  const system = options.system ?? thisSystem();
  const who = options.who ?? 'e2e';
  const missing = prerequisites.filter((p) => !p.present(system));
  if (missing.length === 0) return { installed: [] };
  const packages = [...new Set(missing.map((p) => p.debianPackage))];
  const list = missing.map((p) => `  - ${p.what} (Debian package ${p.debianPackage})`).join('\n');
  if (!system.isRoot || !system.hasApt) {
    const how = system.hasApt
      ? `Install them all with:\n\n  ${aptInstallLine(packages, system.isRoot)}\n`
      : `Install them with your system's package manager (on Debian/Ubuntu: ${aptInstallLine(packages, false)}).`;
    throw new Error(`${who}: missing from this machine:\n${list}\n${how}`);
  }
  console.error(`${who}: installing what this machine lacks, with apt-get as root: ${packages.join(' ')}\n${list}`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const status = system.run('apt-get', args, env);
    if (status !== 0) throw new Error(`${who}: \`apt-get ${args.join(' ')}\` failed (${status}); run it yourself:\n\n  ${aptInstallLine(packages, true)}\n`);
  }
  const stillMissing = missing.filter((p) => !p.present(system));
  if (stillMissing.length > 0) {
    throw new Error(`${who}: apt-get installed ${packages.join(' ')}, but these are still missing:\n${stillMissing.map((p) => `  - ${p.what}`).join('\n')}`);
  }
  return { installed: packages };
}
