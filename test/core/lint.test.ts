import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GOOGLE_MAX_LINE_BYTES, GOOGLE_SIZE_LIMIT_BYTES, LINT_RULES, lint, parseRobots } from '../../server/src/core';
import type { Finding, LintId, Severity, TextEdit } from '../../server/src/core';

import { unmark } from '../support/cursor';

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text[i] === '\n') line++;
  return line;
}

function show(text: string, findings: readonly Finding[]): string {
  return findings.map((f) => `${f.id}@${lineOf(text, f.span.start)}:${f.span.start} ${f.severity} ${f.message}`).join('\n') || '(none)';
}

/**
 * One id, or the ids of a check that reports several rules: `crawl-delay-*` stands for
 * every id that starts with `crawl-delay-`.
 */
type IdPattern = LintId | `${string}-*`;

function matchesId(id: LintId, pattern: IdPattern): boolean {
  return pattern.endsWith('-*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;
}

interface Expect {
  /** Every finding of the ids must have this id (one rule of the pattern). */
  readonly id?: LintId;
  /** Every finding of the id must have this severity. */
  readonly severity?: Severity;
  /** Every finding of the id must match. */
  readonly message?: RegExp;
}

/**
 * The lint helper, in two forms:
 * - `expected` is a lint id (or ids, see `IdPattern`): the findings of that id start exactly
 *   at the `|` markers of `marked` (no marker: no finding of that id), whatever other ids
 *   report;
 * - `expected` is a list of `id@line` (1-based): exactly these findings, all ids, in order.
 */
function assertLint(marked: string, expected: IdPattern | readonly string[], expect: Expect = {}): Finding[] {
  const { text, offsets } = unmark(marked);
  const all = lint(parseRobots(text));
  if (typeof expected !== 'string') {
    assert.deepEqual(all.map((f) => `${f.id}@${lineOf(text, f.span.start)}`), expected, show(text, all));
    return all;
  }
  const found = all.filter((f) => matchesId(f.id, expected));
  assert.deepEqual(found.map((f) => f.span.start), offsets, `${expected} at the markers; got:\n${show(text, found)}`);
  for (const f of found) {
    if (expect.id) assert.equal(f.id, expect.id, f.message);
    if (expect.severity) assert.equal(f.severity, expect.severity, f.message);
    if (expect.message) assert.match(f.message, expect.message);
  }
  return found;
}

/** Applies edits the way an editor does: all against the original text, none overlapping. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const edit of sorted) {
    assert.ok(edit.span.end <= limit, 'edits overlap');
    assert.ok(edit.span.start <= edit.span.end && edit.span.end <= text.length, 'edit out of range');
    out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.end);
    limit = edit.span.start;
  }
  return out;
}

/**
 * The quick-fix helper: applies a fix of the finding `id` (the one starting at the `|`
 * marker when there is one, else the first) and compares the resulting text. The fix is
 * the one whose title matches `title`, else the preferred one, else the first.
 * `after === null` asserts that the finding offers no fix.
 */
function assertFix(marked: string, id: IdPattern, after: string | null, title?: RegExp): void {
  const { text, offsets } = unmark(marked);
  const found = lint(parseRobots(text)).filter((f) => matchesId(f.id, id) && (offsets.length === 0 || f.span.start === offsets[0]));
  const finding = found[0];
  assert.ok(finding, `no ${id} finding${offsets.length ? ' at the marker' : ''}`);
  const fixes = finding.fixes ?? [];
  if (after === null) {
    assert.equal(fixes.length, 0, `unexpected fixes: ${fixes.map((f) => f.title).join(', ')}`);
    return;
  }
  const fix = title ? fixes.find((f) => title.test(f.title)) : fixes.find((f) => f.preferred) ?? fixes[0];
  assert.ok(fix, `no fix${title ? ` matching ${title}` : ''}; offered: ${fixes.map((f) => f.title).join(' | ') || 'none'}`);
  assert.equal(applyEdits(text, fix.edits), after, fix.title);
}

type LintCase = readonly [name: string, marked: string, expect?: Expect];
type FixCase = readonly [name: string, marked: string, after: string | null, title?: RegExp];

function cases(id: IdPattern, lintCases: readonly LintCase[], fixCases: readonly FixCase[] = []): void {
  describe(id, () => {
    for (const [name, marked, expect] of lintCases) test(name, () => void assertLint(marked, id, expect));
    for (const [name, marked, after, title] of fixCases) test(`fix: ${name}`, () => assertFix(marked, id, after, title));
  });
}

cases(
  'detached-group',
  [
    ['User-agent, blank line, User-agent', '|User-agent: Baiduspider\n\n# Petal\nUser-agent: PetalBot\nDisallow: /', { message: /Baiduspider and PetalBot share the rule "Disallow: \/"/ }],
    ['blank line between User-agent and its rules', '|User-agent: Yandex\n\nDisallow: /search', { severity: 'warning', message: /Yandex uses the rule "Disallow: \/search"/ }],
    ['both at once', '|User-agent: A\n\n|User-agent: B\n\nDisallow: /x'],
    ['several agents in the detached part', '|User-agent: A\nUser-agent: B\n\nUser-agent: C\nDisallow: /x', { message: /A, B and C share/ }],
    ['a comment alone does not detach', 'User-agent: A\n# B too\nUser-agent: B\nDisallow: /x'],
    ['a comment between User-agent and rules does not detach', 'User-agent: A\n# rules follow\nDisallow: /x'],
    ['no rules: nothing to share', 'User-agent: A\n\nUser-agent: B'],
    ['blank lines between groups', 'User-agent: A\nDisallow: /x\n\nUser-agent: B\nDisallow: /y'],
  ],
  [
    ['remove the blank line before the rules', 'User-agent: Yandex\n\nDisallow: /search\n', 'User-agent: Yandex\nDisallow: /search\n'],
    ['remove the blank lines between agents, keep comments', 'User-agent: A\n\n\n# B\nUser-agent: B\nDisallow: /', 'User-agent: A\n# B\nUser-agent: B\nDisallow: /'],
    ['give the first agent its own group', 'User-agent: A\n\n# B\nUser-agent: B\nDisallow: /', 'User-agent: A\nAllow: /\n\n# B\nUser-agent: B\nDisallow: /', /own group/],
    ['CRLF line breaks', 'User-agent: A\r\n\r\nUser-agent: B\r\nDisallow: /', 'User-agent: A\r\nAllow: /\r\n\r\nUser-agent: B\r\nDisallow: /', /own group/],
  ],
);

cases(
  'empty-disallow-ignored',
  [
    ['beside a Disallow', 'User-agent: *\n|Disallow:\nDisallow: /x', { message: /"Disallow: \/x" \(line 3\) still applies/ }],
    ['merged groups (seed example)', 'User-agent: ExampleBot\nDisallow: /private/\n|Disallow:\nUser-agent: ExampleBot\nAllow: /private/help.html$'],
    ['the Disallow comes from another group of the same agent', 'User-agent: A\n|Disallow:\n\nUser-agent: a\nDisallow: /x', { message: /merged/ }],
    ['alone: allow all', 'User-agent: *\nDisallow:'],
    ['beside Allow rules only: everything is allowed anyway', 'User-agent: *\nDisallow:\nAllow: /x'],
    ['rules of other agents do not count', 'User-agent: A\nDisallow:\n\nUser-agent: B\nDisallow: /'],
  ],
  [['remove the line', 'User-agent: *\nDisallow:\nDisallow: /x', 'User-agent: *\nDisallow: /x']],
);

cases(
  'shadowed-rule',
  [
    ['exact duplicate', 'User-agent: *\nDisallow: /x\n|Disallow: /x'],
    ['Allow vs Disallow on the same path', 'User-agent: *\n|Disallow: /x\nAllow: /x'],
    ['/x vs /x*', 'User-agent: *\nAllow: /x*\n|Disallow: /x'],
    ['duplicate across merged groups', 'User-agent: A\nDisallow: /x\n\nUser-agent: A\n|Disallow: /x'],
    ['a longer Allow only covers part', 'User-agent: *\nDisallow: /x\nAllow: /x/y'],
    ['dead in one pool only (group named by two tokens)', 'User-agent: A\nUser-agent: B\nDisallow: /x\n\nUser-agent: A\nAllow: /x'],
  ],
  [['remove the rule', 'User-agent: *\nDisallow: /x\nDisallow: /x\n', 'User-agent: *\nDisallow: /x\n']],
);

cases(
  'redundant-rule',
  [
    ['Disallow: /a/b under Disallow: /a', 'User-agent: *\nDisallow: /a\n|Disallow: /a/b'],
    ['an Allow in between keeps it alive', 'User-agent: *\nDisallow: /a\nAllow: /a/\nDisallow: /a/b'],
    ['redundant in one pool only', 'User-agent: A\nUser-agent: B\nDisallow: /a/b\n\nUser-agent: A\nDisallow: /a'],
    ['Allow: / alone is the allow-all idiom', 'User-agent: *\nAllow: /'],
  ],
  [['remove the rule', 'User-agent: *\nDisallow: /a\nDisallow: /a/b', 'User-agent: *\nDisallow: /a']],
);

cases(
  'rule-outside-group',
  [
    ['before any User-agent', '|Disallow: /x\n|Allow: /y\nUser-agent: *\nDisallow: /z', { severity: 'error' }],
    ['inside a group', 'User-agent: *\nDisallow: /x'],
  ],
  [
    ['insert User-agent: * above the first orphan', '# staging\nDisallow: /x\nAllow: /y\n\nUser-agent: A', '# staging\nUser-agent: *\nDisallow: /x\nAllow: /y\n\nUser-agent: A'],
    ['remove the rule', 'Disallow: /x\nUser-agent: *\nDisallow: /y', 'User-agent: *\nDisallow: /y', /^Remove/],
  ],
);

cases(
  'unknown-directive',
  [
    ['typo with a suggestion', 'User-agent: *\n|Disalllow: /x', { message: /Did you mean "Disallow"\?/ }],
    ['unknown key without a suggestion', 'User-agent: *\n|Foo: bar', { message: /^Crawlers do not know the key "Foo" and ignore this line\.$/ }],
    ['not a key: value line', 'User-agent: *\n|Disallow /a /b', { message: /no colon after "Disallow"/ }],
    ['prose', '|This is not robots.txt at all'],
    ['BOM in the middle of the file', 'User-agent: *\n|\uFEFFDisallow: /x', { message: /invisible character \(U\+FEFF\)/ }],
    ['bare sitemap URL', '|https://example.com/sitemap.xml'],
    ['known non-group keys', 'User-agent: *\nCrawl-delay: 5\nHost: example.com\nContent-Signal: search=yes\nClean-param: ref'],
    ['Google-only spellings are another rule', 'User-agent: *\nDissallow: /x'],
    ['an HTML page is reported once, by looks-like-html', '<!DOCTYPE html>\n<html>\n<body>some text here</body>\n<a href="x">link: here</a>'],
    ['lines past 500 KiB are left to size-limit', 'User-agent: *\n' + '#'.repeat(GOOGLE_SIZE_LIMIT_BYTES) + '\nFoo: bar'],
  ],
  [
    ['rename', 'User-agent: *\nDisalllow: /x # typo', 'User-agent: *\nDisallow: /x # typo'],
    ['rename Crawl delay', 'User-agent: *\nCrawl delay: 5', 'User-agent: *\nCrawl-delay: 5'],
    ['remove the invisible character', 'User-agent: *\n\uFEFFDisallow: /x', 'User-agent: *\nDisallow: /x'],
    ['bare URL becomes a Sitemap line', 'https://example.com/sitemap.xml', 'Sitemap: https://example.com/sitemap.xml'],
    ['no fix without a close key', 'User-agent: *\nFoo: bar', null],
  ],
);

cases(
  'google-only-spelling',
  [
    ['misspelling', 'User-agent: *\n|Dissallow: /x', { message: /Google reads "Dissallow" as Disallow/ }],
    ['useragent', '|Useragent: *\nDisallow: /'],
    ['a key that merely starts with a known key', 'User-agent: *\n|Disallowed: /x', { message: /starts with "Disallow"/ }],
    ['missing colon', 'User-agent: *\n|Disallow /tmp/', { message: /"Disallow: \/tmp\/"/ }],
    ['case does not matter', 'user-agent: *\nDISALLOW: /x\nsitemap: https://example.com/s.xml'],
  ],
  [
    ['correct the spelling', 'User-agent: *\nDissallow: /x', 'User-agent: *\nDisallow: /x'],
    ['correct a prefix key', 'User-agents: *\nDisallow: /', 'User-agent: *\nDisallow: /'],
    ['user agent with a space', 'User agent: *\nDisallow: /', 'User-agent: *\nDisallow: /'],
    ['insert the colon', 'User-agent: *\nDisallow   /tmp/', 'User-agent: *\nDisallow: /tmp/'],
    ['site-map', 'Site-map: https://example.com/s.xml', 'Sitemap: https://example.com/s.xml'],
  ],
);

cases(
  'pattern-never-matches',
  [
    ['no leading slash', 'User-agent: *\nDisallow: |private/', { severity: 'error', message: /starts with "p"/ }],
    ['a full URL', 'User-agent: *\nDisallow: |https://example.com/internal/', { message: /full URL/ }],
    ['an encoded slash', 'User-agent: *\nDisallow: |%2Fprivate'],
    ['a lone $', 'User-agent: *\nAllow: |$'],
    ['also before any group', 'Disallow: |private/'],
    ['a leading * is fine', 'User-agent: *\nDisallow: *.pdf'],
    ['empty is another rule', 'User-agent: *\nDisallow:'],
  ],
  [
    ['prefix /', 'User-agent: *\nDisallow: private/', 'User-agent: *\nDisallow: /private/'],
    ['strip scheme and host', 'User-agent: *\nDisallow: https://example.com/internal/ # old', 'User-agent: *\nDisallow: /internal/ # old'],
    ['a URL with no path becomes /', 'User-agent: *\nDisallow: https://example.com', 'User-agent: *\nDisallow: /'],
    ['strip a bare host', 'User-agent: *\nDisallow: www.example.com/private', 'User-agent: *\nDisallow: /private'],
    ['an extension anywhere', 'User-agent: *\nDisallow: .pdf$', 'User-agent: *\nDisallow: /*.pdf$'],
    ['or right after the first slash', 'User-agent: *\nDisallow: .pdf$', 'User-agent: *\nDisallow: /.pdf$', /^Prefix "\/":/],
    ['decode the encoded slash', 'User-agent: *\nDisallow: %2fprivate', 'User-agent: *\nDisallow: /private'],
  ],
);

cases(
  'user-agent-token-*',
  [
    ['version after the token', 'User-agent: |Googlebot/2.1\nDisallow: /', { id: 'user-agent-token-version', severity: 'hint', message: /matched as "Googlebot"/ }],
    ['digits cut the token', 'User-agent: |AB42bot\nDisallow: /', { id: 'user-agent-token-misread', severity: 'warning', message: /read as "AB"/ }],
    ['leading digit: no token', 'User-agent: |360Spider\nDisallow: /', { id: 'user-agent-token-misread', severity: 'warning', message: /names no crawler and the rules of this group apply to nobody/ }],
    ['words after the token', 'User-agent: |RepoMonkey Bait & Tackle/v1.01', { id: 'user-agent-token-misread', message: /read as "RepoMonkey"/ }],
    ['a header naming the token it starts with', 'User-agent: |Googlebot/2.1 (+http://www.google.com/bot.html)', { id: 'user-agent-token-version', severity: 'hint' }],
    ['full User-Agent header', 'User-agent: |Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\nDisallow: /', { id: 'user-agent-token-misread', message: /does not apply to bingbot/ }],
    ['catalogue token with a digit', 'User-agent: |MJ12bot\nDisallow: /', { id: 'user-agent-token-misread', message: /"MJ" .*which does not name MJ12bot/ }],
    ['a star inside the value', 'User-agent: |Googlebot*\nDisallow: /', { id: 'user-agent-token-misread', message: /wildcard only as the whole value/ }],
    ['clean tokens', 'User-agent: Googlebot\nUser-agent: googlebot-image\nUser-agent: *\nUser-agent: Some_Bot\nDisallow: /'],
  ],
  [
    ['drop the version', 'User-agent: Googlebot/2.1\nDisallow: /', 'User-agent: Googlebot\nDisallow: /'],
    ['the crawler a header names', 'User-agent: Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'User-agent: bingbot'],
    ['what crawlers read', 'User-agent: AB42bot', 'User-agent: AB'],
    ['no fix can name MJ12bot', 'User-agent: MJ12bot', null],
    ['no token, no fix', 'User-agent: 360Spider', null],
  ],
);

cases(
  'star-rules-not-inherited',
  [
    ['named group beside *', 'User-agent: *\nDisallow: /cart/\n\n|User-agent: Googlebot\nDisallow: /x', { severity: 'information', message: /Googlebot has a group of its own.*"Disallow: \/cart\/".*Googlebot-Image/ }],
    ['a Crawl-delay-only group loses every * rule', 'User-agent: *\nDisallow: /a\n\n|User-agent: bingbot\nCrawl-delay: 5'],
    ['reported once per token, at its first group', 'User-agent: *\nDisallow: /a\n\n|User-agent: Foo\nDisallow: /x\n\nUser-agent: Foo\nDisallow: /y'],
    ['no * group', 'User-agent: Googlebot\nDisallow: /x'],
    ['* has no Disallow', 'User-agent: *\nAllow: /\n\nUser-agent: Foo\nDisallow: /x'],
    ['explicit allow-all group', 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow:'],
    ['close-all group', 'User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /'],
    ['crawler that ignores * anyway', 'User-agent: *\nDisallow: /a\n\nUser-agent: AdsBot-Google\nDisallow: /x'],
    ['group already has the * rules', 'User-agent: *\nDisallow: /a\n\nUser-agent: Foo\nDisallow: /a'],
  ],
  [
    ['copy the * rules', 'User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n\nUser-agent: Googlebot\nDisallow: /x\n', 'User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n\nUser-agent: Googlebot\nDisallow: /x\nDisallow: /cart/\nAllow: /cart/help\n'],
    ['only the rules the group lacks, not dead ones', 'User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /b\nDisallow: nowhere\n\nUser-agent: Foo\nDisallow: /a', 'User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /b\nDisallow: nowhere\n\nUser-agent: Foo\nDisallow: /a\nDisallow: /b'],
    ['after the Crawl-delay', 'User-agent: *\nDisallow: /a\n\nUser-agent: bingbot\nCrawl-delay: 5', 'User-agent: *\nDisallow: /a\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /a'],
  ],
);

cases(
  'duplicate-group',
  [
    ['same token twice', 'User-agent: bingbot\nDisallow: /a\n\n|User-agent: Bingbot\nDisallow: /b', { severity: 'hint', message: /first on line 1\).*the rules of lines 2 and 5 together/ }],
    ['versioned value names the same token', 'User-agent: Googlebot\nDisallow: /a\n\n|User-agent: Googlebot/2.1\nDisallow: /b'],
    ['two * groups', 'User-agent: *\nDisallow: /a\n\n|User-agent: *\nDisallow: /b'],
    ['different tokens', 'User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y'],
    ['the same token twice in one group', 'User-agent: a\nUser-agent: A\nDisallow: /x'],
  ],
  [
    ['merge at the end of the file', 'User-agent: bingbot\nDisallow: /a\n\nUser-agent: bingbot\nDisallow: /b', 'User-agent: bingbot\nDisallow: /a\nDisallow: /b'],
    [
      'merge between other groups, Crawl-delay and comments kept',
      'User-agent: a\nDisallow: /x\n\nUser-agent: c\nDisallow: /z\n\nUser-agent: a\n# more\nDisallow: /y\nCrawl-delay: 3\n\nUser-agent: d\nDisallow: /w\n',
      'User-agent: a\nDisallow: /x\n# more\nDisallow: /y\nCrawl-delay: 3\n\nUser-agent: c\nDisallow: /z\n\nUser-agent: d\nDisallow: /w\n',
    ],
    ['adjacent groups', 'User-agent: a\nDisallow: /x\nUser-agent: a\nDisallow: /y\n', 'User-agent: a\nDisallow: /x\nDisallow: /y\n'],
    ['no merge when the later group names other agents too', 'User-agent: a\nDisallow: /x\n\nUser-agent: a\nUser-agent: b\nDisallow: /y', null],
    ['no merge when the first group names other agents too', 'User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: a\nDisallow: /y', null],
  ],
);

cases('control-token', [
  ['Google-Extended', '|User-agent: Google-Extended\nDisallow: /', { severity: 'information', message: /sends no requests/ }],
  ['Applebot-Extended beside a crawler', 'User-agent: GPTBot\n|User-agent: Applebot-Extended\nDisallow: /'],
  ['an ordinary crawler', 'User-agent: Googlebot\nDisallow: /'],
]);

cases(
  'crawl-delay-*',
  [
    ['honoured', 'User-agent: bingbot\n|Crawl-delay: 5', { id: 'crawl-delay-support', severity: 'information', message: /bingbot honours it/ }],
    ['ignored', 'User-agent: Googlebot\n|Crawl-delay: 5', { id: 'crawl-delay-support', message: /Googlebot, .* ignore it/ }],
    ['not documented', 'User-agent: Twitterbot\n|Crawl-delay: 5', { id: 'crawl-delay-support', message: /not documented for Twitterbot/ }],
    ['a fraction', 'User-agent: bingbot\n|Crawl-delay: 0.5', { id: 'crawl-delay-support', severity: 'information' }],
    ['outside any group', '|Crawl-delay: 5\nUser-agent: *', { id: 'crawl-delay-support', message: /belongs to no group/ }],
    ['with a unit', 'User-agent: bingbot\nCrawl-delay: |1s', { id: 'crawl-delay-invalid', severity: 'error' }],
    ['negative', 'User-agent: bingbot\nCrawl-delay: |-1', { id: 'crawl-delay-invalid', severity: 'error', message: /^"-1" is not a number of seconds \(0 or more\): / }],
    ['no Crawl-delay', 'User-agent: bingbot\nDisallow: /'],
  ],
  [
    ['drop the unit', 'User-agent: bingbot\nCrawl-delay: 10 seconds', 'User-agent: bingbot\nCrawl-delay: 10'],
    ['nothing to offer for words', 'User-agent: bingbot\nCrawl-delay: slow', null],
  ],
);

cases('unsupported-directive', [
  ['Noindex', 'User-agent: *\n|Noindex: /tag/', { message: /2019/ }],
  ['Yandex only', 'User-agent: Yandex\n|Host: example.com\n|Clean-param: ref /shop/', { message: /Yandex/ }],
  ['ACAP', 'User-agent: *\n|ACAP-crawler: *\n|ACAP-disallow-crawl: /x', { message: /ACAP/ }],
  ['Request-rate and Visit-time', 'User-agent: *\n|Request-rate: 1/5\n|Visit-time: 0600-0845'],
  ['Crawl-delay has its own rule', 'User-agent: *\nCrawl-delay: 5\nContent-Signal: ai-train=no'],
]);

cases('sitemap-not-absolute', [
  ['a path', 'Sitemap: |/sitemap.xml', { severity: 'error' }],
  ['no scheme', 'Sitemap: |example.com/sitemap.xml'],
  ['no value', '|Sitemap:'],
  ['not http(s)', 'Sitemap: |ftp://example.com/sitemap.xml'],
  ['absolute URLs', 'Sitemap: https://example.com/sitemap.xml\nSitemap: HTTP://EXAMPLE.COM/s.xml?x=1'],
]);

cases('dollar-not-at-end', [
  ['$ in the middle', 'User-agent: *\nDisallow: /*.pdf|$?*', { message: /literal "\$"/ }],
  ['final $ anchors', 'User-agent: *\nDisallow: /*.pdf$'],
  ['only the inner one of two', 'User-agent: *\nDisallow: /a|$$'],
]);

cases(
  'percent-encoding-*',
  [
    ['lower-case hex', 'User-agent: *\nDisallow: /out?url=https|%3a|%2f|%2f', { id: 'percent-encoding-lower-case', severity: 'hint' }],
    ['encoded unreserved character', 'User-agent: *\nDisallow: /|%62log', { id: 'percent-encoding-unreserved', severity: 'warning', message: /Google's parser compares it literally/ }],
    ['raw non-ASCII', 'User-agent: *\nDisallow: /|ツ/', { id: 'percent-encoding-non-ascii', severity: 'hint', message: /"ツ" as "%E3%83%84"/ }],
    ['one hint per pattern', 'User-agent: *\nDisallow: /|ä/b/ö', { id: 'percent-encoding-non-ascii' }],
    ['a stray %', 'User-agent: *\nDisallow: /100|%\nDisallow: /a|%zz', { id: 'percent-encoding-stray-percent', severity: 'warning' }],
    ['well-formed escapes', 'User-agent: *\nDisallow: /a%2Fb\nDisallow: /%E3%83%84\nDisallow: /%2A'],
    ['replacement characters are left to encoding', 'User-agent: *\nDisallow: /caf\uFFFD'],
  ],
  [
    ['upper-case the hex', 'User-agent: *\nDisallow: /a%3a', 'User-agent: *\nDisallow: /a%3A'],
    ['write the plain character', 'User-agent: *\nDisallow: /%62log', 'User-agent: *\nDisallow: /blog'],
    ['encode non-ASCII', 'User-agent: *\nDisallow: /ツ/', 'User-agent: *\nDisallow: /%E3%83%84/'],
    ['encode only the non-ASCII', 'User-agent: *\nDisallow: /ä/%2f/ö', 'User-agent: *\nDisallow: /%C3%A4/%2f/%C3%B6', /Percent-encode/],
    ['encode the percent sign', 'User-agent: *\nDisallow: /100%', 'User-agent: *\nDisallow: /100%25'],
  ],
);

cases('blocks-everything', [
  ['Disallow: / for *', 'User-agent: *\n|Disallow: /', { severity: 'information', message: /whole site to every crawler without a group of its own/ }],
  ['/* for a catalogue crawler', 'User-agent: GPTBot\n|Disallow: /*', { message: /whole site to GPTBot: it may fetch nothing but \/robots\.txt/ }],
  ['a fallback user is named', 'User-agent: Googlebot\n|Disallow: /', { message: /Googlebot, Googlebot-Image/ }],
  ['Allow rules reopen part of it', 'User-agent: CCBot\n|Disallow: /\nAllow: /blog/', { message: /except the URLs the Allow rules of this group reopen \("Allow: \/blog\/"\)/ }],
  ['only unknown agents', 'User-agent: BadBot\nDisallow: /'],
  ['beaten by Allow: /', 'User-agent: *\nDisallow: /\nAllow: /'],
  ['only the home page', 'User-agent: *\nDisallow: /$'],
  ['a usage-control token is not a crawler', 'User-agent: Google-Extended\nDisallow: /'],
]);

cases(
  'robots-txt-path',
  [
    ['exactly /robots.txt', 'User-agent: *\n|Disallow: /robots.txt$', { severity: 'hint', message: /has no effect/ }],
    ['a prefix still matches other URLs', 'User-agent: *\n|Disallow: /robots.txt', { message: /\/robots\.txt\?x/ }],
    ['much more than /robots.txt', 'User-agent: *\nDisallow: /\nDisallow: /*.txt$\nDisallow: /robots.txt.bak'],
  ],
  [['remove', 'User-agent: *\nDisallow: /x\nAllow: /robots.txt$', 'User-agent: *\nDisallow: /x']],
);

describe('size-limit-*', () => {
  test('content past 500 KiB, and nothing else reported about it', () => {
    // 14 bytes, then 5,119 comment lines of 100 bytes, then one of 86: exactly 512,000 bytes.
    const head = 'User-agent: *\n' + ('#'.repeat(99) + '\n').repeat(5119) + '#'.repeat(85) + '\n';
    assert.equal(Buffer.byteLength(head), GOOGLE_SIZE_LIMIT_BYTES);
    const found = assertLint(head + 'Disallow: private/\nFoo: bar\nCrawl-delay: x', ['size-limit-file@5122']);
    assert.equal(found[0]?.severity, 'error');
  });
  test('a line longer than Google reads', () => {
    const text = 'User-agent: *\nDisallow: /' + 'a'.repeat(GOOGLE_MAX_LINE_BYTES);
    assertLint(text.slice(0, 14 + GOOGLE_MAX_LINE_BYTES) + '|' + text.slice(14 + GOOGLE_MAX_LINE_BYTES), 'size-limit-*', { id: 'size-limit-line', severity: 'warning' });
  });
  test('a small file', () => void assertLint('User-agent: *\nDisallow: /x', 'size-limit-*'));
});

cases('looks-like-html', [
  ['an HTML page', '|<!DOCTYPE html>\n<html><body>Not found</body></html>', { severity: 'error' }],
  ['a robots.txt', 'User-agent: *\nDisallow: /'],
]);

describe('encoding-*', () => {
  test('BOM at the start', () => void assertLint('|\uFEFFUser-agent: *\nDisallow: /x', 'encoding-*', { id: 'encoding-bom', severity: 'hint' }));
  test('replacement character', () => void assertLint('User-agent: *\nDisallow: /caf|\uFFFD\uFFFD', 'encoding-*', { id: 'encoding-invalid', severity: 'warning' }));
  test('clean file', () => void assertLint('User-agent: *\nDisallow: /café', 'encoding-*'));
  test('invalid UTF-8 bytes', () => {
    const bytes = Uint8Array.from([...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9]);
    const found = lint(parseRobots(bytes)).filter((f) => matchesId(f.id, 'encoding-*'));
    assert.deepEqual(found.map((f) => [f.id, f.severity, f.span.start]), [['encoding-invalid', 'warning', 28]]);
  });
});

cases('private-path-disclosure', [
  ['a backup', 'User-agent: *\nDisallow: |/admin-backup/', { severity: 'hint', message: /robots\.txt is public/ }],
  ['a .git folder', 'User-agent: *\nDisallow: |/.git/'],
  ['a token', 'User-agent: *\nDisallow: |/download/8f14e45fceea167a5a36dedd4bea2543'],
  ['ordinary paths', 'User-agent: *\nDisallow: /cart/\nDisallow: /summer2024sale/\nDisallow: /privacy-policy\nDisallow: /ForgotPassword\nDisallow: /suntrustprivatewealth'],
  ['Allow names nothing hidden', 'User-agent: *\nAllow: /secret/'],
]);

describe('the whole catalogue', () => {
  /** Files that, between them, make every rule of the table report. */
  const samples = [
    'Disallow: /orphan\nUser-agent: Yandex\n\nDisallow: /search\nDisallow:\nDisallow: /search\nDisallow: /search/x',
    'User-agent: Googlebot/2.1\nDisalllow: /x\nDissallow: /y\nDisallow: private/\nCrawl-delay: 5\nNoindex: /z\nSitemap: /s.xml',
    'User-agent: *\nDisallow: /a$b\nDisallow: /%62\nDisallow: /robots.txt$\nDisallow: /backup/\n\nUser-agent: Foo\nDisallow: /f\n\nUser-agent: foo',
    'User-agent: Google-Extended\nUser-agent: GPTBot\nDisallow: /',
    '\uFEFF<!DOCTYPE html>',
    'User-agent: *\n' + '#\n'.repeat(GOOGLE_SIZE_LIMIT_BYTES / 2) + 'Disallow: /late',
    'User-agent: AB42bot\nCrawl-delay: 1s\nDisallow: /a%2f\nDisallow: /100%\nDisallow: /ツ\nDisallow: /caf\uFFFD\nDisallow: /' + 'a'.repeat(GOOGLE_MAX_LINE_BYTES),
  ];

  test('every id of the table is reported by some check', () => {
    const ids = new Set(samples.flatMap((text) => lint(parseRobots(text)).map((f) => f.id)));
    assert.deepEqual([...ids].sort(), LINT_RULES.map((r) => r.id).sort());
  });

  test('the ids of the table are unique', () => {
    assert.equal(new Set(LINT_RULES.map((r) => r.id)).size, LINT_RULES.length);
  });

  test('the default severity of every rule', () => {
    // A default is what every user sees: changing one in a check file's row must change it here too.
    assert.deepEqual(Object.fromEntries(LINT_RULES.map((r) => [r.id, r.severity])), {
      'detached-group': 'warning',
      'empty-disallow-ignored': 'warning',
      'shadowed-rule': 'warning',
      'redundant-rule': 'hint',
      'rule-outside-group': 'error',
      'unknown-directive': 'warning',
      'google-only-spelling': 'warning',
      'pattern-never-matches': 'error',
      'user-agent-token-misread': 'warning',
      'user-agent-token-version': 'hint',
      'star-rules-not-inherited': 'information',
      'duplicate-group': 'hint',
      'control-token': 'information',
      'crawl-delay-support': 'information',
      'crawl-delay-invalid': 'error',
      'unsupported-directive': 'warning',
      'sitemap-not-absolute': 'error',
      'dollar-not-at-end': 'warning',
      'percent-encoding-stray-percent': 'warning',
      'percent-encoding-unreserved': 'warning',
      'percent-encoding-lower-case': 'hint',
      'percent-encoding-non-ascii': 'hint',
      'blocks-everything': 'information',
      'robots-txt-path': 'hint',
      'size-limit-file': 'error',
      'size-limit-line': 'warning',
      'looks-like-html': 'error',
      'encoding-bom': 'hint',
      'encoding-invalid': 'warning',
      'private-path-disclosure': 'hint',
    });
  });

  test('a file with many mistakes, every finding listed', () => {
    const text = [
      'Disallow: /staging/', // 1
      'User-agent: *', // 2
      'Disallow: /cart/', // 3
      'Disallow: /cart/x', // 4
      'Dissallow: /print/', // 5
      'Disallow: /a$b', // 6
      'Noindex: /tag/', // 7
      '', // 8
      // Crawl-delay ends no group: Googlebot, GPTBot and Google-Extended share line 14.
      'User-agent: Googlebot/2.1', // 9
      'Crawl-delay: 2', // 10
      '', // 11
      'User-agent: GPTBot', // 12
      'User-agent: Google-Extended', // 13
      'Disallow: /', // 14
      'Sitemap: /sitemap.xml', // 15
    ].join('\n');
    assertLint(text, [
      'rule-outside-group@1',
      'redundant-rule@4',
      'google-only-spelling@5',
      'dollar-not-at-end@6',
      'unsupported-directive@7',
      'detached-group@9',
      'user-agent-token-version@9',
      'crawl-delay-support@10',
      'control-token@13',
      'blocks-everything@14',
      'sitemap-not-absolute@15',
    ]);
  });

  test('findings carry the severities of the table', () => {
    const bySeverity = new Map(LINT_RULES.map((r) => [r.id, r.severity]));
    const findings = samples.flatMap((text) => lint(parseRobots(text)));
    // Not vacuous: findings of every rule are looked at.
    assert.equal(new Set(findings.map((f) => f.id)).size, LINT_RULES.length, 'findings of every rule');
    for (const f of findings) assert.equal(f.severity, bySeverity.get(f.id), f.id);
  });

  test('a severity setting overrides, off silences', () => {
    const file = parseRobots('User-agent: *\nDisallow: /x\nDisallow: /x');
    assert.deepEqual(lint(file, { severities: { 'shadowed-rule': 'error' } }).map((f) => f.severity), ['error']);
    assert.deepEqual(lint(file, { severities: { 'shadowed-rule': 'off' } }), []);
  });

  test('10,000 rules in one group lint without a per-rule scan of all rules', () => {
    const rules = Array.from({ length: 10_000 }, (_, i) => `${i % 3 ? 'Disallow' : 'Allow'}: /*/p${i % 50}*x${i}$`);
    const file = parseRobots(['User-agent: *', ...rules, 'User-agent: Googlebot', 'Disallow: /x'].join('\n'));
    const findings = lint(file);
    assert.ok(findings.some((f) => f.id === 'star-rules-not-inherited'));
  });
});

describe('shadowed by Google’s index.html rule', () => {
  test('the message names the implicit directory rule', () => {
    const findings = lint(parseRobots('User-agent: *\nDisallow: /dir/$\nAllow: /dir/index.html\n')).filter((f) => f.id === 'shadowed-rule');
    assert.equal(findings.length, 1);
    assert.match(findings[0]!.message, /as also allowing \/dir\/ exactly/);
  });
});
