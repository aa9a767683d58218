// Facts the crawler catalogue must keep: unique names, well-formed fallback chains, the
// documented fallbacks and Crawl-delay support, sources, and that every entry resolves.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CRAWLERS, identifyUserAgent, resolveAgent } from '@robots-lens/kernel/crawlers';

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
        assert.equal(c.purposes[0], 'control-token');
      } else {
        assert.ok(!c.purposes.includes('control-token'), `${c.id}: only a control token has the control-token purpose`);
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
    assert.deepEqual(honoured, ['ahrefsbot', 'bingbot', 'ccbot', 'claude-searchbot', 'claude-user', 'claudebot', 'mj12bot', 'msnbot', 'slurp']);
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
    for (const id of ['msnbot-media', 'semrushbot', 'petalbot', 'googlebot-mobile']) {
      const c = CRAWLERS.find((x) => x.id === id);
      assert.ok(c, id);
      assert.match(c.notes ?? '', /Not in the reference file/);
      assert.equal(c.crawlDelay, 'unknown');
    }
  });

  it("takes an extra crawler's facts from its operator's own page where there is one", () => {
    // Ahrefs publishes its crawler's IP ranges and reverse DNS names, and says it obeys robots.txt and Crawl-delay.
    const ahrefs = CRAWLERS.find((x) => x.id === 'ahrefsbot');
    assert.ok(ahrefs);
    assert.match(ahrefs.notes ?? '', /Not in the reference file/);
    assert.deepEqual(ahrefs.sources, ['https://ahrefs.com/robot']);
    assert.deepEqual(ahrefs.verification.ipRangeUrls, ['https://api.ahrefs.com/v3/public/crawler-ip-ranges']);
    assert.deepEqual(ahrefs.verification.reverseDnsSuffixes, ['ahrefs.com', 'ahrefs.net']);
    assert.equal(ahrefs.crawlDelay, 'honoured');
    assert.equal(ahrefs.honoursRobotsTxt, 'yes');
    assert.deepEqual(ahrefs.honoursRobotsTxtEvidence, { source: 'https://ahrefs.com/robot', words: 'Obeys robots.txt: Yes' });
  });

  it('names a source for every IP list and reverse DNS name it verifies with', () => {
    for (const c of CRAWLERS) {
      if (c.verification.ipRangeUrls.length > 0 || c.verification.reverseDnsSuffixes.length > 0) {
        assert.ok(c.sources.length > 0, `${c.id}: verification facts without a source`);
      }
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
