import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { wholeSiteDisallowedBy } from '@robots-lens/fetch/survey';
import { parseRobots } from '@robots-lens/kernel/parse';
import { matcherFor } from '@robots-lens/kernel/match';
import { allStrings } from '../support/strings';

/**
 * "The whole site is disallowed" is said only when the rules prove it: every target the
 * matcher could be asked about is decided by a Disallow. The table holds the cases the
 * study got wrong and those where an Allow (with `*`, `$`, Google's index.html rule, a tie)
 * could still win; the property checks every proof against the matcher on every short path.
 */

const ROWS: readonly (readonly [file: string, agent: string, line: number | undefined, why: string])[] = [
  ['User-agent: *\nDisallow: /', 'GPTBot', 2, 'the plain case'],
  ['User-agent: GPTBot\n\nDisallow: /', 'GPTBot', 3, 'a blank line does not end a group'],
  ['User-agent: GPTBot\nDisallow: /a/\n\nUser-agent: CCBot\nDisallow: /x\n\nUser-agent: GPTBot\nDisallow: /', 'GPTBot', 8, 'split groups are merged'],
  ['User-agent: *\nDisallow: *', 'GPTBot', 2, 'a star matches every path'],
  ['User-agent: *\nDisallow: /*', 'GPTBot', 2, '/* matches every path'],
  ['User-agent: *\nDisallow: /\nAllow: /pub\nDisallow: /pub*', 'GPTBot', 2, 'the Allow is outranked everywhere by a longer Disallow'],
  ['User-agent: *\nDisallow: /\nAllow: /$', 'GPTBot', undefined, 'the home page is allowed by a longer Allow'],
  ['User-agent: *\nDisallow: /\nAllow: /', 'GPTBot', undefined, 'Allow wins a tie'],
  ['User-agent: *\nDisallow: /\nAllow: /public/', 'GPTBot', undefined, 'an Allow wins under /public/'],
  ['User-agent: *\nDisallow: /\nAllow: /pub\nDisallow: /pu', 'GPTBot', undefined, 'the shorter Disallow does not outrank the Allow'],
  ['User-agent: *\nDisallow: /\nAllow: /*.css$', 'GPTBot', undefined, 'a wildcard Allow wins on stylesheets'],
  ['User-agent: *\nDisallow: /\nAllow: /d/index.html\nDisallow: /d/index.html', 'GPTBot', undefined, "Google's implicit /d/$ of the index.html Allow wins at /d/"],
  ['User-agent: *\nDisallow: /$', 'GPTBot', undefined, 'only the home page'],
  ['User-agent: *\nDisallow: /private/', 'GPTBot', undefined, 'a directory only'],
  ['User-agent: CCBot\nDisallow: /', 'GPTBot', undefined, 'no group for the crawler'],
  ['User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /', 'GPTBot', undefined, 'its own group wins over *'],
  ['User-agent: *\nDisallow:', 'GPTBot', undefined, 'an empty Disallow disallows nothing'],
  ['', 'GPTBot', undefined, 'an empty file'],
];

describe('the whole site proved disallowed from the rules', () => {
  for (const [file, agent, line, why] of ROWS) {
    test(`${why}: ${JSON.stringify(file)}`, () => {
      const found = wholeSiteDisallowedBy(matcherFor(parseRobots(file)), agent);
      assert.equal(found === undefined ? undefined : found + 1, line);
    });
  }
});

const PARTS = ['/', 'a', 'b', '/a/', '*', '$', '%61', 'index.html'] as const;
const PATH_CHARS = ['/', 'a', 'b', '$', '%', '6', '1'] as const;
const TARGETS = allStrings(PATH_CHARS, 4).map((s) => '/' + s).concat(['/a/index.html', '/a/', '/index.html?x=1', '/?q']);

const patternArb = fc.oneof(
  { weight: 8, arbitrary: fc.array(fc.constantFrom(...PARTS), { maxLength: 3 }).map((ps) => '/' + ps.join('')) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...PARTS), { minLength: 1, maxLength: 3 }).map((ps) => ps.join('')) },
  { weight: 2, arbitrary: fc.constantFrom('/', '*', '/*', '/$') },
);
const rulesArb = fc.array(fc.record({ allow: fc.boolean(), pattern: patternArb }), { minLength: 1, maxLength: 6 });

test('every proof holds for every short path the matcher is asked about', () => {
  let proofs = 0;
  fc.assert(
    fc.property(rulesArb, (rules) => {
      const file = parseRobots(['User-agent: *', ...rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`)].join('\n'));
      const matcher = matcherFor(file);
      if (wholeSiteDisallowedBy(matcher, 'GPTBot') === undefined) return;
      proofs++;
      for (const target of TARGETS) {
        const verdict = matcher.decide(`https://example.com${target}`, 'GPTBot', { origin: 'https://example.com' });
        assert.equal(verdict.allowed, false, `${target} is allowed under\n${file.text}`);
      }
    }),
    { numRuns: 1500, seed: 38 },
  );
  // The property must have something to check.
  assert.ok(proofs > 50, `${proofs} proofs`);
});
