// A full User-Agent header reduced to the product token a crawler looks for in robots.txt:
// the catalogue's markers first, then the header's own product name, never a generic word
// such as `spider` or `bot`. The table is real headers (test/fixtures/user-agents).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveAgent } from '@robots-lens/kernel/crawlers';
import { decideUnderFetchState } from '@robots-lens/fetch';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';

interface HeaderRow {
  readonly header: string;
  readonly token: string;
  readonly catalogue: boolean;
}

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'user-agents', 'real-headers.json');
const ROWS = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { headers: HeaderRow[] }).headers;

/** Words that say what kind of agent a header is, never which one. */
const GENERIC = ['spider', 'bot', 'crawler', 'robot', 'web', 'www', 'http', 'https', 'seo', 'search', 'news', 'pic', 'agent', 'client'];

describe('real User-Agent headers reduce to their product token', () => {
  it('the table is not empty', () => assert.ok(ROWS.length >= 30, `${ROWS.length} rows`));
  for (const { header, token, catalogue } of ROWS) {
    it(`${header} → ${token}`, () => {
      const resolved = resolveAgent(header);
      assert.equal(resolved.token, token);
      assert.equal(resolved.crawler !== undefined, catalogue, resolved.explanation);
      assert.ok(!GENERIC.includes(resolved.token.toLowerCase()), `generic token ${resolved.token}`);
      assert.equal(resolved.chain[0], resolved.crawler ? resolved.crawler.chain[0] : token);
    });
  }
});

describe('a multi-word product name selects the group written with its name', () => {
  const file = parseRobots('User-agent: Screaming Frog SEO Spider\nDisallow: /seo/\n\nUser-agent: Sogou web spider\nDisallow: /cn/\n\nUser-agent: *\nAllow: /\n');
  const matcher = matcherFor(file);
  const cases: readonly (readonly [string, string])[] = [
    ['Screaming Frog SEO Spider/19.0', '/seo/page'],
    ['Screaming Frog SEO Spider', '/seo/page'],
    ['Screaming Frog SEO Spider/5.1', '/seo/page'],
    ['Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)', '/cn/page'],
  ];
  for (const [header, path] of cases) {
    it(`${header} obeys its own group`, () => {
      const verdict = decideUnderFetchState('rules', matcher, path, header, {});
      assert.equal(verdict.allowed, false, JSON.stringify(verdict.rule));
      assert.equal(verdict.rule?.line, header.startsWith('Sogou') ? 4 : 1);
    });
  }
  it('a version on the header changes nothing', () => {
    assert.equal(resolveAgent('Screaming Frog SEO Spider/19.0').token, resolveAgent('Screaming Frog SEO Spider').token);
  });
});
