import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { normalizePattern } from '@robots-lens/kernel/encoding';
import { indexHtmlPattern, sortByRank } from '@robots-lens/kernel/match';
import type { Rule } from '@robots-lens/kernel/parse';
import { PatternFactsCache } from '../src/lint/pattern-relations';
import { rankPool, RankedRule } from '../src/lint/ranked-rule';

/**
 * The shadowing proofs rank their pools with the matcher's order (the kernel's
 * `sortByRank`, whose own properties are in packages/kernel/test/rank.test.ts): each entry
 * reads as its rule (or Google's implicit `/dir/$` of it), and `rankPool` numbers the ranks
 * in that order.
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

test('rankPool: the matcher order, with ranks numbered in it, whether the pool is in line order or not', () => {
  fc.assert(
    fc.property(
      fc.array(ruleArb, { minLength: 1, maxLength: 40 }).chain((specs) =>
        fc.tuple(fc.constant(specs), fc.shuffledSubarray(specs.map((_, i) => i), { minLength: specs.length }), fc.boolean()),
      ),
      ([specs, order, inLineOrder]) => {
        const ranked = pool(specs, inLineOrder ? specs.map((_, i) => i) : order);
        for (const r of ranked) {
          assert.equal(r.line, r.rule.line);
          assert.equal(r.allow, r.rule.kind === 'allow');
          assert.equal(r.octets, r.pattern.length);
        }
        const expected = [...ranked];
        sortByRank(expected);
        rankPool(ranked);
        assert.ok(ranked.every((r, i) => r === expected[i]));
        ranked.forEach((r, i) => assert.equal(r.rank, i));
      },
    ),
  );
});
