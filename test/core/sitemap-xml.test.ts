import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { SITEMAP_MAX_ATTRIBUTES, SITEMAP_MAX_DEPTH, SitemapXmlError, SitemapXmlReader } from '@robots-lens/sitemaps';
import type { SitemapKind } from '@robots-lens/sitemaps';
import { sitemapXml } from '../support/sitemap-shapes';

function read(xml: string, chunk = xml.length): { kind: SitemapKind | undefined; locs: [string, number][]; overlong: number[] } {
  const locs: [string, number][] = [];
  const overlong: number[] = [];
  const reader = new SitemapXmlReader({ location: (loc, line) => locs.push([loc, line]), overlong: (line) => overlong.push(line) });
  for (let i = 0; i < xml.length; i += chunk) reader.write(xml.slice(i, i + chunk));
  reader.close();
  return { kind: reader.kind, locs, overlong };
}

describe('sitemap XML', () => {
  test('locations of pages with entities, CDATA and a namespace prefix, whatever the chunking', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
      '<sm:url><sm:loc> https://a.test/?x=1&amp;y=2 </sm:loc><image:image><image:loc>https://a.test/img.png</image:loc></image:image></sm:url>',
      '<!-- a comment -->',
      '<sm:url><sm:loc><![CDATA[https://a.test/caf\u00e9]]></sm:loc></sm:url>',
      '</sm:urlset>',
    ].join('\n');
    for (const chunk of [1, 7, xml.length]) {
      assert.deepEqual(read(xml, chunk), { kind: 'urlset', locs: [['https://a.test/?x=1&y=2', 3], ['https://a.test/caf\u00e9', 5]], overlong: [] });
    }
  });

  test('an index gives its children', () => {
    assert.deepEqual(read('<sitemapindex><sitemap><loc>a.xml</loc></sitemap><sitemap><loc>b.xml</loc></sitemap></sitemapindex>').locs, [['a.xml', 1], ['b.xml', 1]]);
  });

  test('a <loc> far past any URL length is not kept', () => {
    assert.deepEqual(read(`<urlset><url><loc>${'x'.repeat(70_000)}</loc></url><url><loc>https://a.test/</loc></url></urlset>`), { kind: 'urlset', locs: [['https://a.test/', 1]], overlong: [1] });
  });

  const errors: [string, string, number, number][] = [
    ['<urlset><url><loc>a</lo></url></urlset>', 'unexpected close tag.', 1, 24],
    ['<rss><channel/></rss>', 'the root element is <rss>, not <urlset> or <sitemapindex>: this is not a sitemap.', 1, 5],
    ['', 'document must contain a root element.', 1, 1],
    ['<urlset>\n<url><loc>&nbsp;</loc></url></urlset>', 'undefined entity.', 2, 16],
    ['<urlset>\n<url>', 'unclosed tag: url', 2, 5],
  ];
  for (const [xml, reason, line, column] of errors) {
    test(`malformed: ${reason}`, () => {
      assert.throws(() => read(xml), (error: unknown) => {
        assert.ok(error instanceof SitemapXmlError);
        assert.deepEqual([error.reason, error.line, error.column], [reason, line, column]);
        return true;
      });
    });
  }

  test('nesting deeper than the cap is refused as it opens, however much more follows', () => {
    // What a gzip bomb of nested elements inflates to, cut short: the reader stops at the cap.
    const deep = `<urlset>${'<a>'.repeat(200_000)}`;
    assert.throws(() => read(deep, 4096), (error: unknown) => {
      assert.ok(error instanceof SitemapXmlError);
      assert.match(error.reason, new RegExp(`nested more than ${SITEMAP_MAX_DEPTH} deep`));
      assert.equal(error.column, 8 + 3 * SITEMAP_MAX_DEPTH);
      return true;
    });
    // A sitemap with images (four deep) is far inside the cap.
    assert.doesNotThrow(() => read(`<urlset>${'<a>'.repeat(SITEMAP_MAX_DEPTH - 1)}${'</a>'.repeat(SITEMAP_MAX_DEPTH - 1)}</urlset>`));
  });

  test('an element with more attributes than the cap is refused', () => {
    const attributes = (n: number): string => Array.from({ length: n }, (_, i) => ` a${i}="x"`).join('');
    assert.doesNotThrow(() => read(`<urlset${attributes(SITEMAP_MAX_ATTRIBUTES)}><url${attributes(SITEMAP_MAX_ATTRIBUTES)}/></urlset>`));
    assert.throws(() => read(`<urlset><url${attributes(100_000)}/></urlset>`, 65_536), (error: unknown) => {
      assert.ok(error instanceof SitemapXmlError);
      assert.match(error.reason, new RegExp(`more than ${SITEMAP_MAX_ATTRIBUTES} attributes`));
      return true;
    });
  });

  test('seeded fuzz: any XML shape, in any chunks, is read or refused with a SitemapXmlError, never past the caps', () => {
    fc.assert(
      fc.property(sitemapXml, fc.integer({ min: 1, max: 4096 }), (xml, chunk) => {
        let depth = 0;
        let attributes = 0;
        try {
          read(xml, chunk);
        } catch (error) {
          assert.ok(error instanceof SitemapXmlError, String(error));
          return;
        }
        // Read whole: then it was within the caps, which a second reading of its tags confirms.
        for (const tag of xml.matchAll(/<(\/?)([a-z:]+)([^>]*)>/g)) {
          depth += tag[1] === '/' ? -1 : 1;
          attributes = Math.max(attributes, (tag[3]!.match(/=/g) ?? []).length);
          assert.ok(depth <= SITEMAP_MAX_DEPTH && attributes <= SITEMAP_MAX_ATTRIBUTES, xml.slice(0, 200));
        }
      }),
      { seed: 35, numRuns: 300 },
    );
  });
});
