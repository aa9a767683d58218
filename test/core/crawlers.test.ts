import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CRAWLERS,
  crawlerByToken,
  identifyUserAgent,
  looksLikeBrowser,
  resolveAgent,
} from '../../server/src/core/crawlers';

/*
 * User-Agent strings are written inline (copied from the shared reference facts, with
 * their "[rare]"/"[third-party]" annotations removed) so the tests pass without ../shared.
 */
interface UaCase {
  readonly ua: string;
  readonly id: string;
  readonly chain: readonly string[];
}

const GOOGLEBOT_CHAIN = ['Googlebot', '*'];

const CRAWLER_UAS: readonly UaCase[] = [
  // Googlebot
  {
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    id: 'googlebot',
    chain: GOOGLEBOT_CHAIN,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.201 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    id: 'googlebot',
    chain: GOOGLEBOT_CHAIN,
  },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36',
    id: 'googlebot',
    chain: GOOGLEBOT_CHAIN,
  },
  { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', id: 'googlebot', chain: GOOGLEBOT_CHAIN },
  { ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)', id: 'googlebot', chain: GOOGLEBOT_CHAIN },
  // Googlebot media crawlers
  { ua: 'Googlebot-Image/1.0', id: 'googlebot-image', chain: ['Googlebot-Image', 'Googlebot', '*'] },
  { ua: 'Googlebot-Video/1.0', id: 'googlebot-video', chain: ['Googlebot-Video', 'Googlebot', '*'] },
  // StoreBot
  {
    ua: 'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Safari/537.36',
    id: 'storebot-google',
    chain: ['Storebot-Google', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36',
    id: 'storebot-google',
    chain: ['Storebot-Google', '*'],
  },
  // Google-InspectionTool
  {
    ua: 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)',
    id: 'google-inspectiontool',
    chain: ['Google-InspectionTool', 'Googlebot', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)',
    id: 'google-inspectiontool',
    chain: ['Google-InspectionTool', 'Googlebot', '*'],
  },
  // GoogleOther
  {
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; GoogleOther)',
    id: 'googleother',
    chain: ['GoogleOther', '*'],
  },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/W.X.Y.Z Safari/537.36',
    id: 'googleother',
    chain: ['GoogleOther', '*'],
  },
  { ua: 'GoogleOther-Image/1.0', id: 'googleother-image', chain: ['GoogleOther-Image', 'GoogleOther', '*'] },
  { ua: 'GoogleOther-Video/1.0', id: 'googleother-video', chain: ['GoogleOther-Video', 'GoogleOther', '*'] },
  // Google special-case crawlers ignore *.
  { ua: 'APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)', id: 'apis-google', chain: ['APIs-Google'] },
  { ua: 'AdsBot-Google (+http://www.google.com/adsbot.html)', id: 'adsbot-google', chain: ['AdsBot-Google'] },
  {
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
    id: 'adsbot-google-mobile',
    chain: ['AdsBot-Google-Mobile'],
  },
  { ua: 'Mediapartners-Google', id: 'mediapartners-google', chain: ['Mediapartners-Google'] },
  {
    ua: '(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)',
    id: 'mediapartners-google',
    chain: ['Mediapartners-Google'],
  },
  // Microsoft
  { ua: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', id: 'bingbot', chain: ['bingbot', '*'] },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/W.X.Y.Z Safari/537.36 Edg/W.X.Y.Z',
    id: 'bingbot',
    chain: ['bingbot', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 Edg/W.X.Y.Z (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    id: 'bingbot',
    chain: ['bingbot', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b',
    id: 'bingpreview',
    chain: ['BingPreview', '*'],
  },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview) Chrome/W.X.Y.Z Safari/537.36',
    id: 'microsoftpreview',
    chain: ['MicrosoftPreview', '*'],
  },
  // Apple
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Applebot/0.1)',
    id: 'applebot',
    chain: ['Applebot', 'Googlebot', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    id: 'applebot',
    chain: ['Applebot', 'Googlebot', '*'],
  },
  // DuckDuckGo
  { ua: 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', id: 'duckduckbot', chain: ['DuckDuckBot', '*'] },
  {
    ua: 'Mozilla/5.0 (compatible; DuckDuckBot-Https/1.1; https://duckduckgo.com/duckduckbot)',
    id: 'duckduckbot',
    chain: ['DuckDuckBot', '*'],
  },
  { ua: 'DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)', id: 'duckassistbot', chain: ['DuckAssistBot', '*'] },
  // Yandex
  { ua: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', id: 'yandexbot', chain: ['YandexBot', 'Yandex', '*'] },
  {
    ua: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.268',
    id: 'yandexbot',
    chain: ['YandexBot', 'Yandex', '*'],
  },
  // Baidu
  {
    ua: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    id: 'baiduspider',
    chain: ['Baiduspider', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Linux;u;Android 4.2.2;zh-cn;) AppleWebKit/534.46 (KHTML,like Gecko) Version/5.1 Mobile Safari/10600.6.3 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    id: 'baiduspider',
    chain: ['Baiduspider', '*'],
  },
  {
    ua: 'Mozilla/5.0 (compatible; Baiduspider-render/2.0; +http://www.baidu.com/search/spider.html)',
    id: 'baiduspider',
    chain: ['Baiduspider', '*'],
  },
  // OpenAI
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot',
    id: 'gptbot',
    chain: ['GPTBot', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
    id: 'oai-searchbot',
    chain: ['OAI-SearchBot', '*'],
  },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    id: 'chatgpt-user',
    chain: ['ChatGPT-User', '*'],
  },
  {
    // The reference gives only the tail of this header; the head is the usual OpenAI form.
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot',
    id: 'oai-adsbot',
    chain: ['OAI-AdsBot', '*'],
  },
  // Anthropic
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    id: 'claudebot',
    chain: ['ClaudeBot', '*'],
  },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
    id: 'claude-user',
    chain: ['Claude-User', '*'],
  },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +claude-searchbot@anthropic.com)',
    id: 'claude-searchbot',
    chain: ['Claude-SearchBot', '*'],
  },
  // Perplexity
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    id: 'perplexitybot',
    chain: ['PerplexityBot', '*'],
  },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
    id: 'perplexity-user',
    chain: ['Perplexity-User'],
  },
  // Common Crawl
  { ua: 'CCBot/2.0 (https://commoncrawl.org/faq/)', id: 'ccbot', chain: ['CCBot', '*'] },
  { ua: 'CCBot/1.0 (+https://commoncrawl.org/bot.html)', id: 'ccbot', chain: ['CCBot', '*'] },
  // Meta
  {
    ua: 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    id: 'meta-externalagent',
    chain: ['meta-externalagent', '*'],
  },
  {
    ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    id: 'facebookexternalhit',
    chain: ['facebookexternalhit', '*'],
  },
  { ua: 'facebookexternalhit/1.1', id: 'facebookexternalhit', chain: ['facebookexternalhit', '*'] },
  { ua: 'facebookcatalog/1.0', id: 'facebookexternalhit', chain: ['facebookexternalhit', '*'] },
  // Others
  {
    ua: 'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
    id: 'bytespider',
    chain: ['Bytespider', '*'],
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)',
    id: 'amazonbot',
    chain: ['Amazonbot', '*'],
  },
  { ua: 'Twitterbot/1.0', id: 'twitterbot', chain: ['Twitterbot', '*'] },
  { ua: 'Mozilla/5.0 (compatible; Twitterbot/1.0)', id: 'twitterbot', chain: ['Twitterbot', '*'] },
  // Common in logs but not in the reference.
  { ua: 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)', id: 'slurp', chain: ['Slurp', '*'] },
  { ua: 'msnbot-media/1.1 (+http://search.msn.com/msnbot.htm)', id: 'msnbot-media', chain: ['msnbot-media', '*'] },
  { ua: 'msnbot/2.0b (+http://search.msn.com/msnbot.htm)', id: 'msnbot', chain: ['msnbot', '*'] },
  { ua: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', id: 'ahrefsbot', chain: ['AhrefsBot', '*'] },
  { ua: 'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', id: 'semrushbot', chain: ['SemrushBot', '*'] },
  { ua: 'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)', id: 'mj12bot', chain: ['MJ12bot', '*'] },
  {
    ua: 'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
    id: 'petalbot',
    chain: ['PetalBot', '*'],
  },
  {
    ua: 'SAMSUNG-SGH-E250/1.0 Profile/MIDP-2.0 Configuration/CLDC-1.1 UP.Browser/6.2.3.3.c.1.101 (GUI) MMP/2.0 (compatible; Googlebot-Mobile/2.1; +http://www.google.com/bot.html)',
    id: 'googlebot-mobile',
    chain: ['Googlebot-Mobile', '*'],
  },
];

describe('identifyUserAgent and resolveAgent on crawler User-Agents', () => {
  for (const { ua, id, chain } of CRAWLER_UAS) {
    it(`${ua.slice(0, 90)} → ${id}`, () => {
      assert.equal(identifyUserAgent(ua)?.id, id);
      const resolved = resolveAgent(ua);
      // A header that is a bare token (`Mediapartners-Google`) is indistinguishable from one.
      assert.equal(resolved.kind, /^[A-Za-z0-9_-]+$/.test(ua) ? 'token' : 'user-agent-header');
      assert.equal(resolved.crawler?.id, id);
      assert.deepEqual(resolved.chain, chain);
      assert.equal(resolved.token, chain[0]);
      assert.equal(looksLikeBrowser(ua), false);
    });
  }
});

const BROWSERS: readonly { readonly ua: string; readonly token: string; readonly browser: boolean }[] = [
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    token: 'Mozilla',
    browser: true,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    token: 'Mozilla',
    browser: true,
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    token: 'Firefox',
    browser: true,
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    token: 'Mozilla',
    browser: true,
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    token: 'Mozilla',
    browser: true,
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
    token: 'Mozilla',
    browser: true,
  },
  { ua: 'curl/8.4.0', token: 'curl', browser: false },
  { ua: 'python-requests/2.31.0', token: 'python-requests', browser: false },
  { ua: 'Wget/1.21.4', token: 'Wget', browser: false },
];

describe('browsers and HTTP tools are not crawlers', () => {
  for (const { ua, token, browser } of BROWSERS) {
    it(ua.slice(0, 90), () => {
      assert.equal(identifyUserAgent(ua), undefined);
      assert.equal(looksLikeBrowser(ua), browser);
      const resolved = resolveAgent(ua);
      assert.equal(resolved.crawler, undefined);
      assert.equal(resolved.kind, 'user-agent-header');
      assert.equal(resolved.token, token);
      assert.deepEqual(resolved.chain, [token, '*']);
    });
  }

  it('says when a header looks like a browser', () => {
    const resolved = resolveAgent(BROWSERS[0]?.ua ?? '');
    assert.match(resolved.explanation, /browser/);
  });
});

describe('spoofed-looking and near-miss headers', () => {
  const cases: readonly { readonly ua: string; readonly id: string | undefined; readonly token: string }[] = [
    // A name inside a URL or e-mail address is not a product name.
    { ua: 'Mozilla/5.0 (compatible; EvilBot/1.0; +http://example.com/Googlebot)', id: undefined, token: 'EvilBot' },
    { ua: 'Mozilla/5.0 (compatible; Scraper/2.0; contact googlebot@example.com)', id: undefined, token: 'Scraper' },
    // A longer name that merely starts with a marker is a different product.
    { ua: 'Mozilla/5.0 (compatible; Googlebot-Fake/2.1)', id: undefined, token: 'Googlebot-Fake' },
    { ua: 'Mozilla/5.0 (compatible; NotGooglebot/2.1)', id: undefined, token: 'NotGooglebot' },
    { ua: 'Mozilla/5.0 (compatible; googlebotx/2.1)', id: undefined, token: 'googlebotx' },
    // Case does not matter for a real marker.
    { ua: 'Mozilla/5.0 (compatible; GOOGLEBOT/2.1)', id: 'googlebot', token: 'Googlebot' },
    // Several claims: the most specific (longest) marker wins.
    { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1) Googlebot-Image/1.0', id: 'googlebot-image', token: 'Googlebot-Image' },
    { ua: 'AdsBot-Google-Mobile; AdsBot-Google', id: 'adsbot-google-mobile', token: 'AdsBot-Google-Mobile' },
    // A control token never requests, but a header claiming one is recognised so it can be flagged.
    { ua: 'Mozilla/5.0 (compatible; Google-Extended/1.0)', id: 'google-extended', token: 'Google-Extended' },
    // A token that has no User-Agent of its own is still found through its product name.
    { ua: 'Googlebot-News/1.0', id: 'googlebot-news', token: 'Googlebot-News' },
  ];
  for (const { ua, id, token } of cases) {
    it(`${ua} → ${id ?? token}`, () => {
      const resolved = resolveAgent(ua);
      assert.equal(resolved.crawler?.id, id);
      assert.equal(resolved.token, token);
      if (id === undefined) assert.deepEqual(resolved.chain, [token, '*']);
    });
  }

  it('explains that a claimed control token is suspicious', () => {
    assert.match(resolveAgent('Mozilla/5.0 (compatible; Google-Extended/1.0)').explanation, /suspicious/);
  });
});

describe('bare tokens', () => {
  const cases: readonly { readonly input: string; readonly id: string | undefined; readonly chain: readonly string[] }[] = [
    { input: 'googlebot', id: 'googlebot', chain: ['Googlebot', '*'] },
    { input: 'GOOGLEBOT-IMAGE', id: 'googlebot-image', chain: ['Googlebot-Image', 'Googlebot', '*'] },
    { input: 'Googlebot-News', id: 'googlebot-news', chain: ['Googlebot-News', 'Googlebot', '*'] },
    { input: 'applebot', id: 'applebot', chain: ['Applebot', 'Googlebot', '*'] },
    { input: 'adsbot-google', id: 'adsbot-google', chain: ['AdsBot-Google'] },
    { input: 'Mediapartners-Google', id: 'mediapartners-google', chain: ['Mediapartners-Google'] },
    { input: 'Google-Extended', id: 'google-extended', chain: ['Google-Extended'] },
    { input: 'Applebot-Extended', id: 'applebot-extended', chain: ['Applebot-Extended'] },
    { input: 'Meta-ExternalAgent', id: 'meta-externalagent', chain: ['meta-externalagent', '*'] },
    { input: 'Yandex', id: 'yandex', chain: ['Yandex', '*'] },
    { input: 'MJ12bot', id: 'mj12bot', chain: ['MJ12bot', '*'] },
    { input: '  bingbot  ', id: 'bingbot', chain: ['bingbot', '*'] },
    { input: 'FooBot', id: undefined, chain: ['FooBot', '*'] },
    { input: '360Spider', id: undefined, chain: ['360Spider', '*'] },
  ];
  for (const { input, id, chain } of cases) {
    it(`${JSON.stringify(input)} → ${chain.join(', ')}`, () => {
      const resolved = resolveAgent(input);
      assert.equal(resolved.kind, 'token');
      assert.equal(resolved.input, input);
      assert.equal(resolved.crawler?.id, id);
      assert.deepEqual(resolved.chain, chain);
      assert.equal(resolved.token, chain[0]);
    });
  }

  it('explains catalogue and unknown tokens in one sentence', () => {
    assert.equal(resolveAgent('Googlebot-Image').explanation, 'Googlebot-Image looks for Googlebot-Image, then Googlebot, then *.');
    assert.equal(resolveAgent('FooBot').explanation, 'FooBot is not in the catalogue: it uses a FooBot group, else *.');
    assert.match(resolveAgent('AdsBot-Google').explanation, /ignores the \* group/);
  });
});

describe('unknown User-Agent headers reduce to a plausible token', () => {
  const cases: readonly { readonly ua: string; readonly token: string }[] = [
    { ua: 'FooBot/1.0', token: 'FooBot' },
    { ua: 'Mozilla/5.0 (compatible; FooBot/1.0)', token: 'FooBot' },
    { ua: 'Mozilla/5.0 (compatible; FooBot/1.0; +https://foo.example/bot)', token: 'FooBot' },
    { ua: 'Mozilla/5.0 (Linux; Android 10; Build/QP1A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/1.0 BarCrawler/3.1', token: 'BarCrawler' },
    { ua: 'Foo Bar', token: 'Foo' },
    { ua: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)', token: 'Mozilla' },
  ];
  for (const { ua, token } of cases) {
    it(`${ua} → ${token}`, () => {
      const resolved = resolveAgent(ua);
      assert.equal(resolved.kind, 'user-agent-header');
      assert.equal(resolved.crawler, undefined);
      assert.equal(resolved.token, token);
      assert.deepEqual(resolved.chain, [token, '*']);
    });
  }

  it('explains an unknown header', () => {
    assert.equal(
      resolveAgent('FooBot/1.0').explanation,
      'This User-Agent names FooBot, which is not in the catalogue: it uses a FooBot group, else *.',
    );
  });
});

describe('never throws', () => {
  const hostile: readonly string[] = [
    '',
    '   ',
    '/',
    '((((',
    '))))',
    ';;;',
    '\u0000\u0001\uFFFD\uD800 binary \uDFFF',
    'x'.repeat(100_000),
    'Mozilla/5.0 ('.repeat(8_000),
    'compatible; '.repeat(9_000),
    `${'a/'.repeat(50_000)}Googlebot/2.1`,
  ];
  for (const input of hostile) {
    it(`${JSON.stringify(input.slice(0, 30))} (${input.length} chars)`, () => {
      const resolved = resolveAgent(input);
      assert.equal(resolved.input, input);
      assert.ok(resolved.chain.length > 0);
      assert.equal(typeof resolved.explanation, 'string');
      identifyUserAgent(input);
      looksLikeBrowser(input);
      crawlerByToken(input);
    });
  }

  it('gives only the * group for an empty value', () => {
    const resolved = resolveAgent('');
    assert.equal(resolved.token, '');
    assert.deepEqual(resolved.chain, ['*']);
    assert.equal(resolved.crawler, undefined);
  });

  it('finds a marker at the end of a 100 KB header quickly', () => {
    const huge = `${'Mozilla/5.0 (X11) '.repeat(6_000)}(compatible; bingbot/2.0)`;
    assert.ok(huge.length > 100_000);
    const started = Date.now();
    for (let i = 0; i < 20; i++) assert.equal(identifyUserAgent(huge)?.id, 'bingbot');
    assert.ok(Date.now() - started < 2_000);
  });
});

describe('crawlerByToken', () => {
  it('is case-insensitive on tokens and finds secondary product names', () => {
    assert.equal(crawlerByToken('GPTBOT')?.id, 'gptbot');
    assert.equal(crawlerByToken('Baiduspider-render')?.id, 'baiduspider');
    assert.equal(crawlerByToken('DuckDuckBot-Https')?.id, 'duckduckbot');
    assert.equal(crawlerByToken('FooBot'), undefined);
    assert.equal(crawlerByToken(''), undefined);
    assert.equal(crawlerByToken('*'), undefined);
  });
});

describe('catalogue data', () => {
  const NAME = /^[A-Za-z0-9_-]+$/;

  it('has unique ids, tokens and markers', () => {
    const ids = new Set<string>();
    const tokens = new Set<string>();
    const markers = new Map<string, string>();
    for (const c of CRAWLERS) {
      assert.ok(!ids.has(c.id), `duplicate id ${c.id}`);
      ids.add(c.id);
      assert.match(c.id, /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const key = c.token.toLowerCase();
      assert.ok(!tokens.has(key), `duplicate token ${c.token}`);
      tokens.add(key);
      for (const m of c.userAgentMarkers) {
        assert.match(m, NAME, `${c.id}: marker ${m}`);
        const owner = markers.get(m.toLowerCase());
        assert.ok(owner === undefined, `marker ${m} of ${c.id} already belongs to ${owner ?? ''}`);
        markers.set(m.toLowerCase(), c.id);
      }
    }
  });

  it('has well-formed chains', () => {
    for (const c of CRAWLERS) {
      assert.ok(c.chain.length > 0, `${c.id}: empty chain`);
      assert.equal(c.chain[0], c.token, `${c.id}: chain starts with its own token`);
      assert.equal(c.chain.at(-1) === '*', !c.ignoresStar, `${c.id}: ends with * iff it reads the * group`);
      assert.match(c.token, NAME, `${c.id}: token`);
      for (const t of c.chain.slice(0, c.ignoresStar ? undefined : -1)) assert.match(t, NAME, `${c.id}: chain token ${t}`);
      if (c.controlToken) {
        assert.deepEqual(c.chain, [c.token], `${c.id}: a control token names only itself`);
        assert.equal(c.purpose, 'control-token');
      } else {
        assert.notEqual(c.purpose, 'control-token');
      }
    }
  });

  it('follows the documented fallbacks', () => {
    const chainOf = (id: string): readonly string[] | undefined => CRAWLERS.find((c) => c.id === id)?.chain;
    assert.deepEqual(chainOf('googlebot-image'), ['Googlebot-Image', 'Googlebot', '*']);
    assert.deepEqual(chainOf('googlebot-video'), ['Googlebot-Video', 'Googlebot', '*']);
    assert.deepEqual(chainOf('googlebot-news'), ['Googlebot-News', 'Googlebot', '*']);
    assert.deepEqual(chainOf('applebot'), ['Applebot', 'Googlebot', '*']);
    assert.deepEqual(chainOf('storebot-google'), ['Storebot-Google', '*']);
    assert.deepEqual(chainOf('adsbot-google'), ['AdsBot-Google']);
    assert.deepEqual(chainOf('adsbot-google-mobile'), ['AdsBot-Google-Mobile']);
    assert.deepEqual(chainOf('mediapartners-google'), ['Mediapartners-Google']);
    assert.deepEqual(chainOf('apis-google'), ['APIs-Google']);
  });

  it('records Crawl-delay support as the facts say', () => {
    const honoured = CRAWLERS.filter((c) => c.crawlDelay === 'honoured').map((c) => c.id).sort();
    assert.deepEqual(honoured, ['bingbot', 'ccbot', 'claude-searchbot', 'claude-user', 'claudebot', 'msnbot']);
    for (const id of ['googlebot', 'googlebot-image', 'adsbot-google', 'amazonbot', 'yandexbot']) {
      assert.equal(CRAWLERS.find((c) => c.id === id)?.crawlDelay, 'ignored', id);
    }
  });

  it('keeps sources as URLs and text fields non-empty', () => {
    for (const c of CRAWLERS) {
      for (const s of c.sources) assert.match(s, /^https?:\/\/\S+$/, `${c.id}: source ${s}`);
      for (const u of c.verification.ipRangeUrls) assert.match(u, /^https:\/\/\S+$/, `${c.id}: IP list ${u}`);
      for (const d of c.verification.reverseDnsSuffixes) assert.match(d, /^[a-z0-9.-]+$/, `${c.id}: DNS suffix ${d}`);
      for (const text of [c.name, c.operator, c.description, c.crawlDelayNote, c.verification.method]) {
        assert.ok(text.trim().length > 0, `${c.id}: empty text`);
      }
      assert.ok(!/GUESS/.test(c.chain.join(' ')), `${c.id}: guess in chain`);
    }
  });

  it('marks the extra crawlers as not in the reference file', () => {
    for (const id of ['slurp', 'msnbot-media', 'ahrefsbot', 'semrushbot', 'mj12bot', 'petalbot', 'googlebot-mobile']) {
      const c = CRAWLERS.find((x) => x.id === id);
      assert.ok(c, id);
      assert.match(c.notes ?? '', /Not in the reference file/);
      assert.equal(c.crawlDelay, 'unknown');
    }
  });

  it('resolves every crawler by its own token and, when it has markers, by its first marker', () => {
    for (const c of CRAWLERS) {
      assert.equal(resolveAgent(c.token).crawler, c);
      const marker = c.userAgentMarkers[0];
      if (marker !== undefined) assert.equal(identifyUserAgent(`Mozilla/5.0 (compatible; ${marker}/1.0)`), c);
    }
  });
});
