import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decideUnderFetchState } from '@robots-lens/fetch';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { FetchState } from '@robots-lens/fetch';

/** One case: fetch state, URL, and the expected outcome, reason and deciding line (1-based; 0 when no rule decides). */
type Case = [state: FetchState, url: string, outcome: 'allowed' | 'disallowed' | 'not-applicable', reason: string, line: number];

const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/help';
const ORIGIN = 'https://example.com';

describe('the fetch state decides before the rules (docs/spec/robots-semantics.md §5)', () => {
  const cases: Case[] = [
    ['rules', '/private/x', 'disallowed', 'rule', 2],
    ['rules', '/public', 'allowed', 'no-matching-rule', 0],
    ['unavailable', '/private/x', 'allowed', 'fetch-state', 0],
    ['unreachable', '/public', 'disallowed', 'fetch-state', 0],
    ['unreachable', '/robots.txt', 'disallowed', 'fetch-state', 0],
    ['unreachable', `${ORIGIN}/private/help`, 'disallowed', 'fetch-state', 0],
    // A URL the file does not govern stays not applicable whatever the state.
    ['unreachable', 'https://elsewhere.test/x', 'not-applicable', 'other-origin', 0],
    ['unavailable', 'https://elsewhere.test/x', 'not-applicable', 'other-origin', 0],
  ];
  const matcher = matcherFor(parseRobots(ROBOTS));
  for (const [state, url, outcome, reason, line] of cases) {
    test(`${state}: ${url} is ${outcome} (${reason})`, () => {
      const verdict = decideUnderFetchState(state, matcher, url, 'Googlebot', { origin: ORIGIN });
      assert.deepEqual([verdict.outcome, verdict.reason, verdict.rule ? verdict.rule.line + 1 : 0], [outcome, reason, line], verdict.explanation);
      if (reason === 'fetch-state') {
        assert.equal(verdict.allowed, outcome === 'allowed');
        assert.equal(verdict.group, null);
        assert.equal(verdict.googleLiteral, undefined);
      }
    });
  }

  test('the caller says why no rule decides; the verdict keeps the URL, target and agent', () => {
    const verdict = decideUnderFetchState('unreachable', matcher, '/a%7eb', 'Googlebot', { noRulesExplanation: 'HTTP 503 when fetched.' });
    assert.deepEqual([verdict.explanation, verdict.url, verdict.target, verdict.agent.token], ['HTTP 503 when fetched.', '/a%7eb', '/a~b', 'Googlebot']);
  });
});
