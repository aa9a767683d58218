import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { diffRobots } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import { normalizeTarget } from '@robots-lens/kernel/encoding';
import { compilePattern, decide, matches } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { VerdictChange } from '@robots-lens/diff';
import { allStrings } from '../support/strings';

/**
 * The diff's claims are checked against the matcher itself, on both versions: every path
 * inside an exact region flips the claimed way, every path whose verdict differs is
 * covered by a claim of its direction (an exact region, or the pattern of an inexact
 * claim), and every example printed flips. Patterns and paths come from a small alphabet
 * so that prefixes, wildcards and anchors overlap often.
 */

interface RuleSpec {
  readonly allow: boolean;
  readonly pattern: string;
}

interface Version {
  readonly star: readonly RuleSpec[] | null;
  readonly named: readonly RuleSpec[] | null;
}

const PARTS = ['/', 'a', 'b', '/a/', '*', '$'] as const;
const PATH_CHARS = ['/', 'a', 'b', 'x', '$', '*'] as const;
const NAMED = 'Googlebot';

const patternArb = fc.oneof(
  { weight: 12, arbitrary: fc.array(fc.constantFrom(...PARTS), { maxLength: 4 }).map((ps) => '/' + ps.join('')) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...PARTS), { minLength: 1, maxLength: 3 }).map((ps) => ps.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('/index.html', '/a/index.html', '/a/index.htm*') },
);
const ruleArb = fc.record({ allow: fc.boolean(), pattern: patternArb });
const rulesArb = fc.array(ruleArb, { maxLength: 6 });
const versionArb: fc.Arbitrary<Version> = fc.record({
  star: fc.option(rulesArb, { freq: 5 }),
  named: fc.option(rulesArb, { freq: 2 }),
});

/** A small edit of a version: most real diffs are one or two rules. */
function mutate(version: Version): fc.Arbitrary<Version> {
  const editRules = (rules: readonly RuleSpec[] | null): fc.Arbitrary<readonly RuleSpec[] | null> =>
    fc.oneof(
      fc.constant(rules),
      ruleArb.map((r) => [...(rules ?? []), r]),
      fc.nat().map((i) => (rules && rules.length > 0 ? rules.filter((_, j) => j !== i % rules.length) : rules)),
      fc.tuple(fc.nat(), ruleArb).map(([i, r]) => (rules && rules.length > 0 ? rules.map((x, j) => (j === i % rules.length ? r : x)) : [r])),
      fc.constant(null),
    );
  return fc.record({ star: editRules(version.star), named: editRules(version.named) });
}

const pairArb = versionArb.chain((old) => fc.oneof(mutate(old).map((neu) => [old, neu] as const), versionArb.map((neu) => [old, neu] as const)));

function render(version: Version, reorder: boolean): string {
  const groups: string[] = [];
  const block = (agent: string, rules: readonly RuleSpec[]): string =>
    [`User-agent: ${agent}`, ...(rules.length === 0 ? ['Disallow:'] : rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`))].join('\n');
  if (version.star) groups.push(block('*', version.star));
  if (version.named) groups.push(block(NAMED, version.named));
  return (reorder ? groups.reverse() : groups).join('\n\n') + '\n';
}

/** Every path `/` + up to three characters, plus a few longer ones. */
const SHORT_PATHS: readonly string[] = [
  ...allStrings(PATH_CHARS, 3).map((p) => '/' + p),
  ...['/a/index.html', '/a/', '/index.html', '/a/index.htm', '/a/b/a/', '/aa/a/b', '/a/a$', '/a/$b'],
];
const longPathsArb = fc.array(
  fc.array(fc.constantFrom(...PATH_CHARS, '/a/', 'index.html'), { minLength: 3, maxLength: 8 }).map((cs) => '/' + cs.join('')),
  { maxLength: 20 },
);

function covers(change: VerdictChange, target: string): boolean {
  if (!matches(compilePattern(change.pattern!), target)) return false;
  if (!change.exact) return true;
  return !(change.except ?? []).some((q) => matches(compilePattern(q), target));
}

function flipOf(oldFile: RobotsFile, newFile: RobotsFile, path: string, agent: string): VerdictChange['kind'] | null {
  const before = decide(oldFile, path, agent).allowed;
  const after = decide(newFile, path, agent).allowed;
  if (before === after) return null;
  return after ? 'newly-allowed' : 'newly-disallowed';
}

function checkPair(oldText: string, newText: string, extraPaths: readonly string[]): void {
  const oldFile = parseRobots(oldText);
  const newFile = parseRobots(newText);
  for (const agent of ['*', NAMED]) {
    const result = diffRobots(oldFile, newFile, { crawlers: [agent] });
    const changes = result.crawlers.find((c) => c.token === agent)?.changes ?? [];
    const context = `agent ${agent}\n--- old\n${oldText}--- new\n${newText}--- changes\n${JSON.stringify(changes, null, 1)}`;
    for (const change of changes) {
      assert.ok(change.undecided === undefined, `undecided claim\n${context}`);
      for (const example of change.examples) {
        assert.equal(flipOf(oldFile, newFile, example, agent), change.kind, `example ${example} does not flip\n${context}`);
      }
    }
    for (const path of [...SHORT_PATHS, ...extraPaths]) {
      const target = normalizeTarget(path);
      const flip = flipOf(oldFile, newFile, path, agent);
      for (const change of changes) {
        if (change.exact && covers(change, target)) {
          assert.equal(flip, change.kind, `${path} lies in an exact ${change.kind} region but flips ${flip}\n${context}`);
        }
      }
      if (flip !== null) {
        assert.ok(
          changes.some((c) => c.kind === flip && covers(c, target)),
          `${path} flips ${flip} but no claim covers it\n${context}`,
        );
      }
    }
  }
}

describe('semantic diff agrees with the matcher (fast-check)', () => {
  test('exact claims hold, every flipped path is covered, examples flip', () => {
    fc.assert(
      fc.property(pairArb, longPathsArb, ([oldVersion, newVersion], paths) => {
        checkPair(render(oldVersion, false), render(newVersion, false), paths);
      }),
      { numRuns: 400 },
    );
  });

  test('reordering groups and rules never reports a change', () => {
    fc.assert(
      fc.property(versionArb, (version) => {
        const shuffled: Version = { star: version.star ? [...version.star].reverse() : null, named: version.named ? [...version.named].reverse() : null };
        const result = diffRobots(parseRobots(render(version, false)), parseRobots(render(shuffled, true)));
        assert.deepEqual(result.crawlers, []);
        // Two different rules tie exactly only through Google's index.html reading (`Allow:
        // /index.html` also allows `/$`, as long as `Allow: /$`). On a tie the first line in
        // the file is the one credited, as in Google's parser, so reordering may move which of
        // the two is dead; any other shadowing change would be a bug.
        for (const entry of result.shadowing) assert.match(entry.by?.text ?? '', /index\.htm/, JSON.stringify(entry));
      }),
      { numRuns: 200 },
    );
  });
});
