/**
 * Who asked, as the servers will read it: the ordered recognition list names the crawler the
 * catalogue's names name (the kernel's `identifyUserAgent`, and a bare token as
 * `resolveAgent` looks it up), for whole product names only (a name inside a longer name never
 * counts) and the longest name winning.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { CRAWLERS, crawlerByToken, identifyUserAgent } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { PlanEvaluator, planEnforcement } from '../src';

const PCRE = { flavour: 'pcre', anyChar: '.', end: '$' } as const;
const REQUESTING = CRAWLERS.filter((c) => !c.controlToken);
const byToken = (token: string) => CRAWLERS.find((c) => c.token === token)!;

function recognised(scope: readonly string[], userAgent: string): string | null {
  const plan = planEnforcement(parseRobots('User-agent: *\nDisallow: /\n'), scope.map(byToken), PCRE);
  return new PlanEvaluator(plan).decide(userAgent, '/x').crawler;
}

describe('crawlers are recognised by whole names, the longest first', () => {
  const cases: [string, readonly string[], string | null][] = [
    ['Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)', ['GPTBot'], 'gptbot'],
    ['GPTBot', ['GPTBot'], 'gptbot'],
    ['  gptbot ', ['GPTBot'], 'gptbot'],
    ['xGPTBot/1.0', ['GPTBot'], null],
    ['GPTBotx/1.0', ['GPTBot'], null],
    ['GPTBot-Preview/1.0', ['GPTBot'], null],
    ['Mozilla/5.0 (compatible; Googlebot-Image/1.0; Googlebot/2.1)', ['Googlebot'], null],
    ['Mozilla/5.0 (compatible; Googlebot-Image/1.0; Googlebot/2.1)', ['Googlebot-Image'], 'googlebot-image'],
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0; SLCC2; .NET CLR 2.0.50727)', REQUESTING.map((c) => c.token), null],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', REQUESTING.map((c) => c.token), null],
    ['Mozilla/5.0 (compatible; Baiduspider-render/2.0)', ['Baiduspider'], 'baiduspider'],
    ['Mozilla/5.0 (compatible; Baiduspider-render/2.0)', ['Bytespider'], null],
    ['Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)', ['Bytespider'], 'bytespider'],
    ['https://example.com/GPTBot', ['GPTBot'], null],
    // No documented User-Agent name: only the bare token is recognised (the header says so).
    ['LCC', ['LCC'], 'lcc'],
    ['LCC (+http://corpora.informatik.uni-leipzig.de/crawler_faq.html)', ['LCC'], null],
    ['Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0; SLCC1; .NET CLR 2.0.50727)', ['LCC'], null],
    ['Spider', ['Spider'], 'spider'],
    ['Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)', ['Spider'], null],
    ['Speedy Spider (http://www.entireweb.com/about/search_tech/speedy_spider/)', ['Spider'], null],
  ];
  for (const [userAgent, scope, expected] of cases) {
    test(`${JSON.stringify(userAgent)} with ${scope.length > 3 ? 'every crawler' : scope.join(', ')} in scope: ${expected ?? 'none'}`, () => {
      assert.equal(recognised(scope, userAgent), expected);
    });
  }

  test('random headers of catalogue names and separators: the list names the crawler the catalogue names in them', () => {
    // Crawlers with documented names (those without are recognised by their bare token only: see the table).
    const named = REQUESTING.filter((c) => c.userAgentMarkers.length > 0);
    const names = [...new Set(named.flatMap((c) => [c.token, ...c.userAgentMarkers]))];
    const word = fc.oneof(fc.constantFrom(...names), fc.constantFrom(...names).map((n) => n.toLowerCase()), fc.constantFrom('Mozilla/5.0', 'x', '1.0', 'compatible', 'https://a.test/'));
    const separator = fc.constantFrom(' ', '; ', '(', ')', '/', '+', '-', '', '\t');
    const header = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 5 }).map((parts) => parts.map(([w, s]) => w + s).join(''));
    const scope = fc.subarray(named.map((c) => c.token), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(scope, header, (tokens, userAgent) => {
        const trimmed = userAgent.trim();
        // As resolveAgent reads a header, but for its last resort (the most plausible product), which the header says it leaves out.
        const crawler = /^[A-Za-z0-9_-]+$/.test(trimmed) ? crawlerByToken(trimmed) : identifyUserAgent(trimmed);
        const plan = planEnforcement(parseRobots('User-agent: *\nDisallow: /\n'), tokens.map(byToken), PCRE);
        // Two names of equal length: the list's order decides, as its header says.
        if (equalLengthRivals(userAgent)) return;
        const expected = crawler && tokens.includes(crawler.token) ? crawler.id : null;
        assert.equal(new PlanEvaluator(plan).decide(userAgent, '/x').crawler, expected);
      }),
      { numRuns: 600 },
    );
  });
});

/** The header names two catalogue crawlers whose names are equally long. */
function equalLengthRivals(userAgent: string): boolean {
  const found = CRAWLERS.flatMap((c) => c.userAgentMarkers.filter((m) => new RegExp(`(?:^|[\\t (;+])${m}(?:[\\t /;)]|$)`, 'i').test(userAgent)).map((m) => ({ c, n: m.length })));
  return found.some((a) => found.some((b) => a.c !== b.c && a.n === b.n));
}
