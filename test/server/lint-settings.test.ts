import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LINT_RULES } from '@robots-lens/editor/lint';
import type { LintRule } from '@robots-lens/editor/lint';
import { readLintSeverities } from '../../server/src/features/diagnostics';

/**
 * The `robotsLens.lint.<id>` settings of package.json are written from the rule table: one
 * per rule, in the table's order, with the rule's default severity and its title and
 * description. VS Code sends these defaults to the server as if the user had chosen them,
 * so they must give every rule exactly the severity of the table.
 */

const SETTING_OF_SEVERITY = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' } as const;

function lintSetting(rule: LintRule): Record<string, unknown> {
  return {
    type: 'string',
    enum: ['off', 'hint', 'info', 'warning', 'error'],
    enumDescriptions: ['Not reported.', 'Shown as a hint (faint dots, not in Problems).', 'Reported as information.', 'Reported as a warning.', 'Reported as an error.'],
    default: SETTING_OF_SEVERITY[rule.severity],
    scope: 'resource',
    markdownDescription: `**${rule.title}** (\`${rule.id}\`). ${rule.description}`,
  };
}

interface Manifest {
  readonly contributes: { readonly configuration: ReadonlyArray<{ readonly title: string; readonly properties: Record<string, Record<string, unknown>> }> };
}

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as Manifest;

function lintProperties(): Record<string, Record<string, unknown>> {
  const sections = manifest.contributes.configuration.filter((section) => Object.keys(section.properties).some((key) => key.startsWith('robotsLens.lint.')));
  assert.equal(sections.length, 1, 'the lint settings are one section of the manifest');
  return sections[0]!.properties;
}

test('package.json has one robotsLens.lint.<id> setting per rule of the table, written from its row', () => {
  const expected = Object.fromEntries(LINT_RULES.map((rule) => [`robotsLens.lint.${rule.id}`, lintSetting(rule)]));
  const properties = lintProperties();
  // On a mismatch, the message is the section's properties to paste into package.json.
  const message = `the lint settings of package.json should read:\n${JSON.stringify(expected, null, 2)}`;
  assert.deepEqual(Object.keys(properties), Object.keys(expected), message);
  assert.deepEqual(properties, expected, message);
});

test("the manifest's defaults, sent as settings, give every rule its severity of the table", () => {
  const lint = Object.fromEntries(Object.entries(lintProperties()).map(([key, property]) => [key.slice('robotsLens.lint.'.length), property.default]));
  const logged: string[] = [];
  const severities = readLintSeverities({ lint }, (line) => logged.push(line));
  assert.deepEqual(logged, []);
  assert.deepEqual(severities, Object.fromEntries(LINT_RULES.map((rule) => [rule.id, rule.severity])));
});
