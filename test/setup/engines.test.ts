// The Node the project says it supports is one that every installed package accepts: otherwise
// `npm ci` warns EBADENGINE on the very machine the README promises.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../support/dist';
import { nodeRangeAccepts } from './node-range';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
const floor = /^>=\s*(\d+\.\d+\.\d+)$/.exec(manifest.engines.node)?.[1];

describe('supported Node', () => {
  test('engines.node is a plain floor, ">=MAJOR.MINOR.PATCH"', () => {
    assert.ok(floor, `engines.node is "${manifest.engines.node}"`);
  });

  test('every locked package accepts the lowest supported Node', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !Array.isArray(entry.engines) && entry.engines?.node !== undefined)
      .filter(([, entry]) => !nodeRangeAccepts((entry.engines as { node: string }).node, floor ?? '0.0.0'))
      .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    assert.deepEqual(refusing, [], `packages that refuse Node ${floor}`);
  });

  test("the README's first lines name the same Node", () => {
    const opening = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').slice(0, 12).join('\n');
    const [major, minor] = (floor ?? '').split('.');
    assert.match(opening, new RegExp(`Node ${major}\\.${minor} or later`));
  });
});

describe('node range reading', () => {
  const cases: [string, string, boolean][] = [
    ['>=22', '20.19.0', false],
    ['>=16', '20.19.0', true],
    ['>= 20', '20.0.0', true],
    ['^18.18.0 || ^20.9.0 || >=21.1.0', '20.19.0', true],
    ['^20.19.0 || ^22.13.0 || >=24', '20.18.9', false],
    ['20 || >=22', '20.19.0', true],
    ['18 || 20 || >=22', '21.0.0', false],
    ['>=16 || 14 >=14.17', '14.16.0', false],
    ['6.* || 8.* || >= 10.*', '20.19.0', true],
    ['>=0.6.11 <=0.7.0 || >=0.7.3', '0.7.1', false],
    ['*', '20.19.0', true],
    ['^0.4.1', '0.5.0', false],
  ];
  for (const [range, version, accepted] of cases) {
    test(`"${range}" ${accepted ? 'accepts' : 'refuses'} ${version}`, () => {
      assert.equal(nodeRangeAccepts(range, version), accepted);
    });
  }
});
