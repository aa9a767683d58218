import { describe, test } from 'node:test';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { assertCompletion } from '../support/features';
import type { CompletionExpect } from '../support/features';

type CompletionCase = readonly [name: string, marked: string, expected: CompletionExpect | null];

const KEYS = ['User-agent', 'Allow', 'Disallow', 'Sitemap', 'Crawl-delay'];
const COMMON_PATTERNS = ['/', '/*.pdf$', '/*?', '/*.php$', '/search'];

const keys: readonly CompletionCase[] = [
  [
    'a key being typed: the directives, standard ones marked, the colon and the value suggestion added',
    'Dis|',
    {
      labels: KEYS,
      details: { 'User-agent': 'RFC 9309', Disallow: 'RFC 9309', Sitemap: 'not in RFC 9309', 'Crawl-delay': 'not in RFC 9309' },
      documentation: { Disallow: "Asks the group's crawlers not to fetch URLs" },
      accept: { label: 'Disallow', after: 'Disallow: ', suggestsAgain: true },
    },
  ],
  ['an empty document', '|', { labels: KEYS, accept: { label: 'User-agent', after: 'User-agent: ', suggestsAgain: true } }],
  ['an indented key keeps its indent', '  Al|', { labels: KEYS, accept: { label: 'Allow', after: '  Allow: ', suggestsAgain: true } }],
  [
    'a key on a later line',
    'User-agent: *\nDisallow: /a\nAl|',
    { labels: KEYS, accept: { label: 'Allow', after: 'User-agent: *\nDisallow: /a\nAllow: ', suggestsAgain: true } },
  ],
  ['a colon already after the cursor is not typed twice', 'Dis|: /x', { labels: KEYS, accept: { label: 'Disallow', after: 'Disallow: /x', suggestsAgain: false } }],
  ['after a word and a space there is no key left to complete', 'Disallow |', null],
  ['prose', 'Hello wor|ld', null],
  ['inside a comment', 'Disallow: /x # no|te', null],
  ['on a comment line', '# Dis|', null],
];

const agents: readonly CompletionCase[] = [
  [
    'after User-agent: the * group, then well-known crawlers, then the rest of the catalogue in order',
    'User-agent: |',
    {
      labels: ['*', ...CRAWLERS.filter((c) => c.wellKnown).map((c) => c.token), ...CRAWLERS.filter((c) => !c.wellKnown).map((c) => c.token)],
      details: { '*': 'every crawler without a group of its own', GPTBot: 'collecting data to train AI models · OpenAI', Googlebot: 'search indexing · Google' },
      documentation: { GPTBot: /^\*\*GPTBot\*\* — .*\n\nLooks for `GPTBot → \*`\.$/s },
      accept: { label: 'GPTBot', after: 'User-agent: GPTBot', suggestsAgain: false },
    },
  ],
  [
    'a token being typed is replaced',
    'User-agent: G|\nDisallow: /',
    { labels: ['*', 'Googlebot', 'Googlebot-Image'], andMore: true, accept: { label: 'Googlebot-Image', after: 'User-agent: Googlebot-Image\nDisallow: /', suggestsAgain: false } },
  ],
  ['a lower-case key without a space', 'user-agent:|', { labels: ['*', 'Googlebot'], andMore: true, accept: { label: '*', after: 'user-agent:*', suggestsAgain: false } }],
];

const paths: readonly CompletionCase[] = [
  [
    'after Allow: the common patterns, then the paths the file uses',
    'User-agent: *\nDisallow: /private/\nAllow: |\n',
    {
      labels: [...COMMON_PATTERNS, '/private/'],
      details: { '/': 'the whole site', '/*.pdf$': 'every PDF file', '/private/': 'used on line 2' },
      documentation: { '/*.pdf$': 'Every URL whose path and query end with `.pdf`', '/private/': 'Every URL whose path and query start with `/private/`' },
      accept: { label: '/private/', after: 'User-agent: *\nDisallow: /private/\nAllow: /private/\n', suggestsAgain: false },
    },
  ],
  [
    'paths in file order, each once, without the current line or empty rules',
    'User-agent: *\nDisallow: /search\nDisallow: /b\nAllow:\nDisallow: /a\nDisallow: /b\nDisallow: /cur|\nDisallow: /last\n',
    {
      labels: [...COMMON_PATTERNS, '/b', '/a', '/last'],
      absent: ['/cur', ''],
      details: { '/b': 'used on line 3', '/search': 'site search pages' },
    },
  ],
  [
    'a rule before any User-agent line is offered too',
    'Disallow: /orphan\nUser-agent: *\nDisallow: /in-group\nAllow: |\n',
    { labels: [...COMMON_PATTERNS, '/orphan', '/in-group'], details: { '/orphan': 'used on line 1' } },
  ],
  [
    'the value typed so far is replaced',
    'User-agent: *\nAllow: /private/page\nDisallow: /pri|',
    { labels: [...COMMON_PATTERNS, '/private/page'], accept: { label: '/private/page', after: 'User-agent: *\nAllow: /private/page\nDisallow: /private/page', suggestsAgain: false } },
  ],
  ['a misspelt Disallow is read as Google reads it', 'User-agent: *\nDissallow: |', { labels: COMMON_PATTERNS }],
  ['no value is offered after Sitemap:', 'Sitemap: |', null],
  ['no value is offered after Crawl-delay:', 'User-agent: *\nCrawl-delay: |', null],
  ['nor after an unknown key', 'Foo: |', null],
];

describe('completion', () => {
  for (const [title, table] of [['directive keys', keys], ['User-agent values', agents], ['rule patterns', paths]] as const) {
    describe(title, () => {
      for (const [name, marked, expected] of table) test(name, () => assertCompletion(marked, expected));
    });
  }
});
