import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { diffRobots } from '@robots-lens/diff';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { blockPurposeEdit, crawlersToBlock } from '@robots-lens/kernel/ai-access';
import { effectivePreferences } from '@robots-lens/kernel/preferences';
import type { BlockScope } from '@robots-lens/kernel/ai-access';

const DATE = '2026-12-03';

function apply(text: string, scope: BlockScope, contentSignal = false): string {
  const { edits } = blockPurposeEdit(parseRobots(text), scope, { date: DATE, contentSignal });
  // Applied as an editor applies them: overlapping edits are refused.
  const document = TextDocument.create('file:///robots.txt', 'robots-txt', 1, text);
  return TextDocument.applyEdits(document, edits.map((e) => ({ range: { start: document.positionAt(e.span.start), end: document.positionAt(e.span.end) }, newText: e.newText })));
}

const SEARCH_CRAWLERS = CRAWLERS.filter((c) => c.purposes.includes('search')).map((c) => c.token);

const FILES: Array<[string, string]> = [
  ['an empty file', ''],
  ['the * group only, no final line break', 'User-agent: *\nDisallow: /private/'],
  ['a last group without rules (a User-agent after it would join it)', 'User-agent: *\nDisallow: /tmp/\n\nUser-agent: Googlebot\n'],
  ['a file that already names GPTBot and Googlebot', 'User-agent: GPTBot\nAllow: /blog/\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\nDisallow: /cart\n'],
  ['CRLF line breaks and a sitemap', 'User-agent: *\r\nDisallow: /a\r\nSitemap: https://example.com/s.xml\r\n'],
  ['the example file', readFileSync(join(__dirname, '..', '..', 'examples', 'robots.txt'), 'utf8')],
];

describe('Block AI training, keep search', () => {
  for (const scope of ['ai-training', 'ai-training-and-answers'] as const) {
    for (const [name, text] of FILES) {
      for (const contentSignal of [false, true]) {
        test(`${scope}${contentSignal ? ' with Content-Signal' : ''}: ${name}`, () => {
          const after = apply(text, scope, contentSignal);
          const before = parseRobots(text);
          const changed = parseRobots(after);
          // The semantic diff: no search crawler's verdicts or group change.
          const diff = diffRobots(before, changed, { crawlers: SEARCH_CRAWLERS });
          assert.deepEqual(diff.crawlers.map((c) => c.token), [], `search crawlers changed:\n${after}`);
          // Every crawler of the purpose the file did not govern now may fetch nothing.
          const blocked = blockPurposeEdit(before, scope, { date: DATE, contentSignal }).tokens;
          for (const token of blocked) assert.equal(matcherFor(changed).decide('/any/page', token).outcome, 'disallowed', token);
          // Idempotent: a second run changes nothing.
          assert.equal(apply(after, scope, contentSignal), after);
          assert.deepEqual(blockPurposeEdit(changed, scope, { date: DATE, contentSignal }).edits, []);
        });
      }
    }
  }

  test('the group added: a dated comment, the crawlers not governed yet, Disallow: /', () => {
    const after = apply('User-agent: GPTBot\nDisallow: /private/\n', 'ai-training');
    const tokens = crawlersToBlock('ai-training').map((c) => c.token).filter((t) => t !== 'GPTBot');
    assert.equal(
      after,
      'User-agent: GPTBot\nDisallow: /private/\n\n' +
        `# Block AI training, keep search (added ${DATE}): crawlers the catalogue lists for AI training, none of them a search crawler, may fetch nothing.\n` +
        tokens.map((t) => `User-agent: ${t}\n`).join('') +
        'Disallow: /\n',
    );
    assert.ok(tokens.includes('ClaudeBot') && tokens.includes('Google-Extended'));
    assert.ok(!tokens.includes('Googlebot') && !tokens.includes('Bingbot') && !tokens.includes('Applebot'));
  });

  test('before a last group without rules, so that group keeps its own crawlers', () => {
    const after = apply('User-agent: *\nDisallow: /tmp/\n\nUser-agent: Googlebot\n', 'ai-training');
    assert.match(after, /Disallow: \/\n\nUser-agent: Googlebot\n$/);
    assert.equal(matcherFor(parseRobots(after)).decide('/x', 'Googlebot').outcome, 'allowed');
  });

  test('"… and AI answers" names the AI answer crawlers too, and its Content-Signal says ai-input=no', () => {
    const text = 'User-agent: *\nDisallow: /cart\n';
    const after = apply(text, 'ai-training-and-answers', true);
    assert.match(after, /^User-agent: \*\nDisallow: \/cart\nContent-Signal: search=yes, ai-input=no, ai-train=no\n/);
    assert.match(after, /User-agent: OAI-SearchBot\n/);
    assert.doesNotMatch(apply(text, 'ai-training'), /OAI-SearchBot/);
    const file = parseRobots(after);
    const signal = effectivePreferences(file, matcherFor(file).decide('/a', 'Googlebot')).contentSignal;
    assert.deepEqual(signal?.signals, { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' });
  });

  test('a * group that states its own Content-Signal keeps it', () => {
    const text = 'User-agent: *\nContent-Signal: ai-train=yes\nDisallow: /cart\n';
    assert.doesNotMatch(apply(text, 'ai-training', true), /ai-train=no/);
  });
});
