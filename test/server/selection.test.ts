import { describe, test } from 'node:test';
import { assertSelection } from '../support/features';

type SelectionCase = readonly [name: string, marked: string, expected: readonly string[]];

const cases: readonly SelectionCase[] = [
  [
    'a rule value, its line, its group, the document',
    'User-agent: *\nDisallow: /ad|min\nAllow: /x\n',
    ['/admin', 'Disallow: /admin', 'User-agent: *\nDisallow: /admin\nAllow: /x', 'User-agent: *\nDisallow: /admin\nAllow: /x\n'],
  ],
  [
    'a key, its line, its group, the document',
    'User-agent: *\nDis|allow: /admin\n',
    ['Disallow', 'Disallow: /admin', 'User-agent: *\nDisallow: /admin', 'User-agent: *\nDisallow: /admin\n'],
  ],
  [
    'the second group stops at its own lines',
    'User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /|b\n',
    ['/b', 'Disallow: /b', 'User-agent: b\nDisallow: /b', 'User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n'],
  ],
  ['a one-line group is not selected twice', '|User-agent: *\n', ['User-agent', 'User-agent: *', 'User-agent: *\n']],
  [
    'in a trailing comment: the whole line with its comment',
    'User-agent: *\nDisallow: /x # c|om\n',
    ['Disallow: /x # com', 'User-agent: *\nDisallow: /x # com', 'User-agent: *\nDisallow: /x # com\n'],
  ],
  [
    'after the colon of an empty value: the line',
    'User-agent: *\nDisallow:|\n',
    ['Disallow:', 'User-agent: *\nDisallow:', 'User-agent: *\nDisallow:\n'],
  ],
  [
    'a rule before any User-agent line has no group',
    'Disallow: /|x\nUser-agent: *\n',
    ['/x', 'Disallow: /x', 'Disallow: /x\nUser-agent: *\n'],
  ],
  [
    'a sitemap URL',
    'User-agent: *\nDisallow: /\n\nSitemap: https://example.test/s|itemap.xml\n',
    ['https://example.test/sitemap.xml', 'Sitemap: https://example.test/sitemap.xml', 'User-agent: *\nDisallow: /\n\nSitemap: https://example.test/sitemap.xml\n'],
  ],
  [
    'a comment line inside a group',
    'User-agent: *\n# no|te\nDisallow: /x',
    ['# note', 'User-agent: *\n# note\nDisallow: /x'],
  ],
];

describe('selection ranges', () => {
  for (const [name, marked, expected] of cases) test(name, () => assertSelection(marked, expected));
});
