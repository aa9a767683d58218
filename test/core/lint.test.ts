// The lint table as a whole: every rule reports, default severities, findings carry them, and
// no quick fix widens what a rule blocks. The cases of each rule are in lint-*.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GOOGLE_SIZE_LIMIT_BYTES, parseRobots } from '@robots-lens/kernel/parse';
import { LINT_RULES, lint } from '@robots-lens/editor/lint';
import { GOOGLE_MAX_LINE_BYTES } from '@robots-lens/kernel/parse';
import type { LintId } from '@robots-lens/editor/lint';
import { assertLint, assertFix, assertNoFix, applyEdits } from '../support/lint';
import { unmark } from '../support/cursor';

describe('the whole catalogue', () => {
  /** Files that, between them, make every rule of the table report. */
  const samples = [
    'Disallow: /orphan\nUser-agent: Yandex\n\nDisallow: /search\nDisallow:\nDisallow: /search\nDisallow: /search/x',
    'User-agent: Googlebot/2.1\nDisalllow: /x\nDissallow: /y\nDisallow: private/\nCrawl-delay: 5\nNoindex: /z\nSitemap: /s.xml',
    'Sitemap: https://example.com/a b.xml',
    'User-agent: *\nDisallowAITraining: /\n',
    'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nCrawl-delay: 1\n',
    'User-agent: *\nDisallow: /a$b\nDisallow: /%62\nDisallow: /robots.txt$\nDisallow: /backup/\n\nUser-agent: Foo\nDisallow: /f\n\nUser-agent: foo',
    'User-agent: Google-Extended\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: MJ12bot\nDisallow: /',
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
      'user-agent-token-documented': 'information',
      'user-agent-token-version': 'hint',
      'user-agent-retired': 'information',
      'user-agent-near-miss': 'information',
      'star-rules-not-inherited': 'information',
      'named-group-without-rules': 'warning',
      'duplicate-group': 'hint',
      'control-token': 'information',
      'crawl-delay-support': 'information',
      'crawl-delay-invalid': 'error',
      'crawl-delay-conflict': 'warning',
      'unsupported-directive': 'warning',
      'sitemap-not-absolute': 'error',
      'sitemap-unencoded-space': 'warning',
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
      'ai-training-directive': 'warning',
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
