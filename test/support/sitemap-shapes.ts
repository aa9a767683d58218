/**
 * Sitemap XML of random shapes for the seeded fuzz runs: real sitemaps and indexes, elements
 * nested past the reader's cap, elements with many attributes, entities, CDATA, control
 * characters, and `<loc>`s that name files, other schemes and refused addresses (never a
 * host off this machine: a fuzzed index must not make the suite fetch from the network).
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

const NAMES = ['urlset', 'sitemapindex', 'url', 'sitemap', 'loc', 'image:image', 'image:loc', 'sm:loc', 'lastmod', 'a', 'rss'] as const;

const locText = fc.oneof(
  fc.constantFrom('https://a.test/private/x', 'https://a.test/', '/relative', 'child.xml', 'http://127.0.0.1:9/x.xml', 'c:/secret.xml', 'file:///etc/passwd', 'https://xn--bcher-kva.test/private/y', 'https://bücher.test/x', ''),
  fc.constantFrom('&amp;', '&lt;', '&nbsp;', '<![CDATA[https://a.test/c]]>', '\u009b', '\x1b[2J', '\x7f', '\x00'),
  fc.string({ maxLength: 10 }).map((s) => s.replace(/[<&]/g, '')),
);

function attributes(n: number): string {
  return Array.from({ length: n }, (_, i) => ` a${i}="v"`).join('');
}

const element: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    locText,
    fc.tuple(fc.constantFrom(...NAMES), fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 250, max: 300 })), fc.array(tie('node'), { maxLength: 4 })).map(
      ([name, n, children]) => `<${name}${attributes(n)}>${children.join('')}</${name}>`,
    ),
  ),
})).node;

/** A sitemap-like document: a well-formed one, deep nesting past the cap, or any shape. */
export const sitemapXml: fc.Arbitrary<string> = fc.oneof(
  fc.array(locText, { maxLength: 6 }).map((locs) => `<?xml version="1.0"?>\n<urlset>${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}</urlset>\n`),
  fc.array(locText, { maxLength: 4 }).map((locs) => `<sitemapindex>${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`),
  fc.tuple(fc.constantFrom('urlset', 'sitemapindex'), fc.integer({ min: 20, max: 2000 }), fc.boolean()).map(([root, depth, closed]) => `<${root}>${'<a>'.repeat(depth)}${closed ? '</a>'.repeat(depth) + `</${root}>` : ''}`),
  fc.tuple(fc.constantFrom('urlset', 'sitemapindex'), fc.array(element, { maxLength: 5 })).map(([root, children]) => `<${root}>${children.join('')}</${root}>`),
  element,
);

/** The bytes of a sitemap file: the XML, or its gzip. */
export const sitemapBytes: fc.Arbitrary<Buffer> = fc.tuple(sitemapXml, fc.boolean()).map(([xml, gzip]) => (gzip ? gzipSync(xml) : Buffer.from(xml)));
