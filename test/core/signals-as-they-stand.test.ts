// Signals as they stand (issue 34, item 13): Content-Signal's use level, AIPREF labels that
// later vocabulary revisions removed, and DisallowAITraining / AllowAITraining lines — what
// each is read as, by the verdict, the preferences and lint.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { aiTrainingKey, effectivePreferences, preferencesText, preferenceStatements, removedUsageLabel, statesPreferences } from '@robots-lens/kernel/preferences';
import { applyEdits, assertFix, cases } from '../support/lint';

describe('Content-Signal use level', () => {
  const table: ReadonlyArray<[value: string, use: string | null]> = [
    ['search=yes,ai-train=no,use=reference', 'reference'],
    ['use=immediate', 'immediate'],
    ['USE=Full', 'full'],
    ['use=yes', null],
    ['use=', null],
    ['use=full, use=immediate', 'immediate'],
    ['search=yes', null],
  ];
  for (const [value, use] of table) {
    test(`Content-Signal: ${value} → use ${use ?? 'none'}`, () => {
      const file = parseRobots(`User-agent: *\nContent-Signal: ${value}\n`);
      assert.equal(preferenceStatements(file).contentSignals[0]!.use, use);
    });
  }

  test('the use level is said beside the verdict only where a line states one', () => {
    const text = (value: string) => {
      const file = parseRobots(`User-agent: *\nContent-Signal: ${value}\nAllow: /\n`);
      return preferencesText(effectivePreferences(file, matcherFor(file).decide('/a', 'ExampleBot')));
    };
    assert.equal(text('search=yes,ai-train=no,use=reference'), 'Content-Signal (line 2): search=yes, ai-input=not stated, ai-train=no, use=reference');
    assert.equal(text('search=yes,ai-train=no'), 'Content-Signal (line 2): search=yes, ai-input=not stated, ai-train=no');
  });
});

describe('AIPREF labels later revisions removed', () => {
  // Read from the mapping table of each tagged revision of draft-ietf-aipref-vocab.
  const table: ReadonlyArray<[label: string, category: string, definedIn: string, removedIn: string]> = [
    ['ai-use', 'AI Use', 'draft-ietf-aipref-vocab-02', 'draft-ietf-aipref-vocab-03'],
    ['all', 'Automated Processing', 'draft-ietf-aipref-vocab-02', 'draft-ietf-aipref-vocab-03'],
    ['bots', 'Automated Processing', 'draft-ietf-aipref-vocab-03 to -04', 'draft-ietf-aipref-vocab-05'],
    ['train-genai', 'Generative AI Training', 'draft-ietf-aipref-vocab-02 to -03', 'draft-ietf-aipref-vocab-04'],
  ];
  for (const [label, category, definedIn, removedIn] of table) {
    test(`${label}: ignored, and named with the revision that removed it`, () => {
      assert.deepEqual(removedUsageLabel(label), { category, definedIn, removedIn, text: `"${label}" was the ${category} label of ${definedIn}, removed in ${removedIn}` });
      const file = parseRobots(`User-agent: *\nContent-Usage: train-ai=n, ${label}=n\n`);
      assert.deepEqual(preferenceStatements(file).contentUsage[0]!.unknownLabels, [label]);
      const finding = lint(file).find((f) => f.id === 'content-usage-unknown-label');
      assert.ok(finding);
      assert.match(finding.message, new RegExp(`^"${label}" is not a Content-Usage label in this revision \\(known: train-ai, search\\); it is ignored\\. "${label}" was the ${category} label of ${definedIn.replace(/-/g, '\\-')}, removed in ${removedIn.replace(/-/g, '\\-')}\\. Read per draft-ietf-aipref-attach-05`));
    });
  }
  test('a label no revision had is only unknown', () => {
    assert.equal(removedUsageLabel('foo'), undefined);
    assert.equal(removedUsageLabel('toString'), undefined);
    const finding = lint(parseRobots('User-agent: *\nContent-Usage: foo=n\n')).find((f) => f.id === 'content-usage-unknown-label');
    assert.match(finding!.message, /^"foo" is not a Content-Usage label in this revision \(known: train-ai, search\); it is ignored\. Read per /);
  });
});

describe('DisallowAITraining and AllowAITraining', () => {
  // Google's parser reads a key that starts with "disallow" / "allow" as that rule (robots.cc,
  // KeyIsDisallow / KeyIsAllow), and the verdict follows Google (docs/spec/robots-semantics.md §1).
  const verdicts: ReadonlyArray<[robots: string, agent: string, path: string, allowed: boolean]> = [
    ['User-agent: *\nDisallowAITraining: /', 'Googlebot', '/page', false],
    ['User-agent: *\nDisallowAITraining: /', 'GPTBot', '/page', false],
    ['User-agent: *\nDisallowAITraining: /private/', 'Googlebot', '/page', true],
    ['User-agent: *\nDisallow: /\nAllowAITraining: /', 'Googlebot', '/page', true],
    ['User-agent: *\ndisallowaitraining:', 'Googlebot', '/page', true],
  ];
  for (const [robots, agent, path, allowed] of verdicts) {
    test(`${JSON.stringify(robots)}: ${agent} ${path} is ${allowed ? 'allowed' : 'disallowed'}, as Google reads it`, () => {
      const file = parseRobots(robots);
      assert.equal(matcherFor(file).decide(path, agent).outcome, allowed ? 'allowed' : 'disallowed');
    });
  }

  test('they are never a preference', () => {
    const file = parseRobots('User-agent: *\nDisallowAITraining: /\nAllowAITraining: /ok/\n');
    assert.equal(statesPreferences(file), false);
    assert.deepEqual(preferenceStatements(file), { contentUsage: [], contentSignals: [], licenses: [] });
  });

  test('which lines are named as the proposal', () => {
    const file = parseRobots('User-agent: *\nDisallowAITraining: /\nallowaitraining: /x\nDisallowed: /y\nDisallow: /z\nDisallowAITrainingNow: /w\n');
    assert.deepEqual(file.lines.map((line) => aiTrainingKey(line)?.key ?? null), [null, 'DisallowAITraining', 'AllowAITraining', null, null, null]);
  });
});

cases(
  'ai-training-directive',
  [
    [
      'DisallowAITraining: / is Disallow: / for Google',
      'User-agent: *\n|DisallowAITraining: /',
      {
        severity: 'warning',
        message:
          /^"DisallowAITraining" is a proposed AI-training key that no crawler operator documents reading, so no crawler takes it as a preference\. Google's parser reads any key that starts with "Disallow" as Disallow, so this line is "Disallow: \/" for Googlebot, and for this tool's verdicts, which follow Google: it keeps the group's crawlers out of the whole site\. Parsers that read keys strictly ignore it\./,
      },
    ],
    ['a path', 'User-agent: *\n|DisallowAITraining: /articles/', { message: /"Disallow: \/articles\/" for Googlebot.*out of the URLs it matches\./ }],
    ['AllowAITraining is an Allow', 'User-agent: *\nDisallow: /\n|AllowAITraining: /', { message: /"Allow: \/" for Googlebot.*fetch the URLs it matches, over any Disallow no longer than it\./ }],
    ['empty', 'User-agent: *\nDisallow: /x\n|DisallowAITraining:', { message: /"Disallow:" for Googlebot.*it matches nothing\./ }],
    ['any case', 'User-agent: *\n|disallowaitraining: /'],
    ['other prefix keys are google-only-spelling', 'User-agent: *\nDisallowed: /x'],
  ],
  [
    ['say the training preference instead', 'User-agent: *\nDisallowAITraining: / # no AI', 'User-agent: *\nContent-Usage: / train-ai=n # no AI'],
    ['no fix for AllowAITraining: removing an Allow can block', 'User-agent: *\nDisallow: /\nAllowAITraining: /', null],
  ],
);

test('google-only-spelling does not offer "Disallow: /" for a DisallowAITraining line', () => {
  const findings = lint(parseRobots('User-agent: *\nDisallowAITraining: /\nDisallowed: /x\n'));
  const spelling = findings.filter((f) => f.id === 'google-only-spelling');
  assert.equal(spelling.length, 1);
  assert.match(spelling[0]!.message, /^Google reads "Disallowed" as Disallow/);
  assertFix('User-agent: *\nDisallowed: /x', 'google-only-spelling', 'User-agent: *\nDisallow: /x');
  // The fixed file states a training preference and has no Disallow left for Googlebot.
  const text = 'User-agent: *\nDisallowAITraining: /\n';
  const fix = findings.find((f) => f.id === 'ai-training-directive')!.fixes![0]!;
  const fixed = parseRobots(applyEdits(text, fix.edits));
  assert.equal(matcherFor(fixed).decide('/page', 'Googlebot').outcome, 'allowed');
  assert.equal(preferenceStatements(fixed).contentUsage[0]!.preferences['train-ai'], 'disallowed');
});
