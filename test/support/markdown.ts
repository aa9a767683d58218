/**
 * Markdown rendered by a real CommonMark renderer (markdown-it), for tests that must see what
 * an editor would make of a hover: raw HTML enabled, so that any HTML that got through
 * would show up as HTML rather than be hidden by the renderer's own safety settings.
 */
import { createRequire } from 'node:module';

interface MarkdownRenderer {
  render(markdown: string): string;
}

type MarkdownItFactory = new (options: { readonly html: boolean; readonly linkify: boolean }) => MarkdownRenderer;

// markdown-it ships no types of its own; this is the one call the tests make.
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as MarkdownItFactory;
const renderer = new MarkdownIt({ html: true, linkify: false });

export function renderMarkdown(markdown: string): string {
  return renderer.render(markdown);
}

/** The text of rendered HTML: tags dropped, the entities markdown-it writes decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Every tag name in rendered HTML, lower-cased, once each. */
export function tagsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()));
}
