import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sitemapsView } from '../../client/src/panels/sitemaps/view';
import type { CheckSitemapsResult } from '../../server/src/protocol';

const result: CheckSitemapsResult = {
  version: 3,
  blocked: [{ url: 'https://shop.test/private/a', agent: 'GPTBot', line: 2, rule: 'Disallow: /private/', sitemap: 'https://shop.test/s.xml', sitemapLine: 4 }],
  blockedOmitted: 1,
  tally: {
    origin: 'https://shop.test',
    listed: 24,
    agents: [
      { agent: 'Googlebot', checked: 2, blocked: 0 },
      { agent: 'GPTBot', checked: 2, blocked: 2 },
    ],
    otherOrigin: { count: 22, examples: Array.from({ length: 20 }, (_, i) => ({ url: `https://blog.test/${i}`, sitemap: 's.xml', sitemapLine: i + 1, reason: 'https://blog.test is another origin, governed by its own robots.txt' })) },
    notUrls: { count: 0, examples: [] },
  },
  sitemaps: [
    { location: 'https://shop.test/index.xml', kind: 'sitemapindex', entries: 1, notices: [] },
    { location: 'https://shop.test/s.xml', parent: 'https://shop.test/index.xml', kind: 'urlset', entries: 3, notices: ['lists 50,001 URLs'] },
    { location: 'https://shop.test/gone.xml', entries: 0, error: 'HTTP 404 status: no sitemap there.', notices: [] },
    { location: 'https://shop.test/cut.xml', entries: 2, error: 'malformed XML at line 4, column 36: unexpected close tag.', notices: [] },
  ],
  roots: [],
  notices: [],
  cancelled: false,
};

test('the panel view: counts per crawler in words, one row per blocked URL, the sitemaps read and what was set apart', () => {
  const view = sitemapsView(result, 'robots.txt', 'saved');
  assert.deepEqual(view.answer, { tone: 'blocked', text: 'Partly checked: 2 URLs on https://shop.test checked, 2 blocked URLs (URL × crawler), but 1 sitemap was read in part and 1 not read, so listed URLs may be missing from this check.' });
  assert.equal(view.summary, '2 sitemaps read (1 index), 1 read in part, 1 not read, 24 URLs listed, 2 on https://shop.test.');
  assert.deepEqual(view.crawlers, ['Googlebot: none blocked of 2 URLs checked', 'GPTBot: 2 URLs blocked of 2 URLs checked']);
  assert.deepEqual(view.rows, [{ url: 'https://shop.test/private/a', agent: 'GPTBot', line: 2, rule: 'Disallow: /private/', sitemap: 'https://shop.test/s.xml', sitemapLine: 4 }]);
  assert.equal(view.omitted, '1 more blocked URL not listed here (robots-lens sitemaps lists them all).');
  assert.deepEqual(view.sitemaps.map((s) => [s.what, s.failed]), [['index of 1 sitemap', false], ['3 URLs', false], ['not read: HTTP 404 status: no sitemap there.', true], ['2 entries read, then: malformed XML at line 4, column 36: unexpected close tag.', true]]);
  assert.equal(view.aside.length, 21);
  assert.equal(view.aside.at(-1), '… and 2 more URLs on other origins');
});

const unreadable: CheckSitemapsResult = {
  version: 1,
  blocked: [],
  blockedOmitted: 0,
  tally: { listed: 0, agents: ['Googlebot', 'GPTBot'].map((agent) => ({ agent, checked: 0, blocked: 0 })), otherOrigin: { count: 0, examples: [] }, notUrls: { count: 0, examples: [] } },
  sitemaps: [{ location: 'https://shop.test/sitemap.xml', entries: 0, error: 'HTTP 404 status: no sitemap there.', notices: [] }],
  roots: [],
  notices: [],
  cancelled: false,
};

test('nothing read: the answer is a warning that says so, never that no listed URL is blocked', () => {
  const view = sitemapsView(unreadable, 'robots.txt', 'saved');
  assert.deepEqual(view.answer, { tone: 'warning', text: 'Nothing checked: no sitemap could be read (1 sitemap tried), so no listed URL was checked against robots.txt.' });
  assert.deepEqual(view.crawlers, ['Googlebot: nothing checked', 'GPTBot: nothing checked']);
  for (const text of [view.answer.text, view.summary, ...view.crawlers]) assert.doesNotMatch(text, /no listed URL is blocked|none blocked/i);
});

test('a cancelled check is never an all-clear: it says it was cancelled, as a warning', () => {
  const read: CheckSitemapsResult = {
    ...unreadable,
    tally: { origin: 'https://shop.test', listed: 3, agents: [{ agent: 'Googlebot', checked: 3, blocked: 0 }], otherOrigin: { count: 0, examples: [] }, notUrls: { count: 0, examples: [] } },
    sitemaps: [{ location: 'https://shop.test/sitemap.xml', kind: 'urlset', entries: 3, notices: [] }],
  };
  assert.equal(sitemapsView(read, 'robots.txt', 'saved').answer.tone, 'clear');
  const cancelled = sitemapsView({ ...read, cancelled: true }, 'robots.txt', 'saved');
  assert.deepEqual(cancelled.answer, { tone: 'warning', text: 'Cancelled, so listed URLs may be missing from this check. 3 URLs checked until then, none blocked.' });
});
