/**
 * The thin adapter between HTML and the core's page directives: decode the body, parse it
 * with parse5 (a spec-compliant HTML parser, so `<meta>` inside scripts, comments or
 * templates is never mistaken for a real tag), and hand over every `<meta name content>`
 * pair as data. Which names matter is decided by the core.
 */

import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import type { MetaTag } from '@robots-lens/fetch/directives';

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** Every HTML `<meta>` element with a `name` attribute, in document order. */
export function extractMetaTags(html: string): MetaTag[] {
  const document = parse(html);
  const tags: MetaTag[] = [];
  // An explicit stack: hostile markup can nest deeper than the call stack allows.
  const stack: ChildNode[] = [...children(document)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    const element = node as Element;
    if (element.namespaceURI === HTML_NAMESPACE && element.tagName === 'meta') {
      const name = attribute(element, 'name');
      if (name !== undefined) tags.push({ name, content: attribute(element, 'content') ?? '' });
    }
    // Template contents are inert (not part of the document); parse5 keeps them in `content`, not `childNodes`.
    const kids = children(element);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return tags;
}

function children(node: ParentNode): readonly ChildNode[] {
  return 'childNodes' in node ? node.childNodes : [];
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name && (a.namespace === undefined || a.namespace === ''))?.value;
}

/**
 * Decodes an HTML body: the charset of the Content-Type, else a byte order mark, else a
 * `<meta charset>` in the first 1024 bytes, else UTF-8. Unknown charsets fall back to UTF-8;
 * robots directives are ASCII, so a wrong guess cannot change them.
 */
export function decodeHtml(body: Uint8Array, contentType: string | null): string {
  const label = charsetFromContentType(contentType) ?? bomCharset(body) ?? sniffMetaCharset(body) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function charsetFromContentType(contentType: string | null): string | undefined {
  if (contentType === null) return undefined;
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
}

function bomCharset(body: Uint8Array): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function sniffMetaCharset(body: Uint8Array): string | undefined {
  const head = Buffer.from(body.subarray(0, 1024)).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)/i.exec(head)?.[1];
}
