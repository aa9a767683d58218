import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { CANONICAL_KEY, parseRobots } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { applyTextEdits, formatRobots } from '@robots-lens/editor/format';

/** Groups, rules, other lines and sitemaps as crawlers read them. */
function meaning(file: RobotsFile): string[] {
  const out = file.orphanRules.map((r) => `orphan ${r.kind} ${r.pattern}`);
  for (const group of file.groups) {
    out.push(`group ${group.agents.map((a) => (a.isStar ? '*' : a.token)).join(',')}`);
    for (const rule of group.rules) out.push(`  ${rule.kind} ${rule.pattern}`);
    for (const other of group.otherLines) out.push(`  ${file.lines[other]!.directive} ${file.lines[other]!.value}`);
  }
  for (const sitemap of file.sitemaps) out.push(`sitemap ${sitemap.url}`);
  return out;
}

function comments(text: string): string[] {
  const file = parseRobots(text);
  return file.lines.filter((l) => l.comment).map((l) => text.slice(l.comment!.start, l.comment!.end));
}

function format(text: string): string {
  return applyTextEdits(text, formatRobots(parseRobots(text)));
}

/**
 * Formats `input` and checks the text, then that formatting again changes nothing, that
 * every comment survives in order, and that crawlers read the same groups and rules.
 */
function assertFormat(name: string, input: string, expected: string): void {
  test(name, () => {
    const output = format(input);
    assert.equal(output, expected);
    assert.deepEqual(formatRobots(parseRobots(output)), [], 'formatting is idempotent');
    assert.deepEqual(comments(output), comments(input), 'comments are preserved');
    assert.deepEqual(meaning(parseRobots(output)), meaning(parseRobots(input)), 'groups and rules are unchanged');
  });
}

describe('formatting', () => {
  assertFormat('canonical key casing', 'user-agent: *\nDISALLOW: /a\nallow: /b\nSITEMAP: https://x.test/s.xml\n', 'User-agent: *\nDisallow: /a\nAllow: /b\nSitemap: https://x.test/s.xml\n');
  assertFormat("Google's accepted spellings become the canonical key", 'useragent: *\nDissallow: /a\nDisallowed: /b\nsite-map: https://x.test/s.xml\n', 'User-agent: *\nDisallow: /a\nDisallow: /b\nSitemap: https://x.test/s.xml\n');
  assertFormat('a missing colon gets one', 'User-agent *\nDisallow /tmp/\n', 'User-agent: *\nDisallow: /tmp/\n');
  assertFormat('key: value with one space, no indentation', '  User-agent:Googlebot\n\tDisallow:    /x   \nAllow:\n', 'User-agent: Googlebot\nDisallow: /x\nAllow:\n');
  assertFormat('other directives keep their key but get the spacing', 'User-agent: *\nCrawl-delay:10\nnoindex :  /x\n', 'User-agent: *\nCrawl-delay: 10\nnoindex: /x\n');
  assertFormat('comments stay as written, with the gap before them', '# top   \n  # indented\nUser-agent: *   # all\nDisallow:/x# tight\n', '# top   \n  # indented\nUser-agent: *   # all\nDisallow: /x# tight\n');
  assertFormat('one blank line is inserted between groups, above the comments heading the next one', 'User-agent: a\nDisallow: /a\n# Bing\n# (slow)\nUser-agent: b\nDisallow: /b\n', 'User-agent: a\nDisallow: /a\n\n# Bing\n# (slow)\nUser-agent: b\nDisallow: /b\n');
  assertFormat('runs of blank lines between groups shrink to one', 'User-agent: a\nDisallow: /a\n\n\n\nUser-agent: b\nDisallow: /b\n  \n\n# c\n\nUser-agent: c\n', 'User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n\n# c\n\nUser-agent: c\n');
  assertFormat('blank lines inside a group are left alone (lint reports them)', 'User-agent: a\n\n\nUser-agent: b\nDisallow: /x\n', 'User-agent: a\n\n\nUser-agent: b\nDisallow: /x\n');
  assertFormat('CRLF line breaks are kept', 'user-agent: a\r\ndisallow: /a\r\nuser-agent: b\r\nallow: /\r\n', 'User-agent: a\r\nDisallow: /a\r\n\r\nUser-agent: b\r\nAllow: /\r\n');
  assertFormat('Crawl-delay after the rules stays in its group', 'User-agent: a\nDisallow: /a\nCrawl-delay: 5\nUser-agent: b\n', 'User-agent: a\nDisallow: /a\nCrawl-delay: 5\n\nUser-agent: b\n');
  assertFormat('a sitemap between groups', 'User-agent: a\nDisallow: /a\nSitemap: https://x.test/s.xml\nUser-agent: b\n', 'User-agent: a\nDisallow: /a\nSitemap: https://x.test/s.xml\n\nUser-agent: b\n');
  assertFormat('prose and URLs on their own lines are not directives to reformat', 'Welcome robots\nhttps://x.test/page\n<html>\nUser-agent: *\n', 'Welcome robots\nhttps://x.test/page\n<html>\nUser-agent: *\n');
  assertFormat('an already formatted file is unchanged', '# shop\nUser-agent: *\nDisallow: /cart/\n\nUser-agent: Googlebot\nAllow: /\n\nSitemap: https://x.test/s.xml\n', '# shop\nUser-agent: *\nDisallow: /cart/\n\nUser-agent: Googlebot\nAllow: /\n\nSitemap: https://x.test/s.xml\n');
  assertFormat('no final line break stays so', 'user-agent: *\ndisallow: /', 'User-agent: *\nDisallow: /');

  test('a file past 500 KiB is left alone: moving bytes would move the limit', () => {
    const big = 'User-agent: *\n' + 'disallow: /x\n'.repeat(45_000);
    assert.deepEqual(formatRobots(parseRobots(big)), []);
  });
});

describe('formatting never changes what crawlers read (fast-check)', () => {
  const line = fc.constantFrom(
    'User-agent: *',
    'user-agent:Googlebot',
    'USERAGENT: bingbot',
    'User-agent FooBot',
    'Disallow: /a',
    'disallow:/b/*.pdf$',
    'Dissallow /c',
    'allow:',
    '  Allow:   /d?x=1  ',
    'Sitemap:https://x.test/s.xml',
    'Crawl-delay:5',
    '# comment',
    '   # indented comment',
    'Disallow: /e # why',
    '',
    '   ',
    'nonsense line here',
  );
  const file = fc.array(line, { maxLength: 25 }).chain((lines) => fc.constantFrom('\n', '\r\n').map((eol) => lines.join(eol)));
  test('same meaning, canonical keys, idempotent', () => {
    fc.assert(
      fc.property(file, (text) => {
        const output = format(text);
        const formatted = parseRobots(output);
        assert.deepEqual(meaning(formatted), meaning(parseRobots(text)));
        assert.deepEqual(comments(output), comments(text));
        assert.equal(format(output), output);
        for (const l of formatted.lines) {
          if (l.kind === 'user-agent' || l.kind === 'allow' || l.kind === 'disallow' || l.kind === 'sitemap') {
            assert.ok(output.startsWith(`${CANONICAL_KEY[l.kind]}:`, l.start), `line ${l.index + 1} of ${JSON.stringify(output)}`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
