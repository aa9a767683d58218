import assert from 'node:assert/strict';
import { test } from 'node:test';
import { effectivePreferences } from '@robots-lens/kernel/preferences';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { preferencesDto, verdictDto } from '../../server/src/features/wire/verdicts';
import { verdictReport } from '../../client/src/verdict-report';
import { matrixView } from '../../client/src/panels/matrix/view';

const ROBOTS = 'User-agent: *\nDisallow: /never/\nContent-Usage: /ai-ok/ train-ai=y\nContent-Signal: ai-train=no\n';

function reportOf(path: string): string[] {
  const file = parseRobots(ROBOTS);
  const verdict = matcherFor(file).decide(path, 'ExampleBot');
  const lines = ROBOTS.split('\n');
  return verdictReport({ ...verdictDto(verdict), preferences: preferencesDto(effectivePreferences(file, verdict)) }, (l) => lines[l], { parserNotes: false });
}

test('the Test URL report says the preferences in effect under the verdict', () => {
  assert.ok(reportOf('/ai-ok/a').includes('  Preferences: Content-Usage (line 3): train-ai allowed, search unknown; Content-Signal (line 4): search=not stated, ai-input=not stated, ai-train=no'));
  assert.ok(reportOf('/never/a').includes('  Preferences: not applicable: not crawlable'));
});

test('a matrix cell tooltip ends with its preferences', () => {
  const view = matrixView(
    { paths: ['/a'], rows: [{ agent: 'ExampleBot', token: 'ExampleBot', group: null, cells: [{ outcome: 'allowed', allowed: true, line: null, reason: 'no-group', preferences: 'none stated' }] }] },
    { documentName: 'robots.txt', version: 1, saved: 'saved', customPaths: true, lineText: () => undefined },
  );
  assert.match(view.rows[0]!.cells[0]!.tooltip, /Preferences: none stated\.$/);
});
