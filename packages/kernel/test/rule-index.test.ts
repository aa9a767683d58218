import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { normalizePattern } from '../src/encoding';
import { compilePattern, matches } from '../src/match';
import { RuleIndex } from '../src/match/rule-index';
import type { IndexedRule } from '../src/match/rule-index';

/**
 * The index answers its first questions by trying the rules in rank order, later ones with
 * its trie (and its automaton where that can answer): every one must be the best-ranked rule
 * that `matches` the target. Non-ASCII targets keep the automaton out, so the trie answers.
 */

const patternPiece = fc.constantFrom('/', 'a', 'b', 'ab', 'aab', 'é', '.', '?', '=', '%2F', '%', '*', '**', '$');
const patternArb = fc.array(patternPiece, { maxLength: 7 }).map((parts) => normalizePattern('/' + parts.join('')));
const targetArb = fc
  .array(fc.constantFrom('/', 'a', 'b', 'ab', 'aab', 'ba', '.', '?', '=', '%2F', '%C3%A9', 'é', 'x'), { maxLength: 12 })
  .map((parts) => '/' + parts.join(''));

describe('RuleIndex gives the best-ranked matching rule (fast-check)', () => {
  test('for every question, before and after its trie is built', () => {
    fc.assert(
      fc.property(fc.array(patternArb, { minLength: 1, maxLength: 12 }), fc.array(targetArb, { minLength: 80, maxLength: 120 }), (patterns, targets) => {
        const rules: IndexedRule[] = patterns
          .filter((p) => p !== '')
          .map((p, rank) => {
            const pattern = compilePattern(p);
            return { rank, pattern, literalOnly: pattern.pieces.length === 1 };
          });
        fc.pre(rules.length > 0);
        // Given out of rank order: the index ranks them itself.
        const index = new RuleIndex([...rules].reverse());
        for (const target of targets) {
          const expected = rules.find((rule) => matches(rule.pattern, target));
          assert.equal(index.best(target), expected, `${target} against ${JSON.stringify(patterns)}`);
        }
      }),
      { numRuns: 1_500 },
    );
  });
});
