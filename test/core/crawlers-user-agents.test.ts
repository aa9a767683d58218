// Which crawler a User-Agent header names, which groups it reads, and what is not a crawler:
// real headers, browsers and HTTP tools, spoofed-looking and near-miss names, unknown bots.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { identifyUserAgent, looksLikeBrowser, resolveAgent } from '@robots-lens/kernel/crawlers';

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
