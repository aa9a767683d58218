/**
 * A sitemap's XML read as a stream of events: each `<loc>` of a `<url>` (a page) or of a
 * `<sitemap>` (a child of an index), with the line it is on. The XML is parsed by saxes, a
 * streaming parser in plain JavaScript, a chunk of text at a time, so a 50 MB sitemap is
 * never held whole and never read with regular expressions.
 */

import { SaxesParser } from 'saxes';

/** The sitemaps protocol's limits for one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** 50 MB, uncompressed: 52,428,800 bytes. */
export const SITEMAP_MAX_BYTES = 52_428_800;

export type SitemapKind = 'urlset' | 'sitemapindex';

/** What was read from one sitemap's XML: the handler is told of each location as it closes. */
export interface SitemapXmlHandler {
  /** A `<loc>` of a page (`urlset`) or of a child sitemap (`sitemapindex`); `line` is 1-based. */
  location(loc: string, line: number, kind: SitemapKind): void;
  /** A `<loc>` longer than `MAX_LOC_CHARS`: no URL, and not kept. */
  overlong(line: number): void;
}

/** Sitemap URLs have under 2,048 characters; text far past that in a `<loc>` is not kept. */
export const MAX_LOC_CHARS = 65_536;

/**
 * Deepest nesting of elements read. A sitemap nests four deep (`urlset`, `url`,
 * `image:image`, `image:loc`); the parser keeps a few hundred bytes per open element, so a
 * few kilobytes of gzip that open millions of elements would otherwise exhaust the heap.
 */
export const SITEMAP_MAX_DEPTH = 32;
/**
 * Most attributes on one element. A `<urlset>` declares a handful of namespaces; an element
 * with millions of attributes would hold them all (and their duplicate check) in memory.
 */
export const SITEMAP_MAX_ATTRIBUTES = 256;

/** XML that is not well-formed, or not a sitemap: where (1-based line and column) and what. */
export class SitemapXmlError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
  }
}

/**
 * Reads one sitemap or sitemap index. `write` text as it arrives and `close` at the end;
 * both throw a `SitemapXmlError` for malformed XML or a root element that is not a sitemap.
 */
export class SitemapXmlReader {
  /** Set by the root element. */
  kind: SitemapKind | undefined;
  private readonly parser = new SaxesParser({ position: true });
  /** Local names of the open elements, root first. */
  private readonly open: string[] = [];
  /** Text of the `<loc>` being read, or undefined outside one. */
  private loc: string | undefined;
  private locLine = 0;
  private locOverlong = false;
  /** Attributes of the element whose start tag is being read. */
  private attributes = 0;

  constructor(private readonly handler: SitemapXmlHandler) {
    const parser = this.parser;
    parser.on('error', (error) => {
      throw this.positioned(error.message.replace(/^[^:]*:\d+:\d+: /, '').replace(/^\d+:\d+: /, ''));
    });
    parser.on('opentagstart', () => {
      // Refused before the parser adds the element to its stack of open tags.
      if (this.open.length >= SITEMAP_MAX_DEPTH) throw this.positioned(`elements nested more than ${SITEMAP_MAX_DEPTH} deep: this is not a sitemap (sitemaps nest four deep), and it is not read further.`);
      this.attributes = 0;
    });
    parser.on('attribute', () => {
      if (++this.attributes > SITEMAP_MAX_ATTRIBUTES) throw this.positioned(`an element with more than ${SITEMAP_MAX_ATTRIBUTES} attributes: this is not a sitemap, and it is not read further.`);
    });
    parser.on('opentag', (tag) => this.opened(localName(tag.name)));
    parser.on('closetag', () => this.closed());
    parser.on('text', (text) => this.text(text));
    parser.on('cdata', (text) => this.text(text));
  }

  write(text: string): void {
    this.parser.write(text);
  }

  close(): void {
    this.parser.close();
    if (this.kind === undefined) throw this.positioned('no root element: this is not a sitemap (an empty file?).');
  }

  private opened(name: string): void {
    const depth = this.open.length;
    this.open.push(name);
    if (depth === 0) {
      if (name !== 'urlset' && name !== 'sitemapindex') {
        throw this.positioned(`the root element is <${name}>, not <urlset> or <sitemapindex>: this is not a sitemap.`);
      }
      this.kind = name;
      return;
    }
    const entry = this.kind === 'urlset' ? 'url' : 'sitemap';
    if (depth === 2 && name === 'loc' && this.open[1] === entry) {
      this.loc = '';
      this.locOverlong = false;
      this.locLine = this.parser.line;
    }
  }

  private closed(): void {
    const name = this.open.pop();
    if (name === 'loc' && this.loc !== undefined && this.open.length === 2) {
      const loc = this.loc.trim();
      this.loc = undefined;
      if (this.locOverlong) this.handler.overlong(this.locLine);
      else this.handler.location(loc, this.locLine, this.kind!);
    }
  }

  private text(text: string): void {
    if (this.loc === undefined || this.locOverlong) return;
    if (this.loc.length + text.length > MAX_LOC_CHARS) {
      this.locOverlong = true;
      this.loc = '';
    } else this.loc += text;
  }

  /** saxes counts the next column from 0: that is the 1-based column of the character just read. */
  private positioned(reason: string): SitemapXmlError {
    return new SitemapXmlError(this.parser.line, Math.max(1, this.parser.column), reason);
  }
}

/** `sm:loc` → `loc`: sitemaps are read by local names, with or without a namespace prefix. */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}
