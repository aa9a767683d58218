/**
 * What the comparison panel's sitemap section says: the offer (shown only for http(s)
 * `Sitemap:` lines, picking files always), then the CLI's headline, per set of crawlers the
 * counts with examples and the deciding line, and each sitemap not read with why.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compareSitemapsView, sitemapOfferView } from '../../client/src/panels/compare/sitemaps-view';
import type { CompareSitemaps } from '../../server/src/protocol';

const example = (url: string, line: number, rule: string) => ({ url, sitemap: 'https://shop.test/s.xml', sitemapLine: 3, line, rule });

const listed: CompareSitemaps = {
  flips: {
    origin: 'https://shop.test',
    checked: 1301,
    newlyBlocked: 1240,
    newlyAllowed: 1,
    crawlers: [
      {
        agents: ['*', 'Googlebot', 'bingbot'],
        newlyBlocked: 1240,
        newlyAllowed: 1,
        examples: { newlyBlocked: [example('https://shop.test/shop/<b>1</b>', 3, 'Disallow: /shop/')], newlyAllowed: [example('https://shop.test/old/', 0, '')] },
      },
      { agents: ['GPTBot'], newlyBlocked: 0, newlyAllowed: 0, examples: { newlyBlocked: [], newlyAllowed: [] } },
      { agents: Array.from({ length: 10 }, (_, i) => `Bot${i}`), newlyBlocked: 1, newlyAllowed: 0, examples: { newlyBlocked: [example('https://shop.test/x', 7, 'Disallow: /x')], newlyAllowed: [] } },
    ],
  },
  sitemaps: [
    { location: 'https://shop.test/index.xml', kind: 'sitemapindex', entries: 2, notices: [] },
    { location: 'https://shop.test/s.xml', parent: 'https://shop.test/index.xml', kind: 'urlset', entries: 50_001, notices: ["lists 50,001 URLs, more than the protocol's 50,000: search engines may reject it (every URL was checked)."] },
    { location: 'https://shop.test/gone.xml', parent: 'https://shop.test/index.xml', entries: 0, error: 'HTTP 404 status: no sitemap there.', notices: [] },
  ],
};

describe('compare panel: URLs listed in your sitemaps', () => {
  test('the offer: a button only when the file names a sitemap by an http(s) URL; picking files always', () => {
    assert.deepEqual(sitemapOfferView([]), { pick: 'Pick sitemap files…' });
    assert.deepEqual(sitemapOfferView(['/sitemap.xml', 'sitemap.xml']), { pick: 'Pick sitemap files…' });
    const one = sitemapOfferView(['https://shop.test/sitemap.xml', '/relative.xml']);
    assert.equal(one.count?.label, 'Count URLs in your sitemaps');
    assert.equal(one.count?.detail, 'Reads https://shop.test/sitemap.xml (and the sitemaps an index names), with both versions deciding every URL listed.');
    const two = sitemapOfferView(['https://shop.test/a.xml', 'HTTP://shop.test/b.xml', 'https://shop.test/a.xml']);
    assert.match(two.count?.detail ?? '', /^Reads the 2 sitemaps on this file's Sitemap: lines /);
  });

  test("after the click: the CLI's headline, what was read, and per set of crawlers the counts with examples and the deciding line", () => {
    const view = compareSitemapsView(listed);
    assert.equal(view.headline, 'This edit newly blocks 1,240 URLs listed in your sitemaps.');
    assert.equal(view.read, '2 sitemaps read (1 index), 1 not read, 1,301 URLs listed on https://shop.test.');
    assert.equal(view.allowed, 'It newly allows 1 URL listed in them.');
    assert.deepEqual(view.crawlers, [
      {
        heading: 'any other crawler (*), Googlebot, bingbot (3 crawlers)',
        counts: '1,240 newly blocked, 1 newly allowed',
        examples: [
          // The URL is kept as it was listed: the webview inserts it as text.
          { kind: 'newly blocked', url: 'https://shop.test/shop/<b>1</b>', line: 3, rule: 'Disallow: /shop/' },
          { kind: 'newly allowed', url: 'https://shop.test/old/', line: null, rule: '' },
        ],
      },
      { heading: 'Bot0, Bot1, Bot2, Bot3, Bot4, Bot5, Bot6, Bot7 and 2 more (10 crawlers)', counts: '1 newly blocked', examples: [{ kind: 'newly blocked', url: 'https://shop.test/x', line: 7, rule: 'Disallow: /x' }] },
    ]);
    assert.deepEqual(view.errors, [{ location: 'https://shop.test/gone.xml', error: 'HTTP 404 status: no sitemap there.' }]);
    assert.deepEqual(view.notices, ["https://shop.test/s.xml: lists 50,001 URLs, more than the protocol's 50,000: search engines may reject it (every URL was checked)."]);
  });

  test('no flip: the headline says so and nothing is listed', () => {
    const view = compareSitemapsView({ flips: { checked: 1, newlyBlocked: 0, newlyAllowed: 0, crawlers: [] }, sitemaps: [{ location: '/s.xml', kind: 'urlset', entries: 1, notices: [] }] });
    assert.deepEqual([view.headline, view.read, view.allowed, view.crawlers, view.errors], ['This edit newly blocks no URL listed in your sitemaps.', '1 sitemap read, 1 URL listed.', '', [], []]);
  });

  test('the webview inserts the section as text only', () => {
    const script = readFileSync(join(__dirname, '..', '..', 'media', 'compare.js'), 'utf8');
    assert.match(script, /function renderSitemaps\(/);
    assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });
});
