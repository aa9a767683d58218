// Product tokens as a user types them, crawlerByToken, and hostile input that must never throw.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crawlerByToken, identifyUserAgent, looksLikeBrowser, resolveAgent } from '@robots-lens/kernel/crawlers';

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
    { input: '360Spider', id: '360spider', chain: ['360Spider', '*'] },
    { input: '123Spider', id: undefined, chain: ['123Spider', '*'] },
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
