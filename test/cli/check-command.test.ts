import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { UrlCheckReport } from '@robots-lens/fetch/check-url';
import { runCli } from '../support/cli';
import { startFixtureServer } from '../support/http-fixture-server';
import type { FixtureServer } from '../support/http-fixture-server';

let fixture: FixtureServer;
before(async () => {
  fixture = await startFixtureServer();
});
after(async () => {
  await fixture.close();
});

async function checkJson(url: string, agent: string): Promise<UrlCheckReport> {
  const { code, stdout, stderr } = await runCli(['check', url, '--agent', agent, '--json']);
  assert.equal(code, 0, stderr);
  return JSON.parse(stdout) as UrlCheckReport;
}

/*
 * The fixture site's robots.txt:
 *   1 User-agent: *
 *   2 Disallow: /private/
 *   3
 *   4 User-agent: Googlebot
 *   5 Disallow: /private/
 *   6 Allow: /private/open/
 * and /private/report.html answers with `X-Robots-Tag: noindex`,
 * `X-Robots-Tag: googlebot: max-snippet: 20, notranslate`, a robots meta
 * `noindex, nofollow` and a googlebot-news meta `nosnippet`.
 */
describe('robots-lens check: disallowed hides noindex', () => {
  test('text: crawl verdict and indexing directives are separate, and the consequence is spelled out', async () => {
    const url = `${fixture.origin('site')}/private/report.html`;
    const { code, stdout, stderr } = await runCli(['check', url, '--agent', 'Googlebot']);
    assert.equal(code, 0, stderr);
    const lines = stdout.split('\n');
    assert.equal(lines[0], `${url}  [Googlebot]`);

    const crawlLine = lines.find((l) => l.startsWith('  disallowed'));
    assert.equal(crawlLine, '  disallowed  line 5: Disallow: /private/  group User-agent: Googlebot (line 4)');
    // The crawling section speaks of crawling only; noindex belongs to the indexing section.
    const crawling = lines.slice(lines.findIndex((l) => l.startsWith('Crawling')), lines.findIndex((l) => l.startsWith('Indexing')));
    assert.ok(crawling.every((l) => !/noindex/i.test(l)), crawling.join('\n'));

    const effective = lines.find((l) => l.startsWith('  effective for Googlebot:'))!;
    assert.equal(
      effective,
      '  effective for Googlebot: noindex (X-Robots-Tag #1, <meta name="robots"> #1), nofollow (<meta name="robots"> #1), max-snippet:20 (X-Robots-Tag #2), notranslate (X-Robots-Tag #2)',
    );
    assert.ok(!/disallow/i.test(effective));
    assert.ok(lines.includes('  X-Robots-Tag #1: noindex'));
    assert.ok(lines.includes('  X-Robots-Tag #2: googlebot: max-snippet: 20, notranslate'));
    assert.ok(lines.includes('  <meta name="robots"> #1: noindex, nofollow'));
    assert.ok(lines.includes('  This is what the page says; Googlebot would not see it, because crawling is disallowed.'));

    assert.match(stdout, /Googlebot may not crawl this URL \(line 5: Disallow: \/private\/\), so it cannot see the noindex \(X-Robots-Tag #1, <meta name="robots"> #1\)\. The URL may still be indexed without its content/);
    assert.match(stdout, /Fix:\n {2}- To keep the page out of the index: allow Googlebot to crawl it .*so that the noindex is seen\.\n {2}- Or, if blocking crawling is what you want, drop the noindex expectation/);
  });

  test('--json: crawl.allowed false by line 5; indexing says noindex, not seen by the crawler', async () => {
    const report = await checkJson(`${fixture.origin('site')}/private/report.html`, 'Googlebot');
    assert.deepEqual(
      { allowed: report.crawl.allowed, state: report.crawl.state, line: report.crawl.verdict?.line, rule: report.crawl.verdict?.rule, decidedBy: report.crawl.decidedBy },
      { allowed: false, state: 'rules', line: 5, rule: 'Disallow: /private/', decidedBy: 'line 5: Disallow: /private/' },
    );
    const indexing = report.indexing!;
    assert.equal(indexing.noindex, true);
    assert.equal(indexing.seenByCrawler, false);
    assert.equal(indexing.summary, 'noindex, nofollow, max-snippet:20, notranslate');
    assert.deepEqual(indexing.effective.find((d) => d.name === 'noindex')!.from, [
      { source: 'X-Robots-Tag #1', text: 'noindex' },
      { source: '<meta name="robots"> #1', text: 'noindex' },
    ]);
    assert.deepEqual(indexing.setAside, [{ source: '<meta name="googlebot-news"> #2', text: 'nosnippet', reason: 'addressed to googlebot-news, not to Googlebot' }]);
    // The meta tags inside a script and a comment are not tags.
    assert.deepEqual(report.page.meta, [
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'googlebot-news', content: 'nosnippet' },
    ]);
    assert.deepEqual(report.page.xRobotsTag, ['noindex', 'googlebot: max-snippet: 20, notranslate']);
    assert.equal(report.assessment.directivesSeen, false);
    assert.equal(report.assessment.pageSaysNoindex, true);
    assert.equal(report.assessment.advice.length, 2);
    assert.equal(report.crawl.consequence.crawler, 'Googlebot');
    assert.equal(report.robots.state, 'rules');
  });

  test('Googlebot-News also hears googlebot, and its own nosnippet beats max-snippet', async () => {
    const report = await checkJson(`${fixture.origin('site')}/private/report.html`, 'Googlebot-News');
    assert.equal(report.crawl.allowed, false);
    assert.equal(report.indexing!.summary, 'noindex, nofollow, nosnippet, notranslate');
    assert.ok(report.indexing!.setAside.some((s) => s.text === 'googlebot: max-snippet: 20' && /nosnippet .* overrides max-snippet/.test(s.reason)));
  });

  test('allowed + noindex: the crawler sees the noindex', async () => {
    const report = await checkJson(`${fixture.origin('site')}/private/open/page.html`, 'Googlebot');
    assert.equal(report.crawl.allowed, true);
    assert.equal(report.crawl.decidedBy, 'line 6: Allow: /private/open/');
    assert.equal(report.indexing!.seenByCrawler, true);
    assert.equal(report.indexing!.summary, 'noindex');
    assert.match(report.assessment.headline, /^Googlebot may crawl this URL and sees the noindex \(<meta name="robots"> #1\)/);
  });

  test('the same URL for GPTBot: the * group disallows it', async () => {
    const report = await checkJson(`${fixture.origin('site')}/private/open/page.html`, 'GPTBot');
    assert.equal(report.crawl.allowed, false);
    assert.equal(report.crawl.decidedBy, 'line 2: Disallow: /private/');
    assert.match(report.assessment.headline, /GPTBot may not crawl this URL .* cannot see the noindex/);
  });

  test('robots.txt answers 503: unreachable ⇒ disallowed; the page is still fetched and shown', async () => {
    const url = `${fixture.origin('site-503')}/page.html`;
    const report = await checkJson(url, 'Googlebot');
    assert.deepEqual({ allowed: report.crawl.allowed, state: report.crawl.state, verdict: report.crawl.verdict }, { allowed: false, state: 'unreachable', verdict: null });
    assert.equal(report.crawl.decidedBy, 'robots.txt unreachable: HTTP 503');
    assert.match(report.crawl.consequence.summary, /stops crawling for 12 h, then uses the last good copy up to 30 days/);
    assert.equal(report.page.status, 200);
    assert.equal(report.indexing!.noindex, true);
    assert.match(report.assessment.headline, /may not crawl this URL \(robots\.txt unreachable: HTTP 503\), so it cannot see the noindex/);
    assert.match(report.assessment.advice[0]!, /make robots\.txt answer \(200 with rules, or 404\)/);

    const { stdout } = await runCli(['check', url, '--agent', 'Googlebot']);
    assert.match(stdout, /^ {2}disallowed {2}robots\.txt unreachable: HTTP 503$/m);
  });

  test('robots.txt answers 404: unavailable ⇒ allowed; the noindex is seen', async () => {
    const report = await checkJson(`${fixture.origin('site-404')}/page.html`, 'Bingbot');
    assert.deepEqual({ allowed: report.crawl.allowed, state: report.crawl.state }, { allowed: true, state: 'unavailable' });
    assert.equal(report.indexing!.seenByCrawler, true);
    assert.equal(report.indexing!.noindex, true);
  });

  test('a PDF: header directives only, with a date that contains a comma', async () => {
    const report = await checkJson(`${fixture.origin('site')}/doc.pdf`, 'Bingbot');
    assert.equal(report.crawl.allowed, true);
    assert.equal(report.page.bytes, null);
    assert.equal(report.indexing!.summary, 'noindex, unavailable_after:Wednesday, 03-Nov-2027 15:00:00 GMT');
    assert.equal(report.indexing!.effective[1]!.time, '2027-11-03T15:00:00.000Z');
  });

  const usage: Array<[string, string[], RegExp]> = [
    ['no --agent', ['check', 'https://example.com/'], /give a crawler with --agent/],
    ['no URL', ['check', '--agent', 'Googlebot'], /give one URL/],
    ['a bare path', ['check', '/private/', '--agent', 'Googlebot'], /not an http\(s\) URL/],
  ];
  for (const [name, args, message] of usage) {
    test(`usage error: ${name} exits 2`, async () => {
      const { code, stderr } = await runCli(args);
      assert.equal(code, 2);
      assert.match(stderr, message);
    });
  }
});
