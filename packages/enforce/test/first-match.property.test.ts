/**
 * The compiled rules decide as the matcher does: for random groups and random raw targets
 * (escapes in either case, `%` without digits, `*`, `$`, query strings, raw UTF-8 and
 * invalid octets), the ordered expressions tried first-match (as the servers try them) give
 * the matcher's verdict. PCRE plans must agree everywhere; RE2 plans wherever they say they
 * are exact, and on every target without `%` or raw non-ASCII octets.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { decide } from '@robots-lens/kernel/match';
import { decodeUtf8Lossless, parseRobots } from '@robots-lens/kernel/parse';
import { PlanEvaluator, planEnforcement, rawTarget } from '../src';
import type { UriRegexOptions } from '../src';

const GPTBOT = CRAWLERS.find((c) => c.token === 'GPTBot')!;
const UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';

const PCRE: UriRegexOptions = { flavour: 'pcre', anyChar: '.', end: '$' };
const RE2: UriRegexOptions = { flavour: 're2', anyChar: '.', end: '$' };

const PATTERN_PIECES = ['/', 'a', 'b', 'A', 'F', 'f', '2', '4', '1', 'x', '%', '%2F', '%2f', '%62', '%41', '%4', '%E3', '%e3%83%84', '%24', '%2A', '*', '$', '?', '=', '.', 'é', 'ツ', '-', 'index.html'];
const TARGET_PIECES = ['/', 'a', 'b', 'A', 'F', 'f', '2', '4', '1', 'x', '%', '%2F', '%2f', '%62', '%41', '%4', '%E3', '%e3', '%24', '%2A', '*', '$', '?', '=', '.', '-', 'index.html', '\xE9', '\xC3\xA9', '\xE3\x83\x84', '\xE3', '\x83'];

const pattern = fc.array(fc.constantFrom(...PATTERN_PIECES), { minLength: 0, maxLength: 7 }).map((p) => '/' + p.join(''));
const rule = fc.record({ allow: fc.boolean(), pattern });
const target = fc.array(fc.constantFrom(...TARGET_PIECES), { minLength: 0, maxLength: 9 }).map((p) => '/' + p.join(''));

function robotsOf(rules: readonly { allow: boolean; pattern: string }[]): string {
  return `User-agent: GPTBot\n${rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`).join('\n')}\n`;
}

/** The target the matcher reads for raw octets (`latin1`, one character per octet), as a log reader decodes them. */
function textOf(latin1: string): string {
  return decodeUtf8Lossless(Uint8Array.from(latin1, (c) => c.charCodeAt(0)));
}

function assertAgrees(options: UriRegexOptions, onlyWhereExact: boolean): void {
  fc.assert(
    fc.property(fc.array(rule, { minLength: 1, maxLength: 6 }), fc.array(target, { minLength: 1, maxLength: 12 }), (rules, targets) => {
      const file = parseRobots(robotsOf(rules));
      const plan = planEnforcement(file, [GPTBOT], options);
      const evaluator = new PlanEvaluator(plan);
      const exact = plan.crawlers.every((c) => c.rules.every((r) => r.regex.exact));
      for (const raw of targets) {
        if (onlyWhereExact && !exact && /[%\x80-\xFF]/.test(raw)) continue;
        const text = textOf(raw);
        assert.equal(rawTarget(text), raw, 'octets survive the log reading');
        const verdict = decide(file, text, UA);
        const compiled = evaluator.decide(UA, raw);
        assert.equal(compiled.crawler, 'gptbot');
        assert.equal(compiled.block, verdict.allowed === false, `${JSON.stringify(raw)} under ${JSON.stringify(robotsOf(rules))}: matcher ${verdict.outcome}`);
      }
    }),
    { numRuns: 400 },
  );
}

describe('first match of the compiled rules is the matcher\'s longest match', () => {
  test('PCRE (nginx, Apache, HAProxy): every target', () => assertAgrees(PCRE, false));
  test('RE2 (Caddy, Cloudflare): where the plan is exact, and every target without % or raw octets', () => assertAgrees(RE2, true));

  test('/robots.txt itself is never blocked, even under Disallow: /', () => {
    const plan = planEnforcement(parseRobots('User-agent: GPTBot\nDisallow: /\n'), [GPTBOT], PCRE);
    const evaluator = new PlanEvaluator(plan);
    assert.equal(evaluator.decide(UA, '/robots.txt').block, false);
    assert.equal(evaluator.decide(UA, '/robots.txt?x').block, true, 'only the exact target is exempt, as in the matcher');
    assert.equal(decide(parseRobots('User-agent: GPTBot\nDisallow: /\n'), '/robots.txt?x', UA).allowed, false);
  });
});
