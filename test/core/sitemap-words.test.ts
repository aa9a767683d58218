import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { listedText, sitemapCheckAnswer, sitemapReportText, sitemapsReadText } from '@robots-lens/sitemaps';
import type { SitemapCheckAnswer, SitemapCheckTally, SitemapReport } from '@robots-lens/sitemaps';

const urlset = (entries: number): SitemapReport => ({ location: 'https://shop.test/s.xml', kind: 'urlset', entries, notices: [] });
const index = (entries: number): SitemapReport => ({ location: 'https://shop.test/index.xml', kind: 'sitemapindex', entries, notices: [] });
const failed = (entries: number, error = 'malformed XML at line 4, column 36: unexpected close tag.'): SitemapReport => ({ location: 'https://shop.test/cut.xml', entries, error, notices: [] });

describe('how the sitemaps read are said, by every face', () => {
  const cases: Array<[string, readonly SitemapReport[], string]> = [
    ['none', [], '0 sitemaps read'],
    ['one read in full', [urlset(3)], '1 sitemap read'],
    ['an index and its child', [index(1), urlset(3)], '2 sitemaps read (1 index)'],
    ['two indexes', [index(1), index(1), urlset(3)], '3 sitemaps read (2 indexes)'],
    ['only one read in part: no "0 sitemaps read" first', [failed(2)], '1 sitemap read in part'],
    ['only one not read', [failed(0, 'HTTP 404 status: no sitemap there.')], '1 sitemap not read'],
    ['all three kinds', [index(2), urlset(1_500), failed(2), failed(0)], '2 sitemaps read (1 index), 1 read in part, 1 not read'],
    ['counts over a thousand', [...Array.from({ length: 1_200 }, () => urlset(1)), failed(0)], '1,200 sitemaps read, 1 not read'],
  ];
  for (const [name, reports, expected] of cases) test(name, () => assert.equal(sitemapsReadText(reports), expected));

  test("one sitemap's line: its URLs, its children, or how far it was read and why it stopped", () => {
    assert.equal(sitemapReportText(urlset(1)), '1 URL');
    assert.equal(sitemapReportText(urlset(50_001)), '50,001 URLs');
    assert.equal(sitemapReportText(index(2)), 'index of 2 sitemaps');
    assert.equal(sitemapReportText(failed(1)), '1 entry read, then: malformed XML at line 4, column 36: unexpected close tag.');
    assert.equal(sitemapReportText(failed(0, 'HTTP 404 status: no sitemap there.')), 'not read: HTTP 404 status: no sitemap there.');
  });
});

describe('how many URLs were listed, and how many on the site', () => {
  const tally = (origin: string | undefined, listed: number, otherOrigin: number, notUrls: number): SitemapCheckTally => ({
    origin,
    listed,
    agents: [],
    otherOrigin: { count: otherOrigin, examples: [] },
    notUrls: { count: notUrls, examples: [] },
  });
  const cases: Array<[string, SitemapCheckTally, string]> = [
    ['all on the site', tally('https://shop.test', 3, 0, 0), '3 URLs listed on https://shop.test'],
    ['some on another origin', tally('https://shop.test', 8, 2, 0), '8 URLs listed, 6 on https://shop.test'],
    ['some no URL at all', tally('https://shop.test', 1_500, 0, 1), '1,500 URLs listed, 1,499 on https://shop.test'],
    ['none on the site but the first', tally('https://shop.test', 4, 3, 0), '4 URLs listed, 1 on https://shop.test'],
    ['no absolute URL, so no site', tally(undefined, 2, 0, 2), '2 URLs listed'],
    ['nothing listed', tally(undefined, 0, 0, 0), '0 URLs listed'],
  ];
  for (const [name, t, expected] of cases) test(name, () => assert.equal(listedText(t), expected));
});

describe('the answer of a check: never an all-clear when nothing, or not everything, was read', () => {
  const tally = (checked: number, blocked: readonly number[]): SitemapCheckTally => ({
    origin: 'https://shop.test',
    listed: checked,
    agents: blocked.map((b, i) => ({ agent: `Bot${i}`, checked, blocked: b })),
    otherOrigin: { count: 0, examples: [] },
    notUrls: { count: 0, examples: [] },
  });
  const notFound = failed(0, 'HTTP 404 status: no sitemap there.');
  const cases: Array<[string, SitemapCheckTally, readonly SitemapReport[], SitemapCheckAnswer]> = [
    ['no sitemap could be read', tally(0, [0, 0]), [notFound], { tone: 'warning', text: 'Nothing checked: no sitemap could be read (1 sitemap tried), so no listed URL was checked against robots.txt.' }],
    ['two tried, none read', tally(0, [0]), [notFound, notFound], { tone: 'warning', text: 'Nothing checked: no sitemap could be read (2 sitemaps tried), so no listed URL was checked against robots.txt.' }],
    ['read, but nothing on the origin', tally(0, [0]), [urlset(0)], { tone: 'warning', text: 'Nothing checked: the sitemaps read list no URL on https://shop.test, so no listed URL was checked against robots.txt.' }],
    ['one read, one not, nothing on the origin', tally(0, [0]), [urlset(2), notFound], { tone: 'warning', text: 'Nothing checked: the sitemaps read list no URL on https://shop.test (1 sitemap read, 1 not read), so no listed URL was checked against robots.txt.' }],
    ['read in part, none blocked', tally(2, [0, 0]), [failed(2)], { tone: 'warning', text: 'Partly checked: 2 URLs on https://shop.test checked, none blocked, but 1 sitemap was read in part, so listed URLs may be missing from this check.' }],
    ['one not read, one blocked', tally(3, [1]), [urlset(3), notFound], { tone: 'blocked', text: 'Partly checked: 3 URLs on https://shop.test checked, 1 blocked URL (URL × crawler), but 1 sitemap was not read, so listed URLs may be missing from this check.' }],
    ['both kinds unread', tally(3, [0]), [failed(3), notFound, notFound], { tone: 'warning', text: 'Partly checked: 3 URLs on https://shop.test checked, none blocked, but 1 sitemap was read in part and 2 not read, so listed URLs may be missing from this check.' }],
    ['all read, none blocked', tally(1_500, [0, 0, 0, 0]), [index(1), urlset(1_500)], { tone: 'clear', text: 'No listed URL is blocked: 1,500 URLs on https://shop.test checked for 4 crawlers.' }],
    ['all read, some blocked', tally(3, [1, 3]), [urlset(3)], { tone: 'blocked', text: '4 blocked URLs (URL × crawler) of 3 URLs on https://shop.test checked for 2 crawlers.' }],
    ['no origin known', { ...tally(1, [0]), origin: undefined }, [urlset(1)], { tone: 'clear', text: 'No listed URL is blocked: 1 URL checked for 1 crawler.' }],
  ];
  for (const [name, t, reports, expected] of cases) test(name, () => assert.deepEqual(sitemapCheckAnswer(t, reports), expected));
});
