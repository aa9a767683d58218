import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { checkFixes } from '../support/fix-safety';
import type { FixSafetyReport } from '../support/fix-safety';

/**
 * Every quick fix of the catalogue, applied to robots.txt files written in the style of
 * real ones (test/fixtures/robots), and checked with the matcher: no fix turns an allowed
 * URL disallowed unless it sets out to make rules take effect, and then only through the
 * lines it writes; none closes a whole site (see test/support/fix-safety.ts). The same
 * check runs over folders of real files with `npm run lint-corpus -- DIR --fixes`.
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'robots');
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.txt')).sort();
const reports = new Map<string, FixSafetyReport>(files.map((name) => [name, checkFixes(readFileSync(join(FIXTURES, name)))]));

/** The lint ids that offer quick fixes: each must have its fixes applied by some fixture. */
const IDS_WITH_FIXES = [
  'crawl-delay-invalid',
  'detached-group',
  'detached-group-blocks-site',
  'duplicate-group',
  'empty-disallow-ignored',
  'google-only-spelling',
  'pattern-mojibake',
  'pattern-never-matches',
  'pattern-regex',
  'pattern-space',
  'percent-encoding-double',
  'percent-encoding-lower-case',
  'percent-encoding-non-ascii',
  'percent-encoding-stray-percent',
  'percent-encoding-unreserved',
  'redundant-rule',
  'robots-txt-path',
  'rule-outside-group',
  'shadowed-rule',
  'star-rules-not-inherited',
  'unknown-directive',
  'user-agent-token-misread',
  'user-agent-token-version',
];

describe('quick fixes never make things worse', () => {
  for (const [name, report] of reports) {
    test(name, () => {
      assert.ok(report.fixes > 0, 'the fixture offers fixes');
      assert.deepEqual(report.violations, [], `fixes of ${name} that make things worse`);
    });
  }

  test('the fixtures apply every kind of fix the catalogue offers', () => {
    const kinds = new Set<string>();
    for (const report of reports.values()) for (const kind of report.applied.keys()) kinds.add(kind);
    const ids = [...new Set([...kinds].map((kind) => kind.slice(0, kind.indexOf(':'))))].sort();
    assert.deepEqual(ids, IDS_WITH_FIXES);
    // The fixes that change verdicts on purpose, each of its own kind.
    for (const kind of [
      'rule-outside-group: Insert "…" above line N',
      'pattern-never-matches: Prefix "…": "…"',
      'pattern-never-matches: Prefix "…" to the N patterns',
      'pattern-never-matches: Start the N patterns with a plain "…"',
      'star-rules-not-inherited: Copy the N * rules … lacks into this group',
      'unknown-directive: Rename to "…"',
      'unknown-directive: Remove the invisible character: "…"',
      'user-agent-token-misread: Replace with "…" (the group then applies to "…", not to "…")',
      'percent-encoding-stray-percent: Write "…"',
      'detached-group: Give … their own group ("…")',
    ]) {
      assert.ok(kinds.has(kind), `no fixture applies ${kind}; applied:\n${[...kinds].sort().join('\n')}`);
    }
  });

  test('fixes that make rules take effect were put to the test', () => {
    // Not vacuous: those fixes did disallow URLs, and each such verdict was checked.
    const newly = [...reports.values()].reduce((sum, r) => sum + r.newlyDisallowed, 0);
    const taking = [...reports.values()].reduce((sum, r) => sum + r.takingEffect, 0);
    assert.ok(taking >= 10, `${taking} fixes take effect`);
    assert.ok(newly >= 100, `${newly} verdicts turned disallowed`);
  });
});
