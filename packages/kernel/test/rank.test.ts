import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { normalizePattern } from '../src/encoding';
import { indexHtmlPattern } from '../src/match';
import { byRank, sortByRank } from '../src/match/rank';
import type { Rankable } from '../src/match/rank';

/**
 * `sortByRank` sorts numbers when the pool is in line order and falls back on the
 * comparator otherwise: either way the order must be exactly `byRank`'s. The matcher and
 * lint's shadowing proofs both rank with it.
 */

const ruleArb = fc.record({
  allow: fc.boolean(),
  pattern: fc.array(fc.constantFrom('/', 'a', 'b', 'index.html', '*', '$', '%41'), { maxLength: 5 }).map((p) => '/' + p.join('')),
});

/** The entries a pool of rules competes with: each rule, and after an Allow its implicit `/dir/$`. */
function pool(specs: ReadonlyArray<{ allow: boolean; pattern: string }>, order: readonly number[]): Rankable[] {
  const ranked: Rankable[] = [];
  for (const line of order) {
    const spec = specs[line]!;
    const normalized = normalizePattern(spec.pattern);
    ranked.push({ octets: normalized.length, allow: spec.allow, line, implicit: false });
    const implicit = spec.allow ? indexHtmlPattern(normalized) : undefined;
    if (implicit !== undefined) ranked.push({ octets: implicit.length, allow: true, line, implicit: true });
  }
  return ranked;
}

function assertRankOrder(ranked: Rankable[]): void {
  const expected = [...ranked].sort(byRank);
  sortByRank(ranked);
  // The same objects in the same order (equal-looking entries of two lines must not swap).
  assert.ok(ranked.every((r, i) => r === expected[i]));
}

test('sortByRank: a pool in line order is ranked as byRank ranks it', () => {
  fc.assert(
    fc.property(fc.array(ruleArb, { maxLength: 40 }), (specs) => assertRankOrder(pool(specs, specs.map((_, i) => i)))),
  );
});

test('sortByRank: a pool out of line order too', () => {
  fc.assert(
    fc.property(
      fc.array(ruleArb, { minLength: 1, maxLength: 40 }).chain((specs) =>
        fc.tuple(fc.constant(specs), fc.shuffledSubarray(specs.map((_, i) => i), { minLength: specs.length })),
      ),
      ([specs, order]) => assertRankOrder(pool(specs, order)),
    ),
  );
});

test('byRank: more octets first, then Allow, then the earlier line, then a rule before its implicit /dir/$', () => {
  const r = (octets: number, allow: boolean, line: number, implicit = false): Rankable => ({ octets, allow, line, implicit });
  assert.ok(byRank(r(5, false, 9), r(4, true, 0)) < 0);
  assert.ok(byRank(r(4, true, 9), r(4, false, 0)) < 0);
  assert.ok(byRank(r(4, true, 1), r(4, true, 2)) < 0);
  assert.ok(byRank(r(4, true, 1), r(4, true, 1, true)) < 0);
});
