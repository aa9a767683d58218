/**
 * What the comparison panel says about the logged requests an edit decides differently: the
 * per-crawler counts in words, and each example's time, target and verdict before → now.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareRequestsView } from '../../client/src/panels/compare/requests-view';
import type { FlipCount, FlipExample } from '@robots-lens/diff';
import type { CompareRequests } from '../../server/src/protocol';

const tally = (file: string, requests: number) => ({ file, format: 'combined' as const, lines: requests, requests, unreadable: 0 });
const flip = (token: string, requests: number, newlyDisallowed: FlipExample[], newlyAllowed: FlipExample[] = [], counts?: [number, number]): FlipCount => ({
  token,
  requests,
  newlyDisallowed: counts?.[0] ?? newlyDisallowed.length,
  newlyAllowed: counts?.[1] ?? newlyAllowed.length,
  examples: { newlyDisallowed, newlyAllowed },
});
const requests = (flips: FlipCount[], files = ['/var/log/nginx/access.log']): CompareRequests => ({ logs: files.map((f) => tally(f, 10)), flips });

describe('compare panel: requests decided differently', () => {
  const counts: [what: string, flip: FlipCount, expected: string][] = [
    ['newly disallowed only', flip('ClaudeBot', 49, [], [], [26, 0]), '26 of 49 requests newly disallowed'],
    ['newly allowed only, thousands grouped', flip('bingbot', 1930, [], [], [0, 1200]), '1,200 of 1,930 requests newly allowed'],
    ['both directions', flip('GPTBot', 10, [], [], [2, 1]), '3 of 10 requests: 2 newly disallowed, 1 newly allowed'],
    ['one request', flip('CCBot', 1, [], [], [1, 0]), '1 of 1 request newly disallowed'],
    ['requests naming no crawler token (*)', flip('*', 4, [], [], [0, 4]), '4 of 4 requests newly allowed'],
  ];
  for (const [what, count, expected] of counts) {
    test(`counts: ${what}`, () => {
      const view = compareRequestsView(requests([count]));
      assert.equal(view.crawlers.length, 1);
      assert.equal(view.crawlers[0]!.counts, expected);
    });
  }

  test('examples: time in UTC without the T and Z, target as logged, verdict before → now with the deciding lines', () => {
    const view = compareRequestsView(requests([
      flip(
        'GPTBot',
        5,
        [{ url: '/blog/"><img src=x>', time: '2026-11-23T09:30:04Z', oldLine: 80, newLine: 79 }, { url: '/new', oldLine: null, newLine: 3 }],
        [{ url: '/x', time: '2026-11-23T09:30:05.250Z', oldLine: 12, newLine: null }],
      ),
    ]));
    assert.deepEqual(view.crawlers[0]!.examples, [
      { time: '2026-11-23 09:30:04', url: '/blog/"><img src=x>', before: 'allowed by old line 80', now: 'disallowed', newLine: 79 },
      { time: '', url: '/new', before: 'allowed (no rule)', now: 'disallowed', newLine: 3 },
      { time: '2026-11-23 09:30:05.250', url: '/x', before: 'disallowed by old line 12', now: 'allowed', newLine: null },
    ]);
    assert.equal(view.crawlers[0]!.crawler, 'GPTBot');
  });

  test('damage met in a log is said as the reader words it; a sound log says nothing', () => {
    const warning = '/var/log/nginx/old.log.gz: 12 bytes of trailing garbage after the gzip data, at byte 4,096; the 20,480 decompressed bytes before it were read.';
    const damaged: CompareRequests = { logs: [tally('/var/log/nginx/access.log', 10), { ...tally('/var/log/nginx/old.log.gz', 5), warnings: [warning] }], flips: [] };
    assert.deepEqual(compareRequestsView(damaged).warnings, [warning]);
    assert.deepEqual(compareRequestsView(requests([])).warnings, []);
  });

  test('title names the logs; crawlers without flips are left out and summed up in the note', () => {
    const view = compareRequestsView(requests(
      [flip('ClaudeBot', 49, [], [], [26, 0]), flip('Googlebot', 443, []), flip('bingbot', 1, [])],
      ['/logs/a.log', '/logs/b.log.gz'],
    ));
    assert.equal(view.title, 'Requests in a.log and b.log.gz decided differently');
    assert.deepEqual(view.crawlers.map((c) => c.crawler), ['ClaudeBot']);
    assert.equal(view.note, 'The 444 requests of 2 other crawlers are decided as before.');
    assert.equal(compareRequestsView(requests([flip('bingbot', 1, [])])).note, 'The 1 request of 1 other crawler is decided as before.');
    assert.equal(compareRequestsView(requests([flip('*', 4, [], [], [0, 4])])).crawlers[0]!.crawler, 'any other crawler (*)');
  });

  test('a log without crawler requests says so', () => {
    const view = compareRequestsView(requests([]));
    assert.deepEqual(view.crawlers, []);
    assert.equal(view.note, 'access.log has no requests from crawlers to count (browsers are left out).');
  });
});
