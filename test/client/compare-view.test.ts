/**
 * What the comparison panel shows: the diff grouped by crawler under a heading that names
 * them (`*` first, at most eight names), each change with its examples (only for exact
 * descriptions, which do not carry them already) and its 1-based lines before and now; the
 * rules that can no longer decide anything; and the sitemap offer from the buffer's
 * `Sitemap:` lines.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { comparePage } from '../../client/src/panels/compare/page';
import { compareView, sitemapUrlsOf } from '../../client/src/panels/compare/view';
import { compareRequest } from '../../server/src/features/compare-request';
import type { CompareResult } from '../../server/src/protocol';
import { parsedDocument } from '../support/features';

const OLD = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nAllow: /\n';
const NEW = [
  'User-agent: *',
  'Disallow: /private/',
  'Disallow: /shop/',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'User-agent: Bingbot',
  'Allow: /b',
  'Disallow: /b',
  'Sitemap: https://shop.test/sitemap.xml',
  'Sitemap: /relative.xml',
  'Sitemap: HTTPS://shop.test/sitemap.xml',
  '',
].join('\n');

async function compared(crawlers?: readonly string[]): Promise<CompareResult> {
  const parsed = parsedDocument(NEW);
  return compareRequest(parsed, { uri: parsed.uri, otherText: OLD, otherLabel: 'git HEAD', ...(crawlers ? { crawlers } : {}) });
}

describe('compare panel: the view of a comparison', () => {
  test('groups crawlers that change alike, each change with its examples and its lines before and now', async () => {
    const result = await compared(['GPTBot', 'Googlebot', 'Bingbot']);
    const view = compareView(result, 'robots.txt', 'git HEAD');
    assert.equal(view.title, 'git HEAD → robots.txt');
    assert.equal(view.summary, result.summary);
    const gpt = view.groups.find((g) => g.heading === 'GPTBot');
    assert.ok(gpt, view.groups.map((g) => g.heading).join(' | '));
    assert.equal(gpt.groupChange, undefined);
    assert.deepEqual(
      gpt.changes.map((c) => ({ kind: c.kind, newLines: c.newLines, oldLines: c.oldLines, exact: c.exact, undecided: c.undecided })),
      [{ kind: 'newly-disallowed', newLines: [6], oldLines: [5], exact: true, undecided: false }],
    );
    assert.ok(gpt.changes[0]!.examples.includes('/'), gpt.changes[0]!.examples.join(', '));
    // The crawler that moved to a group of its own says so, and its changes follow.
    const bing = view.groups.find((g) => g.heading === 'bingbot');
    assert.match(bing?.groupChange ?? '', /^Now uses the User-agent: Bingbot group \(new line 8\) instead of the User-agent: \* group \(old line 1\)/);
    assert.deepEqual(bing?.changes.map((c) => c.kind), ['newly-allowed']);
    assert.deepEqual(bing?.changes[0]?.oldLines, [2]);
  });

  test('names `*` first and at most eight crawlers in a heading, then how many more', async () => {
    const view = compareView(await compared(), 'robots.txt', 'git HEAD');
    const heading = view.groups.find((g) => g.heading.startsWith('any other crawler (*)'))?.heading ?? '';
    const match = /^(.*) and (\d+) more \((\d+) crawlers\)$/.exec(heading);
    assert.ok(match, heading);
    assert.equal(match[1]!.split(', ').length, 8);
    assert.equal(Number(match[2]) + 8, Number(match[3]));
  });

  test('an inexact change keeps no separate examples: its description carries them', async () => {
    const result = await compared(['GPTBot']);
    const [crawler] = result.diff.crawlers;
    assert.ok(crawler && crawler.changes.length > 0);
    const inexact: CompareResult = {
      ...result,
      diff: { ...result.diff, crawlers: [{ ...crawler, changes: crawler.changes.map((c) => ({ ...c, exact: false, undecided: true })) }] },
    };
    const [change] = compareView(inexact, 'robots.txt', 'git HEAD').groups[0]!.changes;
    assert.deepEqual(change?.examples, []);
    assert.equal(change?.exact, false);
    assert.equal(change?.undecided, true);
  });

  test('lists the rules that can no longer decide anything with their 1-based line', async () => {
    const view = compareView(await compared(['Bingbot']), 'robots.txt', 'git HEAD');
    assert.deepEqual(view.shadowing.map((s) => s.line), [10]);
    assert.match(view.shadowing[0]!.description, /Disallow: \/b/);
  });

  test('says why a log was left out, and has no request or sitemap section until they were counted', async () => {
    const result = await compared(['GPTBot']);
    const plain = compareView(result, 'robots.txt', 'git HEAD');
    assert.equal('requests' in plain, false);
    assert.equal('sitemaps' in plain, false);
    assert.equal('logLeftOut' in plain, false);
    assert.deepEqual(plain.sitemapOffer, { pick: 'Pick sitemap files…' });
    const leftOut = compareView({ ...result, logLeftOut: 'The latest replayed log is gone.' }, 'robots.txt', 'git HEAD', sitemapUrlsOf(NEW));
    assert.equal(leftOut.logLeftOut, 'The latest replayed log is gone.');
    assert.equal(leftOut.sitemapOffer.count?.label, 'Count URLs in your sitemaps');
  });

  test("offers the buffer's http(s) Sitemap: URLs once each", () => {
    assert.deepEqual(sitemapUrlsOf(NEW), ['https://shop.test/sitemap.xml', 'HTTPS://shop.test/sitemap.xml']);
    assert.deepEqual(sitemapUrlsOf('User-agent: *\nDisallow:\nSitemap: https://a.test/s.xml\nSitemap: https://a.test/s.xml\n'), ['https://a.test/s.xml']);
  });
});

describe('compare panel after a block edit: crawlers that change alike share one section', () => {
  const BEFORE = ['User-agent: *', 'Disallow: /cart/', 'Allow: /cart/help', ''].join('\n');
  const AFTER = [
    'User-agent: *',
    'Disallow: /cart/',
    'Allow: /cart/help',
    'Content-Signal: search=yes, ai-train=no',
    '',
    'User-agent: GPTBot',
    'User-agent: CCBot',
    'User-agent: ClaudeBot',
    'Disallow: /',
    '',
  ].join('\n');

  async function blockEdit(): Promise<ReturnType<typeof compareView>> {
    const parsed = parsedDocument(AFTER);
    const result = await compareRequest(parsed, { uri: parsed.uri, otherText: BEFORE, otherLabel: 'git HEAD', crawlers: ['GPTBot', 'CCBot', 'ClaudeBot', 'Googlebot'] });
    return compareView(result, 'robots.txt', 'git HEAD', [], { old: BEFORE, new: AFTER });
  }

  test('one section names the three crawlers, with one group change said for all of them', async () => {
    const view = await blockEdit();
    assert.equal(view.groups.length, 1, view.groups.map((g) => g.heading).join(' | '));
    const [group] = view.groups;
    assert.equal(group!.heading, 'GPTBot, CCBot, ClaudeBot (3 crawlers)');
    assert.equal(
      group!.groupChange,
      'Each now uses the group naming it (new lines 6, 7, 8) instead of the User-agent: * group (old line 1). They no longer get the * rules `Disallow: /cart/` (old line 2), `Allow: /cart/help` (old line 3). Rules they now get: `Disallow: /` (new line 9).',
    );
    assert.ok(group!.changes.length > 0 && group!.changes.every((c) => c.kind === 'newly-disallowed' && c.newLines.join() === '9'));
    assert.match(view.summary, /^Verdicts change for 3 crawlers: GPTBot, CCBot and ClaudeBot \(each: \d+ sets? of paths newly disallowed\)\.$/);
  });

  test('the Content-Signal line the edit adds is shown, with its group and line', async () => {
    const view = await blockEdit();
    assert.deepEqual(view.preferenceLines, [{ kind: 'added', text: 'Content-Signal: search=yes, ai-train=no', where: 'in the User-agent: * group', line: 4 }]);
    // Back the other way, it is removed, named by its line in the other version.
    const parsed = parsedDocument(BEFORE);
    const back = compareView(await compareRequest(parsed, { uri: parsed.uri, otherText: AFTER, otherLabel: 'git HEAD' }), 'robots.txt', 'git HEAD', [], { old: AFTER, new: BEFORE });
    assert.deepEqual(back.preferenceLines.map((l) => [l.kind, l.line]), [['removed', 4]]);
  });

  test('the page puts the logged requests first, then the preference lines, then the paths per crawler', () => {
    const at = (id: string): number => comparePage.body.indexOf(`id="${id}"`);
    assert.ok(at('requests') > 0 && at('requests') < at('preference-lines') && at('preference-lines') < at('groups'), comparePage.body);
  });
});
