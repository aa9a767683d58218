import { describe, test } from 'node:test';
import { assertFolding } from '../support/features';

type FoldingCase = readonly [name: string, text: string, expected: readonly string[]];

const cases: readonly FoldingCase[] = [
  [
    'one range per group, from its first User-agent line to its last line',
    [
      'User-agent: *', // 1
      'Disallow: /admin', // 2
      'Allow: /public/', // 3
      '',
      'User-agent: Googlebot', // 5
      'User-agent: Bingbot', // 6
      'Disallow: /private/', // 7
      'Sitemap: https://example.test/sitemap.xml', // 8
      '',
    ].join('\n'),
    ['1-3', '5-7'],
  ],
  [
    'blocks of comment lines fold as comments, a single comment line does not',
    '# the shop\n# robots\nUser-agent: *\nDisallow: /x\n\n# Google\nUser-agent: Googlebot\nDisallow: /\n',
    ['1-2 comment', '3-4', '7-8'],
  ],
  ['a comment block inside a group, in start order', 'User-agent: *\n# one\n# two\nDisallow: /x\n', ['1-4', '2-3 comment']],
  ['a comment block at the end of the file', 'User-agent: *\nDisallow: /x\n# end\n# of file', ['1-2', '3-4 comment']],
  ['a blank line parts comment blocks', '# a\n\n# b\n', []],
  ['trailing comments do not make comment lines', 'User-agent: * # all\nDisallow: /x # not x\n', ['1-2']],
  ['a group of one line does not fold', 'User-agent: *\n', []],
  ['CRLF line ends', '# a\r\n# b\r\nUser-agent: *\r\nDisallow: /x\r\n', ['1-2 comment', '3-4']],
  ['an empty document', '', []],
];

describe('folding ranges', () => {
  for (const [name, text, expected] of cases) test(name, () => assertFolding(text, expected));
});
