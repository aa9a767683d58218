/**
 * Test URL's results panel as data: one row per crawler with the verdict, the winning line as
 * written (1-based, to reveal), the group, the product-token chain and Google's literal-parser
 * note; the summary line is the one the Output history gets.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { testUrlView } from '../../client/src/panels/test-url/view';
import { verdictDto } from '../../server/src/features/wire/verdicts';

const ROBOTS = ['User-agent: *', 'Disallow: /%62', '', 'User-agent: GPTBot', 'Disallow: /'].join('\n');
const lines = ROBOTS.split('\n');
const lineText = (line: number): string | undefined => lines[line];

function view(url: string, agents: readonly string[], parserNotes = true) {
  const matcher = matcherFor(parseRobots(ROBOTS));
  // As the view receives them: through the server's converter to the wire shape.
  const verdicts = agents.map((agent) => verdictDto(matcher.decide(url, agent)));
  return testUrlView(verdicts, { documentName: 'robots.txt', version: 3, saved: 'unsaved changes', lineText }, { parserNotes });
}

describe('Test URL results view', () => {
  test('one row per crawler: verdict, winning line, group, chain', () => {
    const result = view('/b', ['GPTBot', 'Googlebot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)']);
    assert.equal(result.url, '/b');
    assert.equal(result.rows.length, 3);
    const [gpt, google, bing] = result.rows;
    assert.equal(gpt?.agent, 'GPTBot');
    assert.equal(gpt?.verdict, 'Disallowed');
    assert.deepEqual(gpt?.winning, { line: 5, text: 'Disallow: /', note: 'longest match, 1 octet' });
    assert.equal(gpt?.group, 'User-agent: GPTBot (line 4) — its own group');
    assert.match(gpt?.chain ?? '', /^gptbot/i);
    assert.equal(google?.verdict, 'Disallowed');
    assert.equal(google?.winning?.line, 2);
    assert.equal(google?.group, 'User-agent: * (line 1) — no group names it, so it uses the * group');
    assert.equal(bing?.agent, 'bingbot');
    assert.match(bing?.about ?? '', /^User-Agent: Mozilla\/5\.0 \(compatible; bingbot/);
    assert.equal(result.summary, '/b: GPTBot disallowed by line 5 · Googlebot disallowed by line 2 · bingbot disallowed by line 2. Google\'s literal parser would decide 2 of them differently.');
  });

  test("Google's literal parser note is on the row it concerns, and only with parser notes on", () => {
    const [, google] = view('/b', ['GPTBot', 'Googlebot']).rows;
    assert.match(google?.google ?? '', /compares percent-escapes literally and would say allowed/);
    assert.equal(view('/b', ['GPTBot']).rows[0]?.google, null);
    assert.equal(view('/b', ['Googlebot'], false).rows[0]?.google, null);
  });

  test('no rule decides: the row says why and keeps the group to reveal', () => {
    const [google] = view('/open', ['Googlebot']).rows;
    assert.equal(google?.verdict, 'Allowed');
    assert.equal(google?.winning, null);
    assert.equal(google?.noRule, 'no rule of its group matches');
    assert.equal(google?.groupLine, 0);
  });
});
