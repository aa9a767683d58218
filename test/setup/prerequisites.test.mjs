// The demo and the e2e tests check what they need from the system all at once: every missing
// package is named in one run, installed with apt when running as root, or given as the one
// apt-get line that installs them all.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CHROMIUM_PREREQUISITE, CODE_SERVER_PREREQUISITES, ensurePrerequisites } from '../../scripts/e2e/prerequisites.mjs';

/**
 * A machine that has only `files` and `commands`, and records what it was asked to run.
 * @param {{ files?: string[], commands?: string[], isRoot?: boolean, hasApt?: boolean, installs?: Record<string, { files?: string[], commands?: string[] }> }} machine
 */
function fakeSystem(machine) {
  const files = new Set(machine.files ?? []);
  const commands = new Set(machine.commands ?? []);
  /** @type {string[]} */
  const ran = [];
  return {
    ran,
    system: {
      exists: (/** @type {string} */ file) => files.has(file),
      onPath: (/** @type {string} */ command) => commands.has(command),
      isRoot: machine.isRoot ?? false,
      hasApt: machine.hasApt ?? true,
      run: (/** @type {string} */ command, /** @type {string[]} */ args) => {
        ran.push(`${command} ${args.join(' ')}`);
        if (args[0] === 'install') {
          for (const name of args.slice(2)) {
            for (const file of machine.installs?.[name]?.files ?? []) files.add(file);
            for (const cmd of machine.installs?.[name]?.commands ?? []) commands.add(cmd);
          }
        }
        return 0;
      },
    },
  };
}

const BUILD_TOOLS = ['g++', 'make', 'python3'];
const INSTALLS = {
  ripgrep: { files: ['/usr/bin/rg'] },
  'libkrb5-dev': { files: ['/usr/include/gssapi/gssapi.h'] },
  chromium: { files: ['/usr/bin/chromium'] },
};

/** @param {() => unknown} run */
function errorOf(run) {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return assert.fail('no error');
}

describe('prerequisites', () => {
  test('nothing missing: nothing is run', () => {
    const { system, ran } = fakeSystem({ files: ['/usr/bin/rg', '/usr/include/gssapi/gssapi.h'], commands: BUILD_TOOLS, isRoot: true });
    assert.deepEqual(ensurePrerequisites(CODE_SERVER_PREREQUISITES, { system }), { installed: [] });
    assert.deepEqual(ran, []);
  });

  test('not root: every missing package is named in one message with the one apt-get line', () => {
    const { system, ran } = fakeSystem({ commands: BUILD_TOOLS });
    const message = errorOf(() => ensurePrerequisites(CODE_SERVER_PREREQUISITES, { system, who: 'demo' }));
    assert.match(message, /^demo: missing from this machine:/);
    assert.match(message, /ripgrep \(\/usr\/bin\/rg\)/);
    assert.match(message, /gssapi\.h/);
    assert.match(message, /\n {2}sudo apt-get update && sudo apt-get install -y ripgrep libkrb5-dev\n/);
    assert.equal(message.match(/apt-get install/g)?.length, 1, 'one install line');
    assert.deepEqual(ran, []);
  });

  test('root with apt: installs every missing package in one apt-get run and says so', () => {
    const { system, ran } = fakeSystem({ commands: BUILD_TOOLS, isRoot: true, installs: INSTALLS });
    const result = ensurePrerequisites([CHROMIUM_PREREQUISITE, ...CODE_SERVER_PREREQUISITES], { system, who: 'ui' });
    assert.deepEqual(result, { installed: ['chromium', 'ripgrep', 'libkrb5-dev'] });
    assert.deepEqual(ran, ['apt-get update', 'apt-get install -y chromium ripgrep libkrb5-dev']);
  });

  test('root with apt, but the install leaves one missing: says which', () => {
    const { system } = fakeSystem({ commands: BUILD_TOOLS, isRoot: true, installs: { ripgrep: INSTALLS.ripgrep } });
    const message = errorOf(() => ensurePrerequisites(CODE_SERVER_PREREQUISITES, { system }));
    assert.match(message, /still missing:\n {2}- the Kerberos headers/);
  });

  test('build tools missing: named beside the rest', () => {
    const { system } = fakeSystem({ files: ['/usr/bin/rg', '/usr/include/gssapi/gssapi.h'], commands: ['python3'] });
    assert.match(errorOf(() => ensurePrerequisites(CODE_SERVER_PREREQUISITES, { system })), /sudo apt-get install -y g\+\+ make$/m);
  });

  test('no apt: the packages are named for another package manager', () => {
    const { system } = fakeSystem({ commands: BUILD_TOOLS, isRoot: true, hasApt: false });
    assert.match(errorOf(() => ensurePrerequisites(CODE_SERVER_PREREQUISITES, { system })), /system's package manager \(on Debian\/Ubuntu: sudo apt-get update && sudo apt-get install -y ripgrep libkrb5-dev\)/);
  });
});
