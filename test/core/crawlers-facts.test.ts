// The catalogue's facts by purpose: at least 120 crawlers, purposes from the fixed list, a
// source and a checked date for every fact, robots.txt respect with the words it rests on,
// and retired tokens that point to known tokens with who says so.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CRAWLER_PURPOSES, CRAWLERS, crawlerByToken } from '@robots-lens/kernel/crawlers';

const URL = /^https?:\/\/\S+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const byToken = (token: string) => CRAWLERS.find((c) => c.token === token);

describe('crawler catalogue facts', () => {
  it('knows at least 120 crawlers', () => {
    assert.ok(CRAWLERS.length >= 120, `only ${CRAWLERS.length} crawlers`);
  });

  it('gives every crawler purposes from the fixed list, without repeats', () => {
    assert.deepEqual(CRAWLER_PURPOSES, [
      'search', 'ai-training', 'ai-search', 'user-fetch', 'ads', 'seo', 'social-preview', 'archive', 'monitoring', 'control-token', 'other',
    ]);
    for (const c of CRAWLERS) {
      assert.ok(c.purposes.length > 0, `${c.id}: no purpose`);
      assert.equal(new Set(c.purposes).size, c.purposes.length, `${c.id}: repeated purpose`);
      for (const p of c.purposes) assert.ok(CRAWLER_PURPOSES.includes(p), `${c.id}: purpose ${p}`);
    }
  });

  it('sources every entry and dates when its facts were checked', () => {
    for (const c of CRAWLERS) {
      assert.ok(c.sources.length > 0, `${c.id}: no source`);
      for (const s of c.sources) assert.match(s, URL, `${c.id}: source ${s}`);
      assert.match(c.checked, DATE, `${c.id}: checked ${c.checked}`);
      assert.ok(!Number.isNaN(Date.parse(c.checked)) && c.checked <= '2026-12-31', `${c.id}: checked ${c.checked}`);
    }
  });

  it('rests every yes, no or partly on quoted words with a source', () => {
    for (const c of CRAWLERS) {
      assert.ok(['yes', 'no', 'partly', 'unknown'].includes(c.honoursRobotsTxt), `${c.id}: ${c.honoursRobotsTxt}`);
      const evidence = c.honoursRobotsTxtEvidence;
      if (c.honoursRobotsTxt !== 'unknown') assert.ok(evidence, `${c.id}: says ${c.honoursRobotsTxt} without words`);
      if (evidence) {
        assert.match(evidence.source, URL, `${c.id}: evidence source`);
        assert.ok(evidence.words.trim().length > 0, `${c.id}: empty words`);
      }
    }
  });

  it('points every retired token to a known, current token and says who says so', () => {
    for (const c of CRAWLERS) {
      assert.equal(c.retired === null, c.retiredEvidence === null, `${c.id}: retired and its evidence go together`);
      if (c.retired === null || c.retiredEvidence === null) continue;
      const replacement = crawlerByToken(c.retired);
      assert.ok(replacement, `${c.id}: replacement ${c.retired} is not in the catalogue`);
      assert.equal(replacement.token, c.retired, `${c.id}: replacement named by its own token`);
      assert.equal(replacement.retired, null, `${c.id}: replacement ${c.retired} is itself retired`);
      assert.match(c.retiredEvidence.source, URL);
    }
  });

  const FACTS: ReadonlyArray<[token: string, purposes: readonly string[], honours: string, userInitiated: boolean, retired: string | null]> = [
    ['Googlebot', ['search'], 'yes', false, null],
    ['GPTBot', ['ai-training'], 'yes', false, null],
    ['OAI-SearchBot', ['ai-search'], 'yes', false, null],
    ['ChatGPT-User', ['user-fetch', 'ai-search'], 'partly', true, null],
    ['Perplexity-User', ['user-fetch', 'ai-search'], 'no', true, null],
    ['ClaudeBot', ['ai-training'], 'yes', false, null],
    ['anthropic-ai', ['ai-training'], 'unknown', false, 'ClaudeBot'],
    ['Claude-Web', ['other'], 'unknown', false, 'ClaudeBot'],
    ['Google-Extended', ['control-token', 'ai-training', 'ai-search'], 'yes', false, null],
    ['CCBot', ['archive', 'ai-training'], 'yes', false, null],
    ['YandexAdditional', ['ai-search'], 'yes', false, null],
    ['YandexAdditionalBot', ['ai-search'], 'yes', false, null],
    ['meta-externalfetcher', ['user-fetch', 'ai-search'], 'partly', true, null],
    ['Bravebot', ['search'], 'yes', false, null],
    ['MJ12bot', ['seo'], 'yes', false, null],
    ['Applebot-Extended', ['control-token', 'ai-training'], 'yes', false, null],
    ['Bytespider', ['ai-training'], 'no', false, null],
    ['facebookexternalhit', ['social-preview'], 'partly', false, null],
    ['BingPreview', ['social-preview'], 'unknown', false, null],
    ['AI2Bot', ['ai-training'], 'yes', false, null],
    ['DeepSeekBot', ['ai-training'], 'no', false, null],
    ['AmazonBuyForMe', ['user-fetch'], 'unknown', true, null],
    ['SemrushBot-SWA', ['seo'], 'yes', false, null],
  ];
  for (const [token, purposes, honours, userInitiated, retired] of FACTS) {
    it(`records ${token} as its sources say`, () => {
      const c = byToken(token);
      assert.ok(c, token);
      assert.deepEqual(c.purposes, purposes);
      assert.equal(c.honoursRobotsTxt, honours);
      assert.equal(c.userInitiated, userInitiated);
      assert.equal(c.retired, retired);
    });
  }

  it("keeps the operator's words where a user-initiated fetcher may not follow robots.txt", () => {
    assert.match(byToken('ChatGPT-User')?.honoursRobotsTxtEvidence?.words ?? '', /robots\.txt rules may not apply/);
    assert.match(byToken('Perplexity-User')?.honoursRobotsTxtEvidence?.words ?? '', /generally ignores robots\.txt/);
  });
});
