import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { matcherFor, parseTarget, UrlBytesDecider } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { normalizePattern, normalizeTarget } from '../src/encoding';
import { compilePattern, decide, matches } from '../src/match';
import { NO_RULE, RuleAutomaton, UNANSWERED } from '../src/match/rule-automaton';

/**
 * The lazy automaton must give exactly the answer of trying every rule in rank order with
 * `matches` (itself property-tested against a dynamic-programming reference). Each rule
 * set is asked about many targets, so states are reused, flushed and rebuilt.
 */

const patternPiece = fc.constantFrom('/', 'a', 'b', 'ab', 'aab', 'aba', '.', '?', '=', '%2F', '%', '*', '**', '$');
const patternArb = fc.array(patternPiece, { maxLength: 7 }).map((parts) => normalizePattern('/' + parts.join('')));
const targetArb = fc
  .array(fc.constantFrom('/', 'a', 'b', 'ab', 'aab', 'ba', '.', '?', '=', '%2F', 'x'), { maxLength: 12 })
  .map((parts) => '/' + parts.join(''));

function bruteForce(patterns: readonly string[], target: string): number {
  const index = patterns.findIndex((p) => p !== '' && matches(compilePattern(p), target));
  return index < 0 ? NO_RULE : index;
}

const ORIGIN = 'https://h.test';

/** Raw paths: escapes of every kind, a lone or cut `%`, wildcards, non-ASCII and fragments. */
const rawPathArb = fc
  .array(fc.constantFrom('/', 'a', 'b', 'ab', '?', '=', '%2F', '%2f', '%61', '%7e', '%', '%4', '%%41', '*', '$', 'é', '日', '😀', '#', 'x'), { maxLength: 12 })
  .map((parts) => '/' + parts.join(''));

/** Runs `check` on many random raw paths, each against an automaton of random patterns. */
function forEachAutomatonAndPath(check: (automaton: RuleAutomaton, patterns: readonly string[], path: string) => void): void {
  fc.assert(
    fc.property(fc.array(patternArb, { minLength: 1, maxLength: 8 }), fc.array(rawPathArb, { minLength: 1, maxLength: 40 }), (patterns, paths) => {
      fc.pre(patterns.every((p) => p !== ''));
      const automaton = new RuleAutomaton(patterns.map(compilePattern));
      for (const path of paths) check(automaton, patterns, path);
    }),
    { numRuns: 2_000 },
  );
}

describe('rule automaton agrees with trying every rule in rank order (fast-check)', () => {
  test('many targets per rule set', () => {
    fc.assert(
      fc.property(fc.array(patternArb, { minLength: 1, maxLength: 10 }), fc.array(targetArb, { minLength: 1, maxLength: 60 }), (patterns, targets) => {
        fc.pre(patterns.every((p) => p !== ''));
        const automaton = new RuleAutomaton(patterns.map(compilePattern));
        for (const target of targets) assert.equal(automaton.best(target), bruteForce(patterns, target), `${target} against ${JSON.stringify(patterns)}`);
      }),
      { numRuns: 3_000 },
    );
  });

  for (const budget of [{ maxStates: 3 }, { maxEntries: 6 }]) {
    test(`a tiny budget (${JSON.stringify(budget)}) flushes, then gives up, and never answers wrongly`, () => {
      let flushedOrGaveUp = 0;
      fc.assert(
        fc.property(fc.array(patternArb, { minLength: 1, maxLength: 10 }), fc.array(targetArb, { minLength: 20, maxLength: 60 }), (patterns, targets) => {
          fc.pre(patterns.every((p) => p !== ''));
          const automaton = new RuleAutomaton(patterns.map(compilePattern), budget);
          for (const target of targets) {
            const answer = automaton.best(target);
            if (answer === UNANSWERED) flushedOrGaveUp++;
            else assert.equal(answer, bruteForce(patterns, target));
          }
        }),
        { numRuns: 1_000 },
      );
      assert.ok(flushedOrGaveUp > 0, 'the budget was never hit: the test does not exercise flushing');
    });
  }

  test('states are found again by every way that reaches them as the hash table grows from 64 slots to thousands of states', () => {
    // Literal chains (`/shop/item-7-…`) make thousands of states; the `*k12z` searches reach
    // the same state after any text ending in `k1`: each is built once, whatever the order.
    const patterns = [
      ...Array.from({ length: 300 }, (_, i) => `/shop/item-${i}-${'abcdefgh'.slice(i % 8)}`),
      ...Array.from({ length: 40 }, (_, i) => `/*k${i + 10}z`),
    ];
    const targets = Array.from({ length: 900 }, (_, i) => `/shop/item-${i % 300}-${'abcdefgh'.slice(i % 5)}/k${i % 47}z/k${(i * 7) % 53}q`);
    const forwards = new RuleAutomaton(patterns.map(compilePattern));
    const answers = targets.map((t) => forwards.best(t));
    const backwards = new RuleAutomaton(patterns.map(compilePattern));
    const reversed = [...targets].reverse().map((t) => backwards.best(t)).reverse();
    assert.ok(forwards.size > 1_000, `only ${forwards.size} states: the table never had to grow far`);
    assert.equal(backwards.size, forwards.size, 'a state reached again was built twice');
    assert.deepEqual(answers, targets.map((t) => bruteForce(patterns, t)));
    assert.deepEqual(reversed, answers);
  });

  test('characters a completed `$` piece waits for (down its border) are not filled in as uninteresting', () => {
    // After `/xaba` the `aba$` piece is complete but must end the path: `b` continues the
    // border `a`, so it is a character the rule waits for; `.` restarts the search.
    const patterns = ['/*aba$'];
    const automaton = new RuleAutomaton(patterns.map(compilePattern));
    for (const target of ['/xabab', '/xaba.a', '/xaba.aba', '/xababa', '/xabaa']) {
      assert.equal(automaton.best(target), bruteForce(patterns, target), target);
    }
  });

  test('readPlainPath says whether the walk read up to the end or the fragment, with nothing to normalise', () => {
    // [patterns, path, rank, read the whole path and it was plain]
    const cases: Array<[string[], string, number, boolean]> = [
      [['/a'], '/a', 0, true],
      [['/a'], '/ab', 0, false],
      [['/a'], '/a#frag', 0, true],
      [['/a'], '/b', NO_RULE, true],
      [['/a'], '/bc', NO_RULE, false],
      [['/a$'], '/a', 0, true],
      [['/a$'], '/ab', NO_RULE, true],
      [['/*x'], '/ax#', 0, true],
      [['/*x'], '/axy', 0, false],
      [['/a'], '/%61', 0, false],
      [['/a'], '/a%62', 0, false],
      [['/b'], '/a%62', NO_RULE, false],
      [['/%2A'], '/*', 0, false],
      [['/*x'], '/ab#%41', NO_RULE, true],
    ];
    for (const [patterns, path, rank, whole] of cases) {
      const automaton = new RuleAutomaton(patterns.map(compilePattern));
      // Twice: the first walk computes the transitions, the second finds them in the table.
      for (let pass = 0; pass < 2; pass++) {
        assert.equal(automaton.bestInPath('https://h.test' + path, 'https://h.test'.length), rank, `${path} against ${patterns}`);
        assert.equal(automaton.readPlainPath, whole, `${path} against ${patterns}, pass ${pass}`);
      }
    }
  });

  test('paths read in place, up to a fragment, agree with the sliced and normalised path', () => {
    forEachAutomatonAndPath((automaton, patterns, path) => {
      const answer = automaton.bestInPath(ORIGIN + path, ORIGIN.length);
      const hash = path.indexOf('#');
      const target = normalizeTarget(hash >= 0 ? path.slice(0, hash) : path);
      if (answer !== UNANSWERED) assert.equal(answer, bruteForce(patterns, target), `${path} against ${JSON.stringify(patterns)}`);
      // Only non-ASCII makes it decline.
      else assert.match(hash >= 0 ? path.slice(0, hash) : path, /[\u0080-\uffff]/);
    });
  });

  test('paths read as their UTF-8 bytes agree with the sliced and normalised path, a non-ASCII character read as its escapes', () => {
    forEachAutomatonAndPath((automaton, patterns, path) => {
      // Bytes around the path, as a query line has them: they must not be read.
      const bytes = Buffer.from(`{${ORIGIN}${path}}`);
      const hash = path.indexOf('#');
      const target = normalizeTarget(hash >= 0 ? path.slice(0, hash) : path);
      assert.equal(automaton.bestInBytes(bytes, 1 + ORIGIN.length, bytes.length - 1), bruteForce(patterns, target), `${path} against ${JSON.stringify(patterns)}`);
    });
    // ASCII paths are all answered, including the ones settled before their end; escapes are
    // read as normalising writes them, and one cut by the end of the path stays a literal `%`.
    const automaton = new RuleAutomaton(['/a', '/*b$', '/%25$', '/x%2A', '/~u', '/%C3%A9'].map(compilePattern));
    const cases = [['/a%zz', 0], ['/xb', 1], ['/xb#%', 1], ['/x', NO_RULE], ['/%62', 1], ['/x%62', 1], ['/%', NO_RULE], ['/%2', NO_RULE], ['/%25', 2], ['/x*', 3], ['/%7eu', 4], ['/%c3%a9', 5], ['/é', 5], ['/éx', 5], ['/è', NO_RULE]] as const;
    for (const [path, rank] of cases) {
      const bytes = Buffer.from(path);
      assert.equal(automaton.bestInBytes(bytes, 0, bytes.length), rank, path);
    }
  });
});

describe('decide answers the same once the automaton takes over', () => {
  test('every verdict field of a busy matcher equals a fresh one', () => {
    const ruleArb = fc.record({ allow: fc.boolean(), pattern: fc.array(patternPiece, { maxLength: 6 }).map((p) => '/' + p.join('')) });
    const pathArb = fc
      .array(fc.constantFrom('/', 'a', 'b', 'ab', '?', '=', '%2F', '%61', '%62', 'é', '*', '$', '#x', 'index.html'), { maxLength: 10 })
      .map((parts) => '/' + parts.join(''));
    fc.assert(
      fc.property(fc.array(ruleArb, { minLength: 1, maxLength: 8 }), fc.array(pathArb, { minLength: 100, maxLength: 150 }), (rules, paths) => {
        const text = 'User-agent: *\n' + rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`).join('\n');
        const busy = matcherFor(parseRobots(text));
        const origin = 'https://www.example.test';
        for (const path of paths) {
          // A fresh parse has a fresh matcher, which searches rule by rule.
          const expected = decide(parseRobots(text), origin + path, 'SomeBot', { origin });
          const actual = busy.decide(origin + path, 'SomeBot', { origin });
          assert.deepEqual(JSON.parse(JSON.stringify(actual)), JSON.parse(JSON.stringify(expected)), `${path}\n${text}`);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('UrlBytesDecider, for URLs read as bytes, gives the rule decide gives', () => {
  test('answers from a few questions on: bytes come in bulk, so the automaton is built sooner than for text', () => {
    const matcher = matcherFor(parseRobots('User-agent: *\nDisallow: /private/\nAllow: /private/open\n'));
    const urlBytes = new UrlBytesDecider(matcher);
    const origin = 'https://www.example.test';
    const ask = (path: string) => {
      const bytes = Buffer.from(origin + path);
      return urlBytes.decider('SomeBot', bytes, 0, bytes.length, origin, false);
    };
    const lineOf = (path: string) => {
      const decider = ask(path);
      return typeof decider === 'object' && decider !== null && 'line' in decider ? decider.line : decider;
    };
    let question = 1;
    while (ask('/private/x') === undefined && question < 64) question++;
    assert.ok(question < 64, 'bytes waited for as many questions as text does');
    assert.equal(lineOf('/private/open/x'), 2);
    assert.equal(lineOf('/private/x'), 1);
    assert.equal(ask('/public'), null);
    assert.equal(ask('/robots.txt'), 'robots-txt');
    assert.equal(ask('/robots.txt#top'), 'robots-txt');
    assert.equal(ask('/robots.txt?x'), null);
  });

  test('whenever it answers, for any agent, origin, path and Google reading', () => {
    const ruleArb = fc.record({ allow: fc.boolean(), pattern: fc.array(patternPiece, { maxLength: 6 }).map((p) => '/' + p.join('')) });
    const pathArb = fc
      .array(fc.constantFrom('/', 'a', 'b', 'ab', '?', '=', '%2F', '%2f', '%61', '%62', '%C3%A9', '%c3%a9', '%7E', '%', '%4', '%zz', 'é', '*', '$', '#x', 'index.html', 'robots.txt'), { maxLength: 10 })
      .map((parts) => '/' + parts.join(''));
    const origin = 'https://www.example.test';
    // Other origins, and the governed one written otherwise, or no absolute URL at all.
    const elsewhere = ['https://other.test', 'http://www.example.test', 'https://www.example.test.other', 'https://www.example.test:8443', 'HTTPS://WWW.EXAMPLE.TEST', 'https://www.example.test:443', 'https://user@www.example.test', 'https://', 'https:/x', ' https://other.test', 'https://other.test ', 'x://'];
    const urlArb = fc.oneof(
      { weight: 8, arbitrary: pathArb.map((path) => origin + path) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...elsewhere), pathArb, fc.constantFrom('', '?q', '#f', ';p', ' ')).map(([at, path, end]) => at + (end === '' ? path : end)) },
      { weight: 1, arbitrary: pathArb },
    );
    const agents = ['SomeBot', 'Googlebot', 'OtherBot', ''];
    let answered = 0;
    let googleChecked = 0;
    let robotsTxt = 0;
    let otherOrigin = 0;
    fc.assert(
      fc.property(fc.array(ruleArb, { minLength: 1, maxLength: 8 }), fc.array(ruleArb, { maxLength: 4 }), fc.array(urlArb, { minLength: 100, maxLength: 150 }), (star, google, urls) => {
        const lines = (rules: typeof star): string => rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`).join('\n');
        const text = `User-agent: *\n${lines(star)}\n\nUser-agent: Googlebot\n${lines(google)}\n`;
        const matcher = matcherFor(parseRobots(text));
        const urlBytes = new UrlBytesDecider(matcher);
        for (const url of urls) {
          for (const agent of agents) {
            const bytes = Buffer.from(`"${url}"`);
            for (const googleAgrees of [false, true]) {
              const rule = urlBytes.decider(agent, bytes, 1, bytes.length - 1, origin, googleAgrees);
              const verdict = matcher.decide(url, agent, { origin });
              if (rule === undefined) continue;
              answered++;
              if (rule === 'robots-txt') robotsTxt++;
              if (rule !== null && typeof rule === 'object' && 'otherOrigin' in rule) {
                otherOrigin++;
                // `decide` says other-origin of a URL it cannot read too: this one must be read, and be on the origin named.
                const parsed = parseTarget(url);
                assert.ok(verdict.reason === 'other-origin' && parsed.ok && parsed.target.origin === rule.otherOrigin, `${agent} ${url}: ${verdict.reason} ${rule.otherOrigin}`);
                continue;
              }
              assert.equal(rule, verdict.reason === 'robots-txt' ? 'robots-txt' : verdict.rule, `${agent} ${url}\n${text}`);
              if (googleAgrees) {
                googleChecked++;
                assert.equal(verdict.googleLiteral, undefined, `${agent} ${url}\n${text}`);
              }
            }
          }
        }
      }),
      { numRuns: 150 },
    );
    assert.ok(
      answered > 10_000 && googleChecked > 5_000 && robotsTxt > 100 && otherOrigin > 1_000,
      `only ${answered} answered, ${googleChecked} with Google's reading, ${robotsTxt} for /robots.txt, ${otherOrigin} on another origin`,
    );
  });
});
