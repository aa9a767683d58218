import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { normalizePattern } from '@robots-lens/kernel/encoding';
import { indexHtmlPattern } from '@robots-lens/kernel/match';
import type { Rule } from '@robots-lens/kernel/parse';
import { PatternFactsCache } from '../src/lint/pattern-relations';
import { byRank, RankedRule, sortByRank } from '../src/lint/ranked-rule';

/**
 * `sortByRank` sorts numbers when the pool is in line order and falls back on the
 * comparator otherwise: either way the order must be exactly `byRank`'s.
 */

const ruleArb = fc.record({
  allow: fc.boolean(),
  pattern: fc.array(fc.constantFrom('/', 'a', 'b', 'index.html', '*', '$', '%41'), { maxLength: 5 }).map((p) => '/' + p.join('')),
});

function pool(specs: ReadonlyArray<{ allow: boolean; pattern: string }>, order: readonly number[]): RankedRule[] {
  const patterns = new PatternFactsCache();
  const ranked: RankedRule[] = [];
  for (const i of order) {
    const spec = specs[i]!;
    const normalized = normalizePattern(spec.pattern);
    const rule: Rule = { kind: spec.allow ? 'allow' : 'disallow', line: i, pattern: spec.pattern, normalized, octets: normalized.length, group: 0 };
    const implicit = spec.allow ? indexHtmlPattern(normalized) : undefined;
    ranked.push(new RankedRule(rule, normalized, false, implicit !== undefined, patterns));
    if (implicit !== undefined) ranked.push(new RankedRule(rule, implicit, true, true, patterns));
  }
  return ranked;
}

function assertRankOrder(ranked: RankedRule[]): void {
  const expected = [...ranked].sort(byRank);
  sortByRank(ranked);
  // The same objects in the same order (equal-looking entries of two lines must not swap).
  assert.ok(ranked.every((r, i) => r === expected[i]));
  ranked.forEach((r, i) => assert.equal(r.rank, i));
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
