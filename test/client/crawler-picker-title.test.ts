/**
 * The crawler picker's title names every crawler picked, so none is hidden below the fold of
 * the catalogue's list.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pickerTitle } from '../../client/src/crawler-picker-title';

const cases: { base: string; agents: string[]; title: string }[] = [
  { base: 'Test /cart/ for…', agents: [], title: 'Test /cart/ for…' },
  { base: 'Test /cart/ for…', agents: ['GPTBot'], title: 'Test /cart/ for GPTBot' },
  { base: 'Test /cart/ for…', agents: ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot'], title: 'Test /cart/ for Googlebot, bingbot, GPTBot, ClaudeBot' },
  { base: 'Check Sitemaps for…', agents: ['Mozilla/5.0 (compatible; ExampleBot/1.0)'], title: 'Check Sitemaps for Mozilla/5.0 (compatible; ExampleBot/1.0)' },
  { base: 'Test /a…b/ for…', agents: ['CCBot'], title: 'Test /a…b/ for CCBot' },
];

describe('crawler picker title', () => {
  for (const { base, agents, title } of cases) {
    test(`${base} with ${agents.length} picked`, () => assert.equal(pickerTitle(base, agents), title));
  }
});
