import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRobots } from '@robots-lens/kernel/parse';
import { RobotsMatcher } from '@robots-lens/kernel/match';

const ORIGIN = 'https://shop.test';
// Escapes Google reads literally (%61 is "a", unreserved), escapes both read alike (%2F),
// lower-case hex, non-ASCII, and the wildcards, so that the two readings often disagree.
const pieces = ['/', 'a', 'b', 'ab', '-', '?', '=', '%61', '%62', '%2F', '%2f', '%7E', '~', 'ツ', '*', '$'];
const patternArb = fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((parts) => '/' + parts.join(''));
const pathArb = fc.array(fc.constantFrom(...pieces, '#x'), { maxLength: 8 }).map((parts) => '/' + parts.join(''));
const rulesArb = fc.array(fc.record({ allow: fc.boolean(), pattern: patternArb }), { minLength: 1, maxLength: 6 });

describe("Google's literal reading: the same answer read in place and read the general way (fast-check)", () => {
  test('a verdict read from its URL in place and one from its path agree on googleLiteral', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(pathArb, { minLength: 1, maxLength: 12 }), (rules, paths) => {
        const file = parseRobots(['User-agent: *', ...rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`)].join('\n'));
        const matcher = new RobotsMatcher(file);
        // Enough questions of a plain path for the group's automata to be built (that of the
        // rules whose two readings differ too), so that URLs are read in place.
        for (let i = 0; i < 70; i++) assert.equal(matcher.decide(`${ORIGIN}/`, 'Googlebot', { origin: ORIGIN }).googleLiteral, undefined);
        for (const path of paths) {
          const inPlace = matcher.decide(`${ORIGIN}${path}`, 'Googlebot', { origin: ORIGIN });
          const general = new RobotsMatcher(file).decide(path, 'Googlebot');
          assert.equal(inPlace.allowed, general.allowed, path);
          assert.deepEqual(inPlace.googleLiteral, general.googleLiteral, `${path} under ${rules.map((r) => r.pattern).join(' ')}`);
        }
      }),
      { numRuns: 400, seed: 20261203 },
    );
  });
});
