// The AI access summary in words that hold for every crawler they name: the audit's shapes,
// each in a file of our own (control tokens under `*`, crawlers that may ignore robots.txt,
// "some paths" with the paths, a documented token with digits, Yandex's fallback).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import type { CrawlerPurpose } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { aiAccess, mayIgnoreRobotsTxt } from '@robots-lens/kernel/ai-access';
import type { CrawlerAccessEntry, PurposeAccess } from '@robots-lens/kernel/ai-access';

const purposeOf = (text: string, purpose: CrawlerPurpose, decided?: 'nothing' | 'everything'): PurposeAccess =>
  aiAccess(parseRobots(text), decided).find((p) => p.purpose === purpose)!;
const entry = (access: PurposeAccess, token: string): CrawlerAccessEntry => {
  const found = access.crawlers.find((c) => c.crawler.token === token);
  assert.ok(found, `${token} is listed under ${access.purpose}`);
  return found;
};
const live = (purpose: CrawlerPurpose) => CRAWLERS.filter((c) => c.retired === null && c.purposes.includes(purpose));
/** Crawlers the rules decide for: neither control tokens nor crawlers that may ignore robots.txt. */
const ruled = (purpose: CrawlerPurpose) => live(purpose).filter((c) => !c.controlToken && !mayIgnoreRobotsTxt(c));

describe('statements per crawler', () => {
  // [name, robots.txt, purpose, token, statement, mayFetch (access), words]
  const cases: Array<[string, string, CrawlerPurpose, string, CrawlerAccessEntry['statement'], CrawlerAccessEntry['access'], RegExp]> = [
    ['a named Disallow: / keeps out', 'User-agent: GPTBot\nDisallow: /', 'ai-training', 'GPTBot', 'kept-out', 'nothing', /^kept out: may fetch nothing$/],
    ['an Allow beside Disallow: / is some, with the paths', 'User-agent: GPTBot\nDisallow: /\nAllow: /blog/', 'ai-training', 'GPTBot', 'partly-kept-out', 'some', /^kept out of \/ \(except what Allow rules reopen\); may fetch the rest$/],
    ['some paths say how much', 'User-agent: *\nDisallow: /cart/\nDisallow: /checkout/\nDisallow: /a\nDisallow: /b\nDisallow: /c', 'ai-training', 'GPTBot', 'partly-kept-out', 'some', /^kept out of \/cart\/, \/checkout\/ and 3 more; may fetch the rest$/],
    ['no Disallow: not kept out', 'User-agent: *\nDisallow:', 'ai-training', 'GPTBot', 'not-kept-out', 'everything', /^may fetch everything$/],
    ['a crawler that does not honour robots.txt is never kept out', 'User-agent: Bytespider\nDisallow: /', 'ai-training', 'Bytespider', 'may-ignore', 'nothing', /^does not honour robots\.txt \(.+\); its rules: kept out: may fetch nothing$/],
    ['a user-initiated fetcher not said to honour it may ignore it, in its operator\'s words', 'User-agent: *\nDisallow: /', 'user-fetch', 'meta-externalfetcher', 'may-ignore', 'nothing', /^may ignore robots\.txt \(operator's words\); its rules: kept out/],
    ['a control token under * is not stated, never "may fetch everything"', 'User-agent: *\nDisallow: /', 'ai-training', 'Google-Extended', 'not-stated', 'everything', /^not stated: no group names Google-Extended$/],
    ['a control token named with Disallow: / opted out', 'User-agent: Google-Extended\nDisallow: /', 'ai-training', 'Google-Extended', 'opted-out', 'nothing', /^opted out/],
    ['a control token named without Disallow: not opted out', 'User-agent: Applebot-Extended\nAllow: /', 'ai-training', 'Applebot-Extended', 'not-opted-out', 'everything', /^not opted out/],
    ['a documented token with digits keeps its crawler out', 'User-agent: AI2Bot\nDisallow: /\n\nUser-agent: *\nAllow: /', 'ai-training', 'AI2Bot', 'kept-out', 'nothing', /^kept out/],
    ['YandexAdditional follows the Yandex group, not *', 'User-agent: Yandex\nDisallow: /\n\nUser-agent: *\nAllow: /', 'ai-search', 'YandexAdditional', 'kept-out', 'nothing', /^kept out/],
    ['CCBot is listed for AI training', 'User-agent: CCBot\nDisallow: /', 'ai-training', 'CCBot', 'kept-out', 'nothing', /^kept out/],
  ];
  for (const [name, robots, purpose, token, statement, access, words] of cases) {
    test(name, () => {
      const found = entry(purposeOf(robots, purpose), token);
      assert.equal(found.statement, statement);
      assert.equal(found.access, access);
      assert.match(found.words, words);
    });
  }

  test('may-ignore is exactly: the operator says no, or a person\'s agent not said to honour it', () => {
    for (const purpose of ['ai-training', 'ai-search', 'user-fetch'] as const) {
      for (const found of purposeOf('User-agent: *\nDisallow: /', purpose).crawlers) {
        const { crawler } = found;
        const expected = !crawler.controlToken && (crawler.honoursRobotsTxt === 'no' || (crawler.userInitiated && crawler.honoursRobotsTxt !== 'yes'));
        assert.equal(found.statement === 'may-ignore', expected, crawler.token);
      }
    }
  });
});

describe('the summary sentence per purpose', () => {
  test('counts only crawlers the rules decide for, and names the rest', () => {
    const access = purposeOf('User-agent: *\nDisallow: /', 'ai-training');
    const refusing = live('ai-training').filter((c) => !c.controlToken && c.honoursRobotsTxt === 'no').map((c) => c.token);
    assert.ok(refusing.includes('Bytespider') && refusing.includes('DeepSeekBot'));
    assert.ok(access.summary.startsWith(`AI training: ${ruled('ai-training').length} of ${ruled('ai-training').length} crawlers kept out; `), access.summary);
    assert.match(access.summary, /Bytespider, DeepSeekBot.* do not honour robots\.txt — enforce at the server/);
    // The reddit shape: control tokens under `*` alone are "not stated", never "may fetch everything".
    assert.match(access.summary, /Google-Extended and Applebot-Extended not stated\.$/);
    assert.doesNotMatch(access.summary, /may fetch everything/);
  });

  test('names who may fetch everything and counts who is kept out of some paths', () => {
    const text = 'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\n\nUser-agent: Amazonbot\nAllow: /\n';
    const access = purposeOf(text, 'ai-training');
    const total = ruled('ai-training').length;
    assert.ok(access.summary.startsWith(`AI training: 2 of ${total} crawlers kept out; ${total - 3} kept out of some paths; Amazonbot may fetch everything; `), access.summary);
  });

  test('when the fetch state decides, every crawler gets the same access and no group', () => {
    const unreachable = purposeOf('User-agent: GPTBot\nAllow: /', 'ai-training', 'nothing');
    assert.ok(unreachable.crawlers.every((c) => c.access === 'nothing' && c.group === null));
    const total = ruled('ai-training').length;
    assert.ok(unreachable.summary.startsWith(`AI training: ${total} of ${total} crawlers kept out;`), unreachable.summary);
    assert.match(unreachable.summary, /Google-Extended and Applebot-Extended not stated\.$/);
  });

  test('a purpose with only user-initiated fetchers that may ignore it says so, with no count of nothing', () => {
    const fetchers = purposeOf('User-agent: *\nAllow: /', 'user-fetch');
    assert.match(fetchers.summary, /may ignore (it|robots\.txt) — enforce at the server/);
  });
});
