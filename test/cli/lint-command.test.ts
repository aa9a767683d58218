import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-lint-'));
const withError = join(dir, 'broken.txt');
writeFileSync(withError, 'Disallow: /orphan\nUser-agent: *\nDisallow: /x\nDisallow: /x\n');
const clean = join(dir, 'clean.txt');
writeFileSync(clean, 'User-agent: *\nDisallow: /private/\n');

interface JsonRecord {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
}

describe('robots-lens lint', () => {
  test('text output: file:line:col severity id message; exit 1 on errors', async () => {
    const { code, stdout } = await runCli(['lint', withError]);
    assert.equal(code, 1);
    const lines = stdout.trimEnd().split('\n');
    assert.ok(lines.some((l) => l.startsWith(`${withError}:1:1 error rule-outside-group `)), stdout);
    assert.ok(lines.some((l) => l.startsWith(`${withError}:4:1 warning shadowed-rule `)), stdout);
  });

  test('exit 0 when nothing is an error', async () => {
    const { code, stderr } = await runCli(['lint', clean]);
    assert.equal(code, 0, stderr);
  });

  test('--format json: one array for all files, 1-based positions', async () => {
    const { code, stdout } = await runCli(['lint', '--format', 'json', withError, clean]);
    assert.equal(code, 1);
    const records = JSON.parse(stdout) as JsonRecord[];
    assert.ok(Array.isArray(records));
    const orphan = records.find((r) => r.code === 'rule-outside-group')!;
    assert.deepEqual(orphan, {
      file: withError, line: 1, column: 1, endLine: 1, endColumn: 18, severity: 'error', code: 'rule-outside-group', message: orphan.message,
    });
    for (const r of records) {
      assert.ok(['error', 'warning', 'information', 'hint'].includes(r.severity));
      assert.ok(r.line >= 1 && r.column >= 1 && r.endLine >= r.line);
      assert.equal(Object.keys(r).sort().join(','), 'code,column,endColumn,endLine,file,line,message,severity');
    }
  });

  test('--format sarif: a SARIF 2.1.0 log', async () => {
    const { code, stdout } = await runCli(['lint', '--format', 'sarif', withError]);
    assert.equal(code, 1);
    assertSarifShape(JSON.parse(stdout));
  });

  const usage: Array<[string, string[], RegExp]> = [
    ['bad format', ['lint', '--format', 'xml', clean], /--format must be text, json or sarif/],
    ['no files', ['lint'], /at least one robots\.txt file/],
    ['missing file', ['lint', join(dir, 'missing.txt')], /no such robots\.txt file/],
  ];
  for (const [name, args, message] of usage) {
    test(`usage error: ${name} exits 2`, async () => {
      const { code, stderr } = await runCli(args);
      assert.equal(code, 2);
      assert.match(stderr, message);
    });
  }
});

/**
 * The parts of the SARIF 2.1.0 schema a code-scanning service relies on: required
 * properties, types and enumerations (sarif-schema-2.1.0.json).
 */
function assertSarifShape(log: unknown): void {
  const obj = (v: unknown, where: string): Record<string, unknown> => {
    assert.ok(typeof v === 'object' && v !== null && !Array.isArray(v), `${where} must be an object`);
    return v as Record<string, unknown>;
  };
  const root = obj(log, 'log');
  assert.equal(root.version, '2.1.0');
  assert.equal(typeof root.$schema, 'string');
  assert.ok(Array.isArray(root.runs) && root.runs.length === 1);
  const run = obj(root.runs[0], 'run');
  const driver = obj(obj(run.tool, 'tool').driver, 'driver');
  assert.equal(typeof driver.name, 'string');
  assert.ok(Array.isArray(driver.rules));
  const ruleIds = (driver.rules as unknown[]).map((r, i) => {
    const rule = obj(r, `rule ${i}`);
    assert.equal(typeof rule.id, 'string');
    assert.equal(typeof obj(rule.shortDescription, 'shortDescription').text, 'string');
    return rule.id as string;
  });
  assert.ok(Array.isArray(run.results) && run.results.length > 0);
  for (const [i, r] of (run.results as unknown[]).entries()) {
    const result = obj(r, `result ${i}`);
    assert.equal(typeof obj(result.message, 'message').text, 'string');
    assert.ok(['none', 'note', 'warning', 'error'].includes(result.level as string));
    assert.ok(ruleIds.includes(result.ruleId as string));
    assert.equal(ruleIds[result.ruleIndex as number], result.ruleId);
    const location = obj(obj((result.locations as unknown[])[0], 'location').physicalLocation, 'physicalLocation');
    assert.match(obj(location.artifactLocation, 'artifactLocation').uri as string, /^file:\/\//);
    const region = obj(location.region, 'region');
    for (const key of ['startLine', 'startColumn', 'endLine', 'endColumn']) {
      assert.ok(Number.isInteger(region[key]) && (region[key] as number) >= 1, `${key} must be an integer ≥ 1`);
    }
  }
}
