import { describe, test } from 'node:test';
import { assertSymbols } from '../support/features';

type SymbolCase = readonly [name: string, text: string, expected: readonly string[]];

const cases: readonly SymbolCase[] = [
  [
    'groups named by their agents with their rules as children, dead rules marked, sitemaps at the top level',
    [
      'User-agent: *', // 1
      'Disallow: /admin', // 2  shadowed by line 3
      'Disallow: /admin*', // 3
      'Allow: /public/', // 4  redundant: nothing disallows it
      '',
      'User-agent: Googlebot', // 6
      'User-agent: Bingbot', // 7
      'Disallow: /private/ # keep', // 8
      'Sitemap: https://example.test/sitemap.xml', // 9
      '',
    ].join('\n'),
    [
      'Namespace * (3 rules) 1:1-4:16 selects 1:1-1:14',
      '  Property Disallow: /admin (shadowed) 2:1-2:17',
      '  Property Disallow: /admin* 3:1-3:18',
      '  Boolean Allow: /public/ (redundant) 4:1-4:16',
      'Namespace Googlebot, Bingbot (1 rule) 6:1-8:27 selects 6:1-6:22',
      '  Property Disallow: /private/ 8:1-8:27',
      'File Sitemap: https://example.test/sitemap.xml 9:1-9:42',
    ],
  ],
  [
    'rules before any User-agent line are top-level and marked as ignored',
    'Disallow: /orphan\nUser-agent: *\nDisallow: /x',
    ['Property Disallow: /orphan (outside any group: ignored) 1:1-1:18', 'Namespace * (1 rule) 2:1-3:13 selects 2:1-2:14', '  Property Disallow: /x 3:1-3:13'],
  ],
  [
    'sitemaps and groups in file order',
    'Sitemap: https://example.test/a.xml\nUser-agent: GPTBot\nDisallow: /\nSitemap: https://example.test/b.xml\n',
    [
      'File Sitemap: https://example.test/a.xml 1:1-1:36',
      'Namespace GPTBot (1 rule) 2:1-3:12 selects 2:1-2:19',
      '  Property Disallow: / 3:1-3:12',
      'File Sitemap: https://example.test/b.xml 4:1-4:36',
    ],
  ],
  [
    'a comment before a group is not part of it',
    '# the shop\nUser-agent: *\nDisallow: /x\n',
    ['Namespace * (1 rule) 2:1-3:13 selects 2:1-2:14', '  Property Disallow: /x 3:1-3:13'],
  ],
  ['an empty User-agent value and a group without rules', 'User-agent:\n', ['Namespace (empty) (0 rules) 1:1-1:12']],
  [
    'an empty Disallow keeps its key',
    'User-agent: *\nDisallow:\n',
    ['Namespace * (1 rule) 1:1-2:10 selects 1:1-1:14', '  Property Disallow:  2:1-2:10'],
  ],
  [
    'CRLF line ends are not part of the ranges',
    'User-agent: *\r\nDisallow: /x\r\n',
    ['Namespace * (1 rule) 1:1-2:13 selects 1:1-1:14', '  Property Disallow: /x 2:1-2:13'],
  ],
  ['an empty document has no symbols', '', []],
];

describe('document symbols', () => {
  for (const [name, text, expected] of cases) test(name, () => assertSymbols(text, expected));
});
