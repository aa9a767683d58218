// The fetch report counts in words, one of a thing in the singular ("1 byte", never "1 bytes").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFetchReport } from '@robots-lens/fetch';

test('a one-byte body and one rule are counted in the singular', () => {
  const text = formatFetchReport({
    origin: 'https://example.com',
    url: 'https://example.com/robots.txt',
    finalUrl: 'https://example.com/robots.txt',
    chain: [],
    status: 200,
    state: 'rules',
    explanation: 'HTTP 200: the rules in this file apply to every URL of https://example.com.',
    bytes: 1,
    truncated: false,
    contentType: 'text/plain',
    warnings: [],
    error: null,
    rules: { groups: 1, rules: 1, sitemaps: [], agents: ['*'] },
    crawlers: [],
  });
  assert.match(text, /^body {6}1 byte, text\/plain$/m);
  assert.match(text, /^rules {5}1 group, 1 rule, 0 sitemaps; user-agents: \*$/m);
});
