import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GOOGLE_SIZE_LIMIT_BYTES, LINT_RULES, lint, parseRobots } from '../../server/src/core';
import { GOOGLE_MAX_LINE_BYTES } from '../../server/src/core/parse';
import type { Finding, LintId, Severity } from '../../server/src/core';
import type { TextEdit } from '../../server/src/core/lint';

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

/** The finding of `id` at the `|` marker offers no fix whose title matches `title`. */
function assertNoFix(marked: string, id: IdPattern, title: RegExp): void {
  const { text, offsets } = unmark(marked);
  const finding = lint(parseRobots(text)).find((f) => matchesId(f.id, id) && (offsets.length === 0 || f.span.start === offsets[0]));
  assert.ok(finding, `no ${id} finding${offsets.length ? ' at the marker' : ''}`);
  const titles = (finding.fixes ?? []).map((f) => f.title);
  assert.ok(!titles.some((t) => title.test(t)), `a fix matches ${title}: ${titles.join(' | ')}`);
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
    // (With "Disallow: /" it would be detached-group-blocks-site, an error.)
    ['User-agent, blank line, User-agent', '|User-agent: Baiduspider\n\n# Petal\nUser-agent: PetalBot\nDisallow: /search', { message: /Baiduspider and PetalBot share the rule "Disallow: \/search"/ }],
    ['blank line between User-agent and its rules', '|User-agent: Yandex\n\nDisallow: /search', { severity: 'warning', message: /Yandex uses the rule "Disallow: \/search"/ }],
    ['both at once', '|User-agent: A\n\n|User-agent: B\n\nDisallow: /x'],
    ['several agents in the detached part', '|User-agent: A\nUser-agent: B\n\nUser-agent: C\nDisallow: /x', { message: /A, B and C share/ }],
    ['a comment alone does not detach', 'User-agent: A\n# B too\nUser-agent: B\nDisallow: /x'],
    ['a comment between User-agent and rules does not detach', 'User-agent: A\n# rules follow\nDisallow: /x'],
    ['no rules: nothing to share', 'User-agent: A\n\nUser-agent: B'],
    ['blank lines between groups', 'User-agent: A\nDisallow: /x\n\nUser-agent: B\nDisallow: /y'],
    // Shut out across the blank line: detached-group-blocks-site says it instead, as an error.
    ['a detached crawler under "Disallow: /"', 'User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /'],
    // Only what is true of this file: * has rules of its own elsewhere.
    ['an agent with rules in another group is not "left without rules"', '|User-agent: *\n\nUser-agent: B\nDisallow: /x\n\nUser-agent: *\nDisallow: /a', { message: /Parsers that end a record at a blank line would not apply these rules to \*\.$/ }],
    ['an agent with no other group is', '|User-agent: A\n\nUser-agent: B\nDisallow: /x', { message: /would not apply these rules to A, leaving A without rules of its own\.$/ }],
    ['rules after a blank line follow no User-agent line there', '|User-agent: Yandex\n\nDisallow: /search', { message: /would apply these rules to no crawler \(they would follow no User-agent line\), leaving Yandex without rules of its own\.$/ }],
  ],
  [
    ['remove the blank line before the rules', 'User-agent: Yandex\n\nDisallow: /search\n', 'User-agent: Yandex\nDisallow: /search\n'],
    ['remove the blank lines between agents, keep comments', 'User-agent: A\n\n\n# B\nUser-agent: B\nDisallow: /x', 'User-agent: A\n# B\nUser-agent: B\nDisallow: /x'],
    ['give the first agent its own group', 'User-agent: A\n\n# B\nUser-agent: B\nDisallow: /x', 'User-agent: A\nAllow: /\n\n# B\nUser-agent: B\nDisallow: /x', /own group/],
    ['CRLF line breaks', 'User-agent: A\r\n\r\nUser-agent: B\r\nDisallow: /x', 'User-agent: A\r\nAllow: /\r\n\r\nUser-agent: B\r\nDisallow: /x', /own group/],
  ],
);

cases(
  'detached-group-blocks-site',
  [
    ['a crawler not in the catalogue', '|User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /', { severity: 'error', message: /^"User-agent: YisouSpider" is followed by a blank line, but that does not end the group: under RFC 9309 it is in one group with the User-agent lines that follow \(from line 3\), and "Disallow: \/" \(line 4\) blocks YisouSpider from the entire site\.$/ }],
    // Crawl-delay lines do not end a group either: Bing meant to be slowed is shut out.
    ['Crawl-delay groups run into a block', '|User-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: Yandex\nCrawl-delay: 2\n\n# Block Open AI\nUser-agent: GPTBot\nDisallow: /', { message: /blocks bingbot from the entire site\. The same goes for 1 more User-agent line in the group, each followed by a blank line \(line 4\)\.$/ }],
    ['an Allow reopens part of the site', 'User-agent: A\n\nUser-agent: B\nDisallow: /\nAllow: /blog/'],
    ['blocked by its own group anyway', 'User-agent: A\nDisallow: /\n\nUser-agent: A\n\nUser-agent: B\nDisallow: /'],
  ],
  [['give the crawler its own group', 'User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /', 'User-agent: YisouSpider\nAllow: /\n\nUser-agent: PetalBot\nDisallow: /']],
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
    ['exact duplicate', 'User-agent: *\nDisallow: /x\n|Disallow: /x', { message: /it repeats "Disallow: \/x" \(line 2\) earlier in the same group/ }],
    ['Allow vs Disallow on the same path', 'User-agent: *\n|Disallow: /x\nAllow: /x', { message: /"Allow: \/x" \(line 3\) also matches and is as long; on a tie between an Allow and a Disallow, the Allow wins\.$/ }],
    // Two Disallows tie: the verdict is the same, and neither is an Allow.
    ['two Disallow rules as long', 'User-agent: *\nDisallow: /a*\n|Disallow: /a/', { message: /"Disallow: \/a\*" \(line 2\) also matches and is as long\. Two Disallow rules that tie give the same verdict, and the earlier line is the one that decides: this rule adds nothing\.$/ }],
    ['a longer rule', 'User-agent: *\nAllow: /x/*\n|Disallow: /x/', { message: /on every URL it matches, the longer rule "Allow: \/x\/\*" \(line 2\) also matches and wins\.$/ }],
    ['/x vs /x*', 'User-agent: *\nAllow: /x*\n|Disallow: /x'],
    ['duplicate across merged groups', 'User-agent: A\nDisallow: /x\n\nUser-agent: A\n|Disallow: /x'],
    ['a longer Allow only covers part', 'User-agent: *\nDisallow: /x\nAllow: /x/y'],
    ['dead in one pool only (group named by two tokens)', 'User-agent: A\nUser-agent: B\nDisallow: /x\n\nUser-agent: A\nAllow: /x'],
    // One finding per group: the other dead rules are related locations with their own reasons.
    ['the shadowed rules of a group are one finding per reason', 'User-agent: *\nDisallow: /x\n|Disallow: /x\nDisallow: /y\nDisallow: /y\nDisallow: /z\nDisallow: /z', { message: / 2 more rules of this group never decide anything either, for the same reason \(lines 5 and 7\)\.$/ }],
    ['a repeat and a tie are two reasons', 'User-agent: *\nDisallow: /x\n|Disallow: /x\n|Disallow: /y\nAllow: /y'],
    ['a group repeated for other crawlers shares the finding', 'User-agent: A\nDisallow: /x\n|Disallow: /x\n\nUser-agent: B\nDisallow: /x\nDisallow: /x\n\nUser-agent: C\nDisallow: /x\nDisallow: /x', { message: /it repeats "Disallow: \/x" \(line 2\) earlier in the same group\. The same rule is in 2 more groups \(from lines 7 and 11\), with the same effect\.$/ }],
    ['groups whose dead rules differ are findings of their own', 'User-agent: A\nDisallow: /x\n|Disallow: /x\n\nUser-agent: B\nDisallow: /y\n|Disallow: /y'],
  ],
  [
    ['remove the rule', 'User-agent: *\nDisallow: /x\nDisallow: /x\n', 'User-agent: *\nDisallow: /x\n'],
    ['remove the shadowed rules of the group', 'User-agent: *\nDisallow: /x\nDisallow: /x\nDisallow: /y\nDisallow: /y\n', 'User-agent: *\nDisallow: /x\nDisallow: /y\n', /^Remove these 2 shadowed rules of this group$/],
    [
      'or of every group that repeats them',
      'User-agent: A\nDisallow: /x\nDisallow: /x\n\nUser-agent: B\nDisallow: /x\nDisallow: /x\n',
      'User-agent: A\nDisallow: /x\n\nUser-agent: B\nDisallow: /x\n',
      /^Remove these 2 shadowed rules from all 2 groups$/,
    ],
  ],
);

cases(
  'redundant-rule',
  [
    ['Disallow: /a/b under Disallow: /a', 'User-agent: *\nDisallow: /a\n|Disallow: /a/b'],
    ['an Allow in between keeps it alive', 'User-agent: *\nDisallow: /a\nAllow: /a/\nDisallow: /a/b'],
    ['redundant in one pool only', 'User-agent: A\nUser-agent: B\nDisallow: /a/b\n\nUser-agent: A\nDisallow: /a'],
    ['Allow: / alone is the allow-all idiom', 'User-agent: *\nAllow: /'],
    // Longer Disallows do match some of its URLs: they decide those, with or without it.
    ['an Allow whose shared URLs longer Disallows decide', 'User-agent: *\n|Allow: /shop/\nDisallow: /shop/cart\nDisallow: /blog', { message: /^"Allow: \/shop\/" changes no verdict: where a Disallow rule also matches, it is longer and decides instead \("Disallow: \/shop\/cart" \(line 3\)\); everywhere else no Disallow rule matches/ }],
    ['an Allow no Disallow meets', 'User-agent: *\n|Allow: /x\nDisallow: /y', { message: /^"Allow: \/x" changes no verdict: no Disallow rule matches the URLs it matches, and URLs no rule disallows are allowed anyway\.$/ }],
  ],
  [
    ['remove the rule', 'User-agent: *\nDisallow: /a\nDisallow: /a/b', 'User-agent: *\nDisallow: /a'],
    // Both hand their URLs to "Disallow: /a", which stays.
    ['remove the redundant rules of the group', 'User-agent: *\nDisallow: /a\nDisallow: /a/b\nDisallow: /a/c\n', 'User-agent: *\nDisallow: /a\n', /^Remove these 2 redundant rules of this group$/],
  ],
);

cases(
  'rule-outside-group',
  [
    // One cause, one finding: the second rule is a related location.
    ['before any User-agent', '|Disallow: /x\nAllow: /y\nUser-agent: *\nDisallow: /z', { severity: 'error', message: /^No User-agent line comes before these 2 rules \(lines 1–2, from "Disallow: \/x" on\): they belong to no group, and every crawler ignores them\.$/ }],
    ['one rule', '|Disallow: /x\nUser-agent: *', { message: /^"Disallow: \/x" comes before any User-agent line: it belongs to no group, and every crawler ignores it\.$/ }],
    ['inside a group', 'User-agent: *\nDisallow: /x'],
  ],
  [
    ['insert User-agent: * above the first orphan', '# staging\nDisallow: /x\nAllow: /y\n\nUser-agent: A', '# staging\nUser-agent: *\nDisallow: /x\nAllow: /y\n\nUser-agent: A'],
    ['remove the rule', 'Disallow: /x\nUser-agent: *\nDisallow: /y', 'User-agent: *\nDisallow: /y', /^Remove/],
    ['remove every rule before the first User-agent, comments kept', 'Disallow: /x\n# note\nAllow: /y\nDisallow: /z\nUser-agent: *\nDisallow: /w', '# note\nUser-agent: *\nDisallow: /w', /^Remove the 3 rules$/],
    ['a file with no User-agent line at all', 'Disallow: /a\nDisallow: /b\n', '\n', /^Remove the 2 rules$/],
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
    ['a full URL', 'User-agent: *\nDisallow: |https://example.com/internal/', { message: /full URL.* if that is example\.com, the rule meant "Disallow: \/internal\/"; a rule for another host belongs in that host's robots\.txt\.$/ }],
    ['a full URL of the home page', 'User-agent: *\nDisallow: |https://example.com/', { message: /if that is example\.com, the rule meant "Disallow: \/", which closes the whole site/ }],
    ['an encoded slash', 'User-agent: *\nDisallow: |%2Fprivate'],
    ['a lone $', 'User-agent: *\nAllow: |$'],
    ['also before any group', 'Disallow: |private/'],
    ['a leading * is fine', 'User-agent: *\nDisallow: *.pdf'],
    ['empty is another rule', 'User-agent: *\nDisallow:'],
    // One finding per cause: the other rules with it are related locations.
    ['rules of one cause are one finding', 'User-agent: *\nDisallow: |organization/a.pdf\nDisallow: organization/b.pdf\nDisallow: organization/c.pdf\nDisallow: |http://other.example/x\n\nUser-agent: B\nDisallow: http://other.example/y', { message: /(So do 2 more rules starting without "\/" \(lines 3 and 4\)\.|So does 1 more rule written as a full URL \(line 8\)\.)$/ }],
  ],
  [
    ['prefix /', 'User-agent: *\nDisallow: private/', 'User-agent: *\nDisallow: /private/'],
    // Which host serves the file is not in it: a URL is never moved onto this host, only removed.
    ['a full URL is removed, not moved onto this host', 'User-agent: *\nDisallow: /x\nDisallow: https://example.com/internal/ # old\n', 'User-agent: *\nDisallow: /x\n', /^Remove the rule \(it matches nothing; a rule for another host belongs in that host's robots\.txt\)$/],
    ['a URL with no path is removed, never written as /', 'User-agent: *\nDisallow: /x\nDisallow: https://example.com', 'User-agent: *\nDisallow: /x'],
    ['a bare host name is removed (preferred: none)', 'User-agent: *\nDisallow: /x\nDisallow: www.example.com/private', 'User-agent: *\nDisallow: /x', /^Remove the rule/],
    ['or prefixed, staying a path of this host', 'User-agent: *\nDisallow: index.php/private', 'User-agent: *\nDisallow: /index.php/private', /^Prefix "\/":/],
    ['an extension anywhere', 'User-agent: *\nDisallow: .pdf$', 'User-agent: *\nDisallow: /*.pdf$'],
    ['or right after the first slash', 'User-agent: *\nDisallow: .pdf$', 'User-agent: *\nDisallow: /.pdf$', /^Prefix "\/":/],
    ['decode the encoded slash', 'User-agent: *\nDisallow: %2fprivate', 'User-agent: *\nDisallow: /private'],
    ['prefix / to every pattern of the cause', 'User-agent: *\nDisallow: a/\nDisallow: b/', 'User-agent: *\nDisallow: /a/\nDisallow: /b/', /^Prefix "\/" to the 2 patterns$/],
    ['remove every full URL', 'User-agent: *\nDisallow: /x\nDisallow: http://a.example/\nDisallow: http://b.example/y', 'User-agent: *\nDisallow: /x', /^Remove the 2 rules/],
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
    // Read up to the "*", which is the crawler written: as harmless as a version.
    ['a final star', 'User-agent: |Mediapartners-Google*\nDisallow: /', { id: 'user-agent-token-version', severity: 'hint', message: /matched as "Mediapartners-Google": "\*" is a wildcard only as the whole value, and here it is ignored/ }],
    ['a star inside the value', 'User-agent: |Googlebot*/2.1\nDisallow: /', { id: 'user-agent-token-misread', severity: 'warning', message: /wildcard only as the whole value/ }],
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
    // * shuts out everyone; the named groups are the crawlers let in, on their own terms.
    ['an allow-list file', 'User-agent: Googlebot\nDisallow: /search\n\nUser-agent: bingbot\nDisallow: /search\nDisallow: /tmp/\n\nUser-agent: *\nAllow: /humans.txt\nDisallow: /'],
    ['groups that lack the same * rules are one finding', 'User-agent: *\nDisallow: /cart/\n\n|User-agent: Slurp\nDisallow: /x\n\nUser-agent: Teoma\nDisallow: /y', { message: /The same \* rules do not apply to the crawlers of 1 more group with a group of their own \(line 7\)\.$/ }],
    ['crawler that ignores * anyway', 'User-agent: *\nDisallow: /a\n\nUser-agent: AdsBot-Google\nDisallow: /x'],
    ['group already has the * rules', 'User-agent: *\nDisallow: /a\n\nUser-agent: Foo\nDisallow: /a'],
    // bingbot's own Disallow blocks exactly what the * rule would.
    ['the group already decides the * rule\'s URLs alike', 'User-agent: *\nDisallow: /community/*\n\nUser-agent: bingbot\nDisallow: /community/'],
    ['only the * rules the group does not decide alike are named', 'User-agent: *\nDisallow: /community/*\nDisallow: /cart/\n\n|User-agent: bingbot\nDisallow: /community/', { message: /: 1 \* rule does not apply to it \("Disallow: \/cart\/"\)\.$/ }],
    ['an Allow of the group reopens part of it: not alike', 'User-agent: *\nDisallow: /community/*\n\n|User-agent: bingbot\nDisallow: /community/\nAllow: /community/open', { message: /"Disallow: \/community\/\*"/ }],
    ['a * Allow is needed once a missing * Disallow is copied', 'User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n\n|User-agent: Googlebot\nDisallow: /x', { message: /2 \* rules do not apply/ }],
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
    ['three groups of one token: one finding', 'User-agent: a\nDisallow: /x\n\n|User-agent: a\nDisallow: /y\n\nUser-agent: a\nDisallow: /z', { message: /It is named again in 1 more group \(line 7\)\.$/ }],
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

cases('crawl-delay-conflict', [
  ['two values in merged groups', 'User-agent: bingbot\nCrawl-delay: 30\nDisallow: /x\n\nUser-agent: bingbot\n|Crawl-delay: 120', { severity: 'warning', message: /^bingbot gets two different Crawl-delay values: 30 \(line 2\) and 120 \(line 6\), because groups naming the same crawler are merged\. Of the known crawlers that honour Crawl-delay, bingbot uses these groups; which value it applies is not documented \(this tool's replay checks against the smallest, 30\)\./ }],
  // Crawl-delay lines do not end a group: the second value lands in the first group.
  ['two values in one group', 'User-agent: msnbot\nCrawl-delay: 5\n\nUser-agent: Yandex\n|Crawl-delay: 2\nDisallow: /x', { message: /^msnbot and Yandex get two different Crawl-delay values: 5 \(line 2\) and 2 \(line 5\)\. Of the known crawlers that honour Crawl-delay, msnbot uses these groups; which value it applies is not documented/ }],
  ['the same value twice', 'User-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: bingbot\nCrawl-delay: 5.0'],
  ['different groups, different crawlers', 'User-agent: bingbot\nCrawl-delay: 5\nDisallow: /x\n\nUser-agent: Yandex\nCrawl-delay: 10'],
]);

cases(
  'pattern-space',
  [
    ['a space inside a pattern', 'User-agent: *\nDisallow: |/foo bar', { severity: 'warning', message: /^"Disallow: \/foo bar" has a space in its pattern\. Crawlers send a space in a URL as "%20" \(\/foo%20bar\), which this pattern, compared as written, does not match/ }],
    ['two paths on one line', 'User-agent: *\nDisallow: |/a /b', { message: /If these are 2 paths, each needs a Disallow line of its own\.$/ }],
    ['no space', 'User-agent: *\nDisallow: /foo%20bar'],
  ],
  [
    ['write %20', 'User-agent: *\nDisallow: /foo bar', 'User-agent: *\nDisallow: /foo%20bar'],
    ['one rule per path', 'User-agent: *\nDisallow: /a /b\n', 'User-agent: *\nDisallow: /a\nDisallow: /b\n'],
    ['never a rule for the whole site', 'User-agent: *\nDisallow: / /private', 'User-agent: *\nDisallow: /%20/private'],
  ],
);

cases(
  'pattern-regex',
  [
    ['escapes and dot-star', 'User-agent: *\nDisallow: |/.*\\.pdf$', { severity: 'warning', message: /uses regular-expression syntax \(backslash escapes such as "\\\.", "\.\*" or "\.\+"\), but robots\.txt patterns have none: only "\*" \(any characters\) and a final "\$" are special\. As written, it matches paths that start with "\/\.", then contain "\\\.pdf", and end there — the characters as written\.$/ }],
    ['a character class', 'User-agent: *\nDisallow: |/[_0-9a-z]+/status'],
    ['a leading ^', 'User-agent: *\nDisallow: |^/private'],
    // Fine robots.txt patterns that only look like regular expressions.
    ['not regular expressions', 'User-agent: *\nDisallow: /index.*\nDisallow: /*.pdf$\nDisallow: /.*\nDisallow: /title[Sophocles]\nDisallow: /a+b'],
  ],
  [
    ['rewrite a simple one', 'User-agent: *\nDisallow: /.*\\.pdf$', 'User-agent: *\nDisallow: /*.pdf$'],
  ],
);

// "|" marks a finding in the fixtures above, so alternatives are tested here.
test('pattern-regex: alternatives, and no rewrite for them', () => {
  const found = lint(parseRobots('User-agent: *\nDisallow: /(en|de)/cart')).filter((f) => f.id === 'pattern-regex');
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /alternatives "\(…\|…\)"/);
  assert.equal(found[0]!.fixes, undefined);
});

cases(
  'pattern-mojibake',
  [
    ['UTF-8 read as Latin-1', 'User-agent: *\nDisallow: |/vocabul\u00c3\u00a1rio/', { severity: 'warning', message: /looks like UTF-8 encoded twice: "Ã¡" is "á" whose UTF-8 bytes were read as characters and encoded again\. Crawlers request "á" as "%C3%A1", which this rule does not match\. The author most likely meant "\/vocabulário\/"\.$/ }],
    ['the same, percent-encoded', 'User-agent: *\nDisallow: |/caf%C3%83%C2%A9', { message: /The author most likely meant "\/caf%C3%A9"\.$/ }],
    ['plain UTF-8 and Latin-1 words', 'User-agent: *\nDisallow: /café\nDisallow: /%C3%A9t%C3%A9\nDisallow: /Ægir'],
  ],
  [['write what was meant', 'User-agent: *\nDisallow: /caf%C3%83%C2%A9', 'User-agent: *\nDisallow: /caf%C3%A9']],
);

cases(
  'section-without-user-agent',
  [
    ['a comment heading after a blank line inside a named group', 'User-agent: Googlebot\nDisallow: /search\n\n|# Store /shop/ Disallow Statements\nDisallow: /shop/cart\nDisallow: /shop/checkout', { severity: 'information', message: /^The 2 rules after "# Store \/shop\/ Disallow Statements" \(lines 5–6\) follow a blank line and a comment but no User-agent line: they belong to the group of "User-agent: Googlebot" \(line 1\) and apply to Googlebot, Googlebot-Image, .* only, not to every crawler\.$/ }],
    ['in the * group they apply to every crawler anyway', 'User-agent: *\nDisallow: /search\n\n# Store\nDisallow: /shop/'],
    ['a heading that names the crawler', 'User-agent: Googlebot\nDisallow: /search\n\n# more for Googlebot\nDisallow: /shop/'],
    ['a comment without a blank line', 'User-agent: Googlebot\nDisallow: /search\n# Store\nDisallow: /shop/'],
  ],
);

cases('unsupported-directive', [
  ['Noindex', 'User-agent: *\n|Noindex: /tag/', { message: /2019/ }],
  ['Yandex only', 'User-agent: Yandex\n|Host: example.com\n|Clean-param: ref /shop/', { message: /Yandex/ }],
  // The same directive, the same words: one finding, the other lines related.
  ['ACAP', 'User-agent: *\n|ACAP-crawler: *\nACAP-disallow-crawl: /x', { message: /^ACAP .* The same goes for 1 more line \(line 3\)\.$/ }],
  ['Clean-param in every group', 'User-agent: Yandex\n|Clean-param: ref\n\nUser-agent: YandexBot\nClean-param: utm'],
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
    // One finding per kind of escape, the others folded in.
    ['lower-case hex', 'User-agent: *\nDisallow: /out?url=https|%3a%2f%2f', { id: 'percent-encoding-lower-case', severity: 'hint', message: /The same goes for 2 more lower-case escapes \(line 2\)\.$/ }],
    ['encoded unreserved character', 'User-agent: *\nDisallow: /|%62log', { id: 'percent-encoding-unreserved', severity: 'warning', message: /Google's parser compares it literally/ }],
    ['raw non-ASCII', 'User-agent: *\nDisallow: /|ツ/', { id: 'percent-encoding-non-ascii', severity: 'hint', message: /"ツ" as "%E3%83%84"/ }],
    ['one hint per pattern', 'User-agent: *\nDisallow: /|ä/b/ö', { id: 'percent-encoding-non-ascii' }],
    ['a stray %', 'User-agent: *\nDisallow: /100|%\nDisallow: /a%zz', { id: 'percent-encoding-stray-percent', severity: 'warning', message: /So is 1 more "%" \(line 3\)\.$/ }],
    ['encoded twice', 'User-agent: *\nDisallow: /*?q=a|%253Db', { id: 'percent-encoding-double', severity: 'warning', message: /^"%253D" is "%3D" percent-encoded twice \("%25" is "%"\): the rule matches URLs that carry "%253D", not the "%3D" that links and crawlers usually send/ }],
    ['non-ASCII in several patterns', 'User-agent: *\nDisallow: /|ä/\nDisallow: /ö/', { id: 'percent-encoding-non-ascii', message: /The same goes for 1 more pattern \(line 3\)\.$/ }],
    ['well-formed escapes', 'User-agent: *\nDisallow: /a%2Fb\nDisallow: /%E3%83%84\nDisallow: /%2A'],
    ['replacement characters are left to encoding', 'User-agent: *\nDisallow: /caf\uFFFD'],
  ],
  [
    ['upper-case the hex', 'User-agent: *\nDisallow: /a%3a', 'User-agent: *\nDisallow: /a%3A'],
    ['write the plain character', 'User-agent: *\nDisallow: /%62log', 'User-agent: *\nDisallow: /blog'],
    ['encode non-ASCII', 'User-agent: *\nDisallow: /ツ/', 'User-agent: *\nDisallow: /%E3%83%84/'],
    ['encode only the non-ASCII', 'User-agent: *\nDisallow: /ä/%2f/ö', 'User-agent: *\nDisallow: /%C3%A4/%2f/%C3%B6', /Percent-encode/],
    ['encode the percent sign', 'User-agent: *\nDisallow: /100%', 'User-agent: *\nDisallow: /100%25'],
    ['encoded once, as meant', 'User-agent: *\nDisallow: /*?q=a%253Db', 'User-agent: *\nDisallow: /*?q=a%3Db'],
    ['upper-case every escape', 'User-agent: *\nDisallow: /a%3a\nDisallow: /b%2f', 'User-agent: *\nDisallow: /a%3A\nDisallow: /b%2F', /^Write the 2 escapes in upper case$/],
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
  // Each named crawler follows only its own group: said where * shuts out the rest.
  ['an allow-list names the crawlers let in', 'User-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\n|Disallow: /', { message: /may fetch nothing but \/robots\.txt\. Crawlers named in groups of their own \(Googlebot\) follow only those groups\.$/ }],
  ['groups that each shut out a crawler are one finding', 'User-agent: GPTBot\n|Disallow: /\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: ClaudeBot\nDisallow: /', { message: /closes the whole site to GPTBot: it may fetch nothing but \/robots\.txt\. So do 2 more groups, to their crawlers \(lines 5 and 8\)\.$/ }],
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
  test('a UTF-16 file: one finding, and no line read as a directive', () => {
    const bytes = Uint8Array.from([0xff, 0xfe, ...[...'User-agent: *\nDisallow: /private\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const found = lint(parseRobots(bytes));
    assert.deepEqual(found.map((f) => [f.id, f.severity, f.span.start]), [['encoding-invalid', 'warning', 0]]);
    assert.match(found[0]!.message, /^This file is UTF-16 .* Crawlers read robots\.txt as UTF-8, so they find no User-agent line and no rule in it: save it as UTF-8\.$/);
  });
  test('gzip data: one finding', () => {
    const found = lint(parseRobots(Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x41, 0x0a, 0xe9, 0x42, 0x0a, 0xd2])));
    assert.deepEqual(found.map((f) => f.id), ['encoding-invalid']);
    assert.match(found[0]!.message, /gzip-compressed/);
  });
  test('invalid UTF-8 bytes', () => {
    const bytes = Uint8Array.from([...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9]);
    const found = lint(parseRobots(bytes)).filter((f) => matchesId(f.id, 'encoding-*'));
    assert.deepEqual(found.map((f) => [f.id, f.severity, f.span.start]), [['encoding-invalid', 'warning', 28]]);
  });
});

cases('private-path-disclosure', [
  ['a backup', 'User-agent: *\nDisallow: |/admin-backup/', { severity: 'hint', message: /robots\.txt is public.*"admin-backup" suggests a backup or credentials/ }],
  ['a backup file anywhere', 'User-agent: *\nDisallow: |/content/site-backup.zip\nDisallow: |/etc/passwd'],
  ['a .git folder', 'User-agent: *\nDisallow: |/.git/'],
  ['a token', 'User-agent: *\nDisallow: |/download/8f14e45fceea167a5a36dedd4bea2543'],
  ['a private area at the top of the site', 'User-agent: *\nDisallow: |/private/\nDisallow: |/_secret\nDisallow: |/staging/*', { message: /suggests something private/ }],
  ['ordinary paths', 'User-agent: *\nDisallow: /cart/\nDisallow: /summer2024sale/\nDisallow: /privacy-policy\nDisallow: /ForgotPassword\nDisallow: /suntrustprivatewealth'],
  // Whole words of product and page names, not private areas.
  ['"private" and "secret" in names of products and pages', 'User-agent: *\nDisallow: /private-banking/\nDisallow: /sites/secret\nDisallow: /treasures-private-client/faq.page\nDisallow: /jobs/private/*\nDisallow: /videoeggbackup.html'],
  ['a page id followed by more path', 'User-agent: *\nDisallow: /programmes/profiles/qWq8hB1135cdgj2cqNXyWB/fundraising-ideas\nDisallow: /agents/58386a0cf70a250001177f2d'],
  ['Allow names nothing hidden', 'User-agent: *\nAllow: /secret/'],
]);

describe('the whole catalogue', () => {
  /** Files that, between them, make every rule of the table report. */
  const samples = [
    'Disallow: /orphan\nUser-agent: Yandex\n\nDisallow: /search\nDisallow:\nDisallow: /search\nDisallow: /search/x',
    'User-agent: Googlebot/2.1\nDisalllow: /x\nDissallow: /y\nDisallow: private/\nCrawl-delay: 5\nNoindex: /z\nSitemap: /s.xml',
    'User-agent: *\nDisallow: /a$b\nDisallow: /%62\nDisallow: /robots.txt$\nDisallow: /backup/\n\nUser-agent: Foo\nDisallow: /f\n\nUser-agent: foo',
    'User-agent: Google-Extended\nUser-agent: GPTBot\nDisallow: /',
    'User-agent: anthropic-ai\nUser-agent: Googelbot\nDisallow: /',
    '\uFEFF<!DOCTYPE html>',
    'User-agent: *\n' + '#\n'.repeat(GOOGLE_SIZE_LIMIT_BYTES / 2) + 'Disallow: /late',
    'User-agent: AB42bot\nCrawl-delay: 1s\nDisallow: /a%2f\nDisallow: /100%\nDisallow: /ツ\nDisallow: /caf\uFFFD\nDisallow: /' + 'a'.repeat(GOOGLE_MAX_LINE_BYTES),
    'User-agent: YisouSpider\n\nUser-agent: bingbot\nCrawl-delay: 5\nCrawl-delay: 10\nDisallow: /',
    'User-agent: Googlebot\nDisallow: /a b\nDisallow: /.*\\.pdf$\nDisallow: /caf\u00c3\u00a9\nDisallow: /x%253D\n\n# Store section\nDisallow: /shop/',
    'User-agent: *\n' + Array.from({ length: 60 }, (_, i) => `Disallow: /*k${i}*z`).join('\n'),
    'Content-Signal: ai-train=no\nLicense: /l.xml\nUser-agent: *\nDisallow: /p/\nContent-Signal: search-ai=no\nContent-Usage: train-ai=n, train-ai=y, ai-use=n\nContent-Usage: Train-AI=n\nContent-Usage: /p/ train-ai=y',
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: ClaudeBot\nContent-Signal: ai-train=yes\nDisallow: /\n\nUser-agent: x\nAllow: /\n\nUser-agent: ClaudeBot\nContent-Signal: ai-train=no',
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
      'detached-group-blocks-site': 'error',
      'empty-disallow-ignored': 'warning',
      'shadowed-rule': 'warning',
      'redundant-rule': 'hint',
      'rule-analysis-skipped': 'information',
      'rule-outside-group': 'error',
      'unknown-directive': 'warning',
      'google-only-spelling': 'warning',
      'pattern-never-matches': 'error',
      'user-agent-token-misread': 'warning',
      'user-agent-token-version': 'hint',
      'user-agent-retired': 'information',
      'user-agent-near-miss': 'information',
      'star-rules-not-inherited': 'information',
      'duplicate-group': 'hint',
      'control-token': 'information',
      'crawl-delay-support': 'information',
      'crawl-delay-invalid': 'error',
      'crawl-delay-conflict': 'warning',
      'unsupported-directive': 'warning',
      'sitemap-not-absolute': 'error',
      'dollar-not-at-end': 'warning',
      'pattern-space': 'warning',
      'pattern-regex': 'warning',
      'pattern-mojibake': 'warning',
      'percent-encoding-stray-percent': 'warning',
      'percent-encoding-unreserved': 'warning',
      'percent-encoding-lower-case': 'hint',
      'percent-encoding-double': 'warning',
      'percent-encoding-non-ascii': 'hint',
      'blocks-everything': 'information',
      'robots-txt-path': 'hint',
      'size-limit-file': 'error',
      'size-limit-line': 'warning',
      'looks-like-html': 'error',
      'encoding-bom': 'hint',
      'encoding-invalid': 'warning',
      'private-path-disclosure': 'hint',
      'section-without-user-agent': 'information',
      'content-signal-unknown': 'warning',
      'content-usage-invalid': 'warning',
      'content-usage-unknown-label': 'information',
      'content-usage-repeated-label': 'warning',
      'content-usage-no-effect': 'information',
      'license-not-absolute': 'warning',
      'preference-outside-group': 'warning',
      'ai-train-no-but-allowed': 'information',
      'ai-train-yes-but-disallowed': 'information',
      'content-signal-conflict': 'information',
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
      // Googlebot, meant to be slowed down, joins the GPTBot group and its "Disallow: /".
      'detached-group-blocks-site@9',
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

describe('a quick fix never widens what a rule blocks, nor moves it to another host', () => {
  test('no fix writes the path of a full URL as a rule of this host', () => {
    const text = 'User-agent: *\nDisallow: /x\nDisallow: https://other-host.example/private/\n';
    const finding = lint(parseRobots(text)).find((f) => f.id === 'pattern-never-matches');
    assert.ok(finding?.fixes?.length);
    for (const fix of finding.fixes) assert.doesNotMatch(applyEdits(text, fix.edits), /^Disallow: \/private\/$/m, fix.title);
  });
  test('no fix writes a rule that matches every URL', () => {
    assertFix('User-agent: *\nDisallow: /x\nDisallow: |%2F', 'pattern-never-matches', null);
    assertNoFix('User-agent: *\nDisallow: /x\nDisallow: |https://example.com/', 'pattern-never-matches', /path|Prefix|Start/);
  });
  test('rules before any User-agent that would close the site get no User-agent line', () => {
    assertNoFix('|Disallow: /\nUser-agent: A\nDisallow: /x', 'rule-outside-group', /^Insert/);
    assertFix('|Disallow: /\nUser-agent: A\nDisallow: /x', 'rule-outside-group', 'User-agent: A\nDisallow: /x', /^Remove/);
  });
  test('a * rule that closes the site is never copied into a named group', () => {
    // An allow-list: not reported at all, so nothing is copied.
    assertLint('User-agent: *\nDisallow: /\nDisallow: /tmp/\n\nUser-agent: Googlebot\nDisallow: /drafts/', 'star-rules-not-inherited');
  });
  test('the only rule of a group is not removed when the next group would take its User-agent lines', () => {
    assertFix('User-agent: A\nDisallow: /x\n\nUser-agent: A\n|Disallow: /x\n\nUser-agent: *\nDisallow: /y', 'shadowed-rule', null);
    assertFix('User-agent: *\nDisallow: /y\n\nUser-agent: A\nDisallow: /a\n\nUser-agent: A\n|Disallow: /a/b\n\nUser-agent: B\nDisallow: /z', 'redundant-rule', null);
    // The last group has no next group to join: its only rule may go.
    assertFix('User-agent: A\nDisallow: /x\n\nUser-agent: A\n|Disallow: /x\n', 'shadowed-rule', 'User-agent: A\nDisallow: /x\n\nUser-agent: A\n');
  });
  test('a crawler named in another group too does not get its own "Allow: /" group', () => {
    // A would keep "Disallow: /x" of its last group and lose "Allow: /x/y": /x/y would turn disallowed.
    assertNoFix('|User-agent: A\n\nUser-agent: B\nDisallow: /x\nAllow: /x/y\n\nUser-agent: A\nDisallow: /x', 'detached-group', /own group/);
  });
  test('a typo of User-agent between two rules of a group is not renamed', () => {
    // The Allow after it would leave A's group: A would lose it.
    assertFix('User-agent: A\nDisallow: /x\n|User-agnet: B\nAllow: /x/y', 'unknown-directive', null);
  });
  test('an Allow that also reaches /robots.txt?x is not removed', () => {
    assertFix('User-agent: *\nDisallow: /\n|Allow: /robots.txt', 'robots-txt-path', null);
  });
  test('a fix that makes rules take effect says so, and which', () => {
    const take = (marked: string, id: LintId): readonly string[] => {
      const { text } = unmark(marked);
      return (lint(parseRobots(text)).find((f) => f.id === id)?.fixes ?? []).filter((f) => f.takesEffect).map((f) => f.title);
    };
    assert.deepEqual(take('User-agent: *\nDisallow: private/', 'pattern-never-matches'), ['Prefix "/": "/private/"']);
    assert.deepEqual(take('Disallow: /x\nUser-agent: A', 'rule-outside-group'), ['Insert "User-agent: *" above line 1']);
    assert.deepEqual(take('User-agent: Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\nDisallow: /x', 'user-agent-token-misread'), [
      'Replace with "bingbot" (the group then applies to "bingbot", not to "Mozilla")',
    ]);
    assert.deepEqual(take('User-agent: *\nDisalllow: /x', 'unknown-directive'), ['Rename to "Disallow"']);
    // Fixes that change no verdict do not say they do.
    assert.deepEqual(take('User-agent: AB42bot\nDisallow: /x', 'user-agent-token-misread'), []);
    assert.deepEqual(take('User-agent: *\nCrawl delay: 5', 'unknown-directive'), []);
  });
});

describe('shadowed by Google’s index.html rule', () => {
  test('the message names the implicit directory rule', () => {
    const findings = lint(parseRobots('User-agent: *\nDisallow: /dir/$\nAllow: /dir/index.html\n')).filter((f) => f.id === 'shadowed-rule');
    assert.equal(findings.length, 1);
    assert.match(findings[0]!.message, /as also allowing \/dir\/ exactly/);
  });
});
