import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { Finding, LintId } from '@robots-lens/editor/lint';
import { unmark } from '../support/cursor';

/** The rules of the preference lines' syntax and of paths they cannot apply to. */
const SYNTAX_IDS: readonly LintId[] = [
  'content-signal-unknown', 'content-usage-invalid', 'content-usage-unknown-label', 'content-usage-repeated-label',
  'content-usage-no-effect', 'license-not-absolute', 'preference-outside-group',
];
/** The rules comparing what the preferences ask with what the rules do. */
const MEANING_IDS: readonly LintId[] = ['ai-train-no-but-allowed', 'ai-train-yes-but-disallowed', 'content-signal-conflict'];

function show(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.id}@${f.span.start} ${f.severity} ${f.message}`).join('\n') || '(none)';
}

/**
 * The findings of the preference rules start exactly at the `|` markers, with these ids in
 * order, and their messages match; other rules may report what they like.
 */
function assertPreferenceLint(marked: string, ids: readonly LintId[], message?: RegExp, among: readonly LintId[] = SYNTAX_IDS): Finding[] {
  const { text, offsets } = unmark(marked);
  // A check that throws must fail the test, not pass for one that found nothing.
  const found = lint(parseRobots(text), { onCheckError: (error) => { throw error; } }).filter((f) => among.includes(f.id));
  assert.deepEqual(found.map((f) => [f.id, f.span.start]), ids.map((id, i) => [id, offsets[i]]), show(found));
  if (message) for (const f of found) assert.match(f.message, message);
  return found;
}

describe('Content-Signal syntax', () => {
  const table: Array<[string, string, LintId[], RegExp?]> = [
    ["Cloudflare's line is clean", 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /', []],
    ['all three keys, any case of value', 'User-agent: *\nContent-Signal: search=YES,ai-input=no, ai-train=No', []],
    ['an unknown key, with the nearest known one', 'User-agent: *\nContent-Signal: search=yes, |search-ai=no', ['content-signal-unknown'], /"search-ai" is not a Content-Signal key.*nearest is "search"/],
    ['a typo of a key', 'User-agent: *\nContent-Signal: |ai-trian=no', ['content-signal-unknown'], /nearest is "ai-train"/],
    ['an unknown value, with the nearest known one', 'User-agent: *\nContent-Signal: ai-train=|conditional', ['content-signal-unknown'], /"conditional" is not a Content-Signal value, so ai-train states nothing.*nearest is "no"/],
    ['a key without a value', 'User-agent: *\nContent-Signal: |search', ['content-signal-unknown'], /no value/],
    // Cloudflare's managed robots.txt writes a use level beside the signals: a key, not a mistake.
    ["Cloudflare's use level is a key", 'User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /', []],
    ['every use level, any case', 'User-agent: *\nContent-Signal: use=immediate\nContent-Signal: use=Full', []],
    ['a use level that is none', 'User-agent: *\nContent-Signal: use=|referenced', ['content-signal-unknown'], /^"referenced" is not a Content-Signal use level, so use states nothing; the levels are immediate, reference and full\. The nearest is "reference"\.$/],
    ['use takes a level, not yes', 'User-agent: *\nContent-Signal: use=|yes', ['content-signal-unknown'], /the levels are immediate, reference and full/],
    ['a use without a level', 'User-agent: *\nContent-Signal: |use', ['content-signal-unknown'], /"use" has no value, so it states nothing; the levels are/],
    ['a typo of use', 'User-agent: *\nContent-Signal: |uses=full', ['content-signal-unknown'], /the keys are search, ai-input, ai-train, use\. The nearest is "use"/],
  ];
  for (const [name, marked, ids, message] of table) test(name, () => void assertPreferenceLint(marked, ids, message));

  test('the unknown key can be renamed to the nearest known one', () => {
    const { text } = unmark('User-agent: *\nContent-Signal: search-ai=no');
    const finding = lint(parseRobots(text)).find((f) => f.id === 'content-signal-unknown')!;
    const edit = finding.fixes![0]!.edits[0]!;
    assert.equal(text.slice(0, edit.span.start) + edit.newText + text.slice(edit.span.end), 'User-agent: *\nContent-Signal: search=no');
  });
});

describe('Content-Usage syntax', () => {
  const table: Array<[string, string, LintId[], RegExp?]> = [
    ['clean, with and without a path', 'User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y, search=y', []],
    ['a dictionary that does not parse', 'User-agent: *\n|Content-Usage: train-ai=n;; search', ['content-usage-invalid'], /not a Structured Fields Dictionary.*every preference of this line is unknown/],
    ['upper-case labels do not parse', 'User-agent: *\n|Content-Usage: Train-AI=n', ['content-usage-invalid']],
    ['a path not starting with /', 'User-agent: *\n|Content-Usage: ai-ok/ train-ai=y', ['content-usage-invalid'], /path starts with "\/".*Write "\/ai-ok\/"/],
    ['a wildcard path not starting with /', 'User-agent: *\n|Content-Usage: *.pdf train-ai=n', ['content-usage-invalid'], /Write "\/\*\.pdf"/],
    ['an unknown label, with the revision', 'User-agent: *\nContent-Usage: train-ai=n, |ai-use=n', ['content-usage-unknown-label'], /"ai-use" is not a Content-Usage label.*draft-ietf-aipref-attach-05/],
    ['a label given twice, conflicting', 'User-agent: *\nContent-Usage: |train-ai=n, train-ai=y', ['content-usage-repeated-label'], /given twice with different values/],
    ['a label given twice, the same', 'User-agent: *\nContent-Usage: /a |search=y, search=y', ['content-usage-repeated-label'], /one is enough/],
  ];
  for (const [name, marked, ids, message] of table) test(name, () => void assertPreferenceLint(marked, ids, message));
});

describe('License', () => {
  const table: Array<[string, string, LintId[], RegExp?]> = [
    ['an absolute URL anywhere, repeated', 'License: https://example.com/license.xml\nUser-agent: *\nDisallow: /x\nLicense: http://rsl.example.org/feed', []],
    ['a relative URL', 'License: |/license.xml', ['license-not-absolute'], /absolute http\(s\) URL/],
    ['not http(s)', 'License: |ftp://example.com/l.xml', ['license-not-absolute']],
  ];
  for (const [name, marked, ids, message] of table) test(name, () => void assertPreferenceLint(marked, ids, message));

  test('License is a known directive, not an unknown one', () => {
    assert.deepEqual(lint(parseRobots('License: https://example.com/l.xml\nUser-agent: *\nDisallow: /x')).map((f) => f.id), []);
  });
});

describe('preferences outside any group', () => {
  const table: Array<[string, string, LintId[], RegExp?]> = [
    ['Content-Signal before any User-agent', '|Content-Signal: ai-train=no\nUser-agent: *\nAllow: /', ['preference-outside-group'], /belongs to no group/],
    ['Content-Usage before any User-agent', '|Content-Usage: train-ai=n\n\nUser-agent: *\nAllow: /', ['preference-outside-group']],
    ['inside the group: nothing', 'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n', []],
  ];
  for (const [name, marked, ids, message] of table) test(name, () => void assertPreferenceLint(marked, ids, message));
});

describe('Content-Usage on a path the group disallows', () => {
  const table: Array<[string, string, LintId[], RegExp?]> = [
    ['the draft example: no finding', 'User-agent: *\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y', []],
    ['under a Disallow', 'User-agent: *\nDisallow: /never/\n|Content-Usage: /never/x train-ai=y', ['content-usage-no-effect'], /Line 2 \(Disallow: \/never\/\) disallows every URL under \/never\/x.*no effect/],
    ['no path in a group that disallows everything', 'User-agent: GPTBot\nDisallow: /\n|Content-Usage: train-ai=n', ['content-usage-no-effect'], /every URL of this group/],
    ['an Allow as long that reopens part of it: no finding', 'User-agent: *\nDisallow: /never/\nAllow: /never/open\nContent-Usage: /never/ train-ai=y', []],
    ['a shorter Allow does not reopen it', 'User-agent: *\nAllow: /ne\nDisallow: /never/\n|Content-Usage: /never/ train-ai=y', ['content-usage-no-effect']],
    ['Google\'s index.html rule reopens the directory: no finding', 'User-agent: *\nDisallow: /d/\nAllow: /d/index.html\nContent-Usage: /d/ train-ai=y', []],
    ['Google\'s index.html rule reopens the directory itself: no finding', 'User-agent: *\nDisallow: /d/\nAllow: /d/index.html\nContent-Usage: /d/$ train-ai=y', []],
    ['a path only partly disallowed: no finding', 'User-agent: *\nDisallow: /a/b\nContent-Usage: /a/ train-ai=y', []],
    [
      'merged groups: disallowed for one of the crawlers only: no finding',
      'User-agent: a\nUser-agent: b\nDisallow: /\nContent-Usage: train-ai=n\n\nUser-agent: b\nAllow: /',
      [],
    ],
  ];
  for (const [name, marked, ids, message] of table) test(name, () => void assertPreferenceLint(marked, ids, message));
});

describe('what the preferences say against what the rules do', () => {
  const table: Array<[string, string, LintId[], RegExp?]> = [
    [
      'ai-train=no while training crawlers may fetch: name them',
      'User-agent: *\n|Content-Signal: search=yes, ai-train=no\nAllow: /',
      ['ai-train-no-but-allowed'],
      /This asks for no AI training, yet GPTBot, ClaudeBot, .* and \d+ more, whose only purpose is AI training, may fetch \//,
    ],
    ['train-ai=n too', 'User-agent: *\n|Content-Usage: train-ai=n\nAllow: /', ['ai-train-no-but-allowed'], /GPTBot/],
    ['a Content-Usage with a path is not the whole group', 'User-agent: *\nContent-Usage: /blog/ train-ai=n\nAllow: /', []],
    ['the training crawlers are kept out by rules: nothing to say', 'User-agent: *\nContent-Signal: ai-train=no\nDisallow: /', []],
    [
      'only crawlers of that group are named',
      'User-agent: GPTBot\nDisallow: /\n\nUser-agent: ClaudeBot\n|Content-Signal: ai-train=no\nAllow: /',
      ['ai-train-no-but-allowed'],
      /yet ClaudeBot, whose only purpose/,
    ],
    [
      'ai-train=yes in * while a training crawler is disallowed',
      'User-agent: *\n|Content-Signal: ai-train=yes\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /',
      ['ai-train-yes-but-disallowed'],
      /This says ai-train=yes, yet GPTBot, whose only purpose is AI training, may not fetch \/ \(line 6 decides\)/,
    ],
    [
      'several training crawlers kept out by different lines',
      'User-agent: *\n|Content-Signal: ai-train=yes\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: ClaudeBot\nDisallow: /',
      ['ai-train-yes-but-disallowed'],
      /yet GPTBot, ClaudeBot, .*\(lines 6, 9 decide\)/,
    ],
    ['ai-train=yes and every training crawler may fetch: nothing', 'User-agent: *\nContent-Signal: ai-train=yes\nAllow: /', []],
    [
      'merged groups that say yes and no',
      'User-agent: GPTBot\nContent-Signal: search=yes\nDisallow: /private/\n\nUser-agent: Bingbot\nAllow: /\n\nUser-agent: GPTBot\n|Content-Signal: search=no',
      ['content-signal-conflict'],
      /line 2 says search=yes, this line says search=no\. Read most restrictively, search=no\./,
    ],
    ['merged groups that agree: nothing', 'User-agent: GPTBot\nContent-Signal: search=yes\nDisallow: /private/\n\nUser-agent: Bingbot\nAllow: /\n\nUser-agent: GPTBot\nContent-Signal: search=yes, ai-input=no', []],
    ['two groups of different crawlers may differ', 'User-agent: GPTBot\nContent-Signal: search=yes\nDisallow: /\n\nUser-agent: Bingbot\nContent-Signal: search=no\nAllow: /', []],
  ];
  for (const [name, marked, ids, message] of table) test(name, () => void assertPreferenceLint(marked, ids, message, MEANING_IDS));
});
