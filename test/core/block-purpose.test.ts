import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { diffRobots } from '@robots-lens/diff';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { blockPurposeEdit, crawlersToBlock } from '@robots-lens/kernel/ai-access';
import { effectivePreferences } from '@robots-lens/kernel/preferences';
import { lint } from '@robots-lens/editor/lint';
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

  test('the group added: a dated comment that says who is left out, the crawlers not governed yet, Disallow: /', () => {
    const before = parseRobots('User-agent: GPTBot\nDisallow: /private/\n');
    const block = blockPurposeEdit(before, 'ai-training', { date: DATE, contentSignal: false });
    const after = apply('User-agent: GPTBot\nDisallow: /private/\n', 'ai-training');
    const tokens = crawlersToBlock('ai-training').map((c) => c.token).filter((t) => t !== 'GPTBot');
    assert.deepEqual(block.tokens, tokens);
    assert.ok(after.startsWith(`User-agent: GPTBot\nDisallow: /private/\n\n# Block AI training, keep search (added ${DATE}): these crawlers, none of them a search crawler, may fetch nothing here.\n`), after);
    assert.match(after, /\n# Bytespider, DeepSeekBot.* do not honour robots\.txt: only the server can stop them\.\n/);
    assert.match(after, /\n# Not named here: GPTBot, .*\(see the edit's message for why\)\.\n/);
    assert.ok(after.endsWith(`${tokens.map((t) => `User-agent: ${t}\n`).join('')}Disallow: /\n`), after);
    // The documented tokens and CCBot are named; generic framework names and search crawlers are not.
    for (const token of ['ClaudeBot', 'Google-Extended', 'CCBot', 'AI2Bot', 'Ai2Bot-Dolma', 'img2dataset']) assert.ok(tokens.includes(token), token);
    for (const token of ['Googlebot', 'bingbot', 'Applebot', 'Spider', 'Scrapy', 'YouBot']) assert.ok(!tokens.includes(token), token);
    // Every skip has its reason.
    const reason = (token: string) => block.skipped.find((s) => s.token === token)?.reason;
    assert.equal(reason('GPTBot'), 'the file already names it (line 1), which lets it fetch /');
    assert.match(reason('YouBot') ?? '', /^also used for AI answers — use "Block AI training and AI answers" to name it$/);
    assert.match(reason('Spider') ?? '', /^a generic name/);
    assert.ok(crawlersToBlock('ai-training', { includeGeneric: true }).some((c) => c.token === 'Spider'), 'generic names when asked');
    assert.ok(crawlersToBlock('ai-training-and-answers').some((c) => c.token === 'YouBot'), 'YouBot in the wider scope');
  });

  test('a token the file keeps in the * group is skipped and said so (the squarespace shape)', () => {
    const text = 'User-agent: GPTBot\nUser-agent: CCBot\nUser-agent: *\nDisallow: /config\nDisallow: /search\n';
    const block = blockPurposeEdit(parseRobots(text), 'ai-training', { date: DATE, contentSignal: true });
    assert.equal(block.skipped.find((s) => s.token === 'GPTBot')?.reason, 'the file already names it (line 1, in the * group), which lets it fetch /');
    // A Content-Signal ai-train=no would contradict what the * group lets GPTBot do: not added, and said why.
    assert.equal(block.contentSignal, null);
    assert.match(block.contentSignalSkipped ?? '', /^GPTBot would still use the \* group and may fetch \/: the signal would contradict the rules$/);
  });

  test('with Content-Signal, the result draws no ai-train finding from the lint', () => {
    for (const text of ['User-agent: *\nDisallow: /cart\n', 'User-agent: *\nDisallow: /private/', readFileSync(join(__dirname, '..', '..', 'examples', 'robots.txt'), 'utf8')]) {
      const after = apply(text, 'ai-training', true);
      const ids = lint(parseRobots(after)).map((f) => f.id);
      assert.ok(!ids.includes('ai-train-no-but-allowed') && !ids.includes('ai-train-yes-but-disallowed'), `${ids.join(', ')}\n${after}`);
    }
  });

  test('an HTML page warns; a file past 500 KiB gets the block where it is read', () => {
    assert.match(blockPurposeEdit(parseRobots('<!DOCTYPE html>\n<html><body>User-agent: *</body></html>'), 'ai-training', { date: DATE, contentSignal: false }).warnings.join(' '), /looks like an HTML page/);
    const big = 'User-agent: *\nDisallow: /x\n' + '#'.repeat(80) + '\n'.repeat(1) + ('# filler\n'.repeat(70_000));
    const block = blockPurposeEdit(parseRobots(big), 'ai-training', { date: DATE, contentSignal: false });
    assert.match(block.warnings.join(' '), /larger than Google's 500 KiB limit/);
    const after = parseRobots(apply(big, 'ai-training'));
    assert.equal(matcherFor(after).decide('/any', 'GPTBot').outcome, 'disallowed', 'the block is read');
    assert.equal(matcherFor(after).decide('/any', 'Googlebot').outcome, 'allowed');
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

/*
 * The audit's property over real files: no search crawler's verdict changes, every added token
 * is denied, and a second run changes nothing. The files are the bundled ones above and, when
 * the shared data folder sits beside the clone (it is not ours to copy), up to 60 real
 * robots.txt files from it: on a fresh clone the property runs on the bundled files alone.
 */
describe('the block edit on real files', () => {
  const shared = join(__dirname, '..', '..', '..', 'shared', 'data');
  const real: Array<[string, string]> = [];
  for (const folder of ['robots_history', 'bharath06_robotstxt_2024-07']) {
    const dir = join(shared, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      const file = statSync(path).isDirectory() ? join(path, readdirSync(path).sort().at(-1) ?? '') : path;
      if (!statSync(file).isFile() || entry === 'README.md') continue;
      real.push([`${folder}/${entry}`, readFileSync(file, 'utf8')]);
      if (real.length >= 60) break;
    }
  }
  const files = [...FILES, ...real];
  test(`${files.length} files: search crawlers unchanged, added tokens denied, twice changes nothing`, () => {
    for (const [name, text] of files) {
      const before = parseRobots(text);
      for (const scope of ['ai-training', 'ai-training-and-answers'] as const) {
        const block = blockPurposeEdit(before, scope, { date: DATE, contentSignal: true });
        const after = apply(text, scope, true);
        const changed = parseRobots(after);
        const diff = diffRobots(before, changed, { crawlers: SEARCH_CRAWLERS });
        assert.deepEqual(diff.crawlers.map((c) => c.token), [], `${name} (${scope}): search crawlers changed`);
        for (const token of block.tokens) assert.equal(matcherFor(changed).decide('/any/page', token).outcome, 'disallowed', `${name} (${scope}): ${token}`);
        assert.deepEqual(blockPurposeEdit(changed, scope, { date: DATE, contentSignal: true }).edits, [], `${name} (${scope}): a second run adds more`);
        if (block.contentSignal !== null) {
          const ids = lint(changed).map((f) => f.id);
          assert.ok(!ids.includes('ai-train-no-but-allowed'), `${name} (${scope}): the lint contradicts the added Content-Signal`);
        }
      }
    }
  });
});
