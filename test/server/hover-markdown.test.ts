/**
 * Hover Markdown from the real bundled server, rendered by a real Markdown renderer: rule
 * values, User-agent values and keys are remote content (a fetched robots.txt), so nothing in
 * them may become an image, a link, a command link or HTML, however many backticks they hold.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HoverRequest } from 'vscode-languageserver-protocol/node';
import type { MarkupContent } from 'vscode-languageserver-protocol/node';
import { renderMarkdown, tagsOf, textOf } from '../support/markdown';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

/** The tags hover Markdown is laid out with; anything else came from the data. */
const LAYOUT_TAGS = new Set(['p', 'strong', 'code', 'ul', 'li', 'br', 'em', 'hr']);

let server: TestServer;

async function renderedHover(text: string, line: number, character: number): Promise<{ markdown: string; html: string }> {
  const uri = await server.open(text, 'hostile-hover');
  const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });
  const markdown = (hover?.contents as MarkupContent | undefined)?.value ?? '';
  assert.notEqual(markdown, '', `no hover on line ${line + 1} of ${JSON.stringify(text)}`);
  return { markdown, html: renderMarkdown(markdown) };
}

function assertInert(html: string, value: string): void {
  const unexpected = [...tagsOf(html)].filter((tag) => !LAYOUT_TAGS.has(tag));
  assert.deepEqual(unexpected, [], `tags from the data in:\n${html}`);
  assert.ok(!/<[^>]*\s(?:href|src)=/i.test(html), `a link or image in:\n${html}`);
  // The value is shown whole, as text, inside one code span.
  const codes = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => textOf(m[1]!).trim());
  assert.ok(codes.includes(value), `${JSON.stringify(value)} is not one code span of:\n${html}`);
}

describe('hover Markdown keeps untrusted values inert', () => {
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const rules: readonly (readonly [string, string])[] = [
    ['a double backtick cannot open an image', '/a``![img](https://evil.test/t.png)``b'],
    ['a triple backtick cannot open a command link', '/a```[run](command:workbench.action.terminal.new)```b'],
    ['raw HTML between backticks stays text', '/a`<img src=x onerror=alert(1)>`b'],
    ['a value that ends in backticks', '/x/``'],
    ['a long run of backticks', '/````````[x](command:y)````````'],
  ];
  for (const [name, value] of rules) {
    test(`Disallow: ${name}`, async () => {
      const { html } = await renderedHover(`User-agent: *\nDisallow: ${value}\n`, 1, 12);
      assertInert(html, value);
    });
  }

  test('a User-agent value with backticks and HTML stays text', async () => {
    const value = 'Evil``![i](https://evil.test/u.png)``<b>bot</b>';
    const { html } = await renderedHover(`User-agent: ${value}\nDisallow: /\n`, 0, 14);
    assertInert(html, value);
  });

  test("a User-agent hover's first line quotes its group's hostile rules as code", async () => {
    const value = '/a``![img](https://evil.test/g.png)``<b>x</b>';
    const { markdown, html } = await renderedHover(`User-agent: GPTBot\nDisallow: ${value}\nAllow: /b\n`, 0, 14);
    assert.ok(markdown.split('\n')[0]!.includes('**This group** disallows'), markdown);
    assertInert(html, value);
  });

  // Preference lines quote their values too: a path, a dictionary that does not parse, a URL.
  const preferenceLines: readonly (readonly [string, string, string])[] = [
    ['Content-Usage path', 'Content-Usage: /c``![i](https://evil.test/p.png)``b train-ai=n', '/c``![i](https://evil.test/p.png)``b'],
    ['Content-Usage preferences that do not parse', 'Content-Usage: train-ai=n``![i](https://evil.test/d.png)``', 'train-ai=n``![i](https://evil.test/d.png)``'],
    ['License URL', 'License: https://x.test/``![i](https://evil.test/l.png)``[run](command:y)', 'https://x.test/``![i](https://evil.test/l.png)``[run](command:y)'],
  ];
  for (const [name, line, value] of preferenceLines) {
    test(`${name}: a double backtick cannot open an image`, async () => {
      const { html } = await renderedHover(`User-agent: *\n${line}\n`, 1, 3);
      assertInert(html, value);
    });
  }

  test('an unknown key with Markdown and HTML in it stays text', async () => {
    const { html } = await renderedHover('![k](//evil.test/k.png)<i>x</i>&amp;: value\n', 0, 3);
    const unexpected = [...tagsOf(html)].filter((tag) => !LAYOUT_TAGS.has(tag));
    assert.deepEqual(unexpected, [], html);
    assert.ok(!/<[^>]*\s(?:href|src)=/i.test(html), html);
    assert.ok(textOf(html).includes('![k](//evil.test/k.png)<i>x</i>&amp; — not a directive crawlers know'), html);
  });
});
