// The editor's hover lists a diagnostic, with all its related locations, above the hover text: on a
// User-agent line 19 "Does not apply to Googlebot." lines hid the crawler facts. The finding sits on
// the key, so the token's hover shows the facts alone; and related locations are shown one by one
// up to three, the rest counted, their lines named, in one more entry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { toDiagnostic } from '../../server/src/features/diagnostics';
import { parsedDocument } from '../support/features';

const STAR = ['User-agent: *', ...Array.from({ length: 8 }, (_, i) => `Disallow: /archive-${i + 1}/`)];

function starRulesDiagnostic(text: string) {
  const parsed = parsedDocument(text);
  const finding = lint(parsed.file).find((f) => f.id === 'star-rules-not-inherited');
  assert.ok(finding, 'no star-rules-not-inherited finding');
  return { parsed, finding, diagnostic: toDiagnostic(parsed, finding) };
}

test('the finding about the * rules covers the User-agent key, not the token whose hover tells of the crawler', () => {
  const { parsed, diagnostic } = starRulesDiagnostic([...STAR, '', 'User-agent: Googlebot', 'Disallow: /tmp/'].join('\n'));
  assert.equal(parsed.document.getText(diagnostic.range), 'User-agent');
  assert.equal(diagnostic.range.start.line, 10);
});

test('eight related lines: the first three, then one entry counting and naming the other five', () => {
  const { finding, diagnostic } = starRulesDiagnostic([...STAR, '', 'User-agent: Googlebot', 'Disallow: /tmp/'].join('\n'));
  assert.equal(finding.related?.length, 8, 'the finding keeps every related line');
  const related = diagnostic.relatedInformation ?? [];
  assert.deepEqual(
    related.map((r) => [r.location.range.start.line + 1, r.message]),
    [
      [2, 'Does not apply to Googlebot.'],
      [3, 'Does not apply to Googlebot.'],
      [4, 'Does not apply to Googlebot.'],
      [5, '5 more lines (5, 6, 7, 8, 9): Does not apply to Googlebot.'],
    ],
  );
});

test('four related lines are all shown: folding one line would save nothing', () => {
  const { diagnostic } = starRulesDiagnostic([...STAR.slice(0, 5), '', 'User-agent: Googlebot', 'Disallow: /tmp/'].join('\n'));
  assert.deepEqual((diagnostic.relatedInformation ?? []).map((r) => r.message), Array(4).fill('Does not apply to Googlebot.'));
});
