/**
 * `robots-lens lint`: the language server's diagnostics for files on disk, as text,
 * JSON or SARIF 2.1.0 (for code scanning in CI pipelines).
 */

import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, Result } from 'sarif';
import { lint, lintRule, LINT_RULES } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import { plural } from '@robots-lens/kernel/words';
import type { Finding } from '@robots-lens/editor/lint';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { readRobotsFile } from '../../node/robots-file';
import { ExitCode } from '../exit-code';
import { Output, reportError, styled } from '../output';
import type { Piece, Style } from '../output';
import { positionAt } from '../positions';
import type { Args, CommandIo } from '../spec';
import type { LINT } from '../specs/lint';
import { UsageError } from '../usage-error';

export interface LintRecord {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Finding['severity'];
  code: string;
  message: string;
}

export async function runLint({ values, positionals }: Args<typeof LINT.options>, io: CommandIo): Promise<ExitCode> {
  // --json is every command's way to ask for JSON; --format json says the same.
  if (values.json && values.format !== 'text' && values.format !== 'json') throw new UsageError(`--json and --format ${values.format} ask for two outputs: give one.`);
  const format = values.json ? 'json' : values.format;
  if (format !== 'text' && format !== 'json' && format !== 'sarif') {
    throw new UsageError(`--format must be text, json or sarif, not "${format}".`);
  }
  if (positionals.length === 0) throw new UsageError('give at least one robots.txt file, e.g. robots-lens lint robots.txt');

  const records: LintRecord[] = [];
  for (const path of positionals) {
    const input = await readRobotsFile(path, undefined, undefined, 'read');
    if (input.notice) reportError('lint', input.notice);
    if (input.binary !== undefined) {
      // One binary file among many is a finding on that file; the others are still linted.
      records.push(binaryRecord(path, input.binary));
      continue;
    }
    const file = parseRobots(input.bytes);
    for (const finding of lint(file)) records.push(toRecord(path, file, finding));
  }
  const out = new Output(io.stdout);
  if (format === 'json') await out.json(records, 2);
  else if (format === 'sarif') await out.json(toSarif(records), 2);
  else {
    for (const record of records) await out.line(...formatRecord(record));
    await out.line(summaryLine(records));
  }
  await out.flush();
  return records.some((r) => r.severity === 'error') ? ExitCode.Finding : ExitCode.Success;
}

/** Not a rule of the catalogue (it is about the file, not its lines): the CLI's own finding. */
export const BINARY_FILE = { id: 'binary-file', title: 'Binary data, not text', description: 'The file is binary data (compressed, an image, NUL bytes), not robots.txt text: crawlers read the lines they can parse from it, usually none, so everything is allowed.' } as const;

function binaryRecord(path: string, why: string): LintRecord {
  return { file: path, line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', code: BINARY_FILE.id, message: `The file is binary data, not text (${why}): crawlers read the lines they can parse from it, usually none, so everything is allowed.` };
}

/** "3 errors, 5 warnings in 2 files", or "no problems". */
export function summaryLine(records: readonly LintRecord[]): string {
  if (records.length === 0) return 'no problems';
  const count = (severities: readonly Finding['severity'][]): number => records.filter((r) => severities.includes(r.severity)).length;
  const parts = [
    [count(['error']), 'error'],
    [count(['warning']), 'warning'],
    [count(['information', 'hint']), 'note'],
  ] as const;
  return `${parts.filter(([n]) => n > 0).map(([n, word]) => plural(n, word)).join(', ')} in ${plural(new Set(records.map((r) => r.file)).size, 'file')}`;
}

function toRecord(path: string, file: RobotsFile, finding: Finding): LintRecord {
  const start = positionAt(file, finding.span.start);
  const end = positionAt(file, finding.span.end);
  return {
    file: path,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    severity: finding.severity,
    code: finding.id,
    message: finding.message,
  };
}

const SEVERITY_STYLE: Readonly<Record<Finding['severity'], Style>> = {
  error: 'error',
  warning: 'warning',
  information: 'note',
  hint: 'dim',
};

function formatRecord(r: LintRecord): Piece[] {
  return [`${r.file}:${r.line}:${r.column} `, styled(SEVERITY_STYLE[r.severity], r.severity), ` ${r.code} ${r.message}`];
}

const SARIF_LEVEL: Readonly<Record<Finding['severity'], Result.level>> = {
  error: 'error',
  warning: 'warning',
  information: 'note',
  hint: 'note',
};

/** A SARIF 2.1.0 log with one run; rules carry the catalogue's titles and descriptions. */
export function toSarif(records: readonly LintRecord[]): Log {
  const ruleIndex = new Map([...LINT_RULES.map((rule, i) => [rule.id as string, i] as const), [BINARY_FILE.id, LINT_RULES.length] as const]);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'robots-lens',
            informationUri: 'https://www.rfc-editor.org/rfc/rfc9309',
            rules: [
              ...LINT_RULES.map((rule) => ({
                id: rule.id,
                name: rule.id,
                shortDescription: { text: rule.title },
                fullDescription: { text: rule.description },
                defaultConfiguration: { level: SARIF_LEVEL[rule.severity] },
              })),
              { id: BINARY_FILE.id, name: BINARY_FILE.id, shortDescription: { text: BINARY_FILE.title }, fullDescription: { text: BINARY_FILE.description }, defaultConfiguration: { level: 'error' as const } },
            ],
          },
        },
        columnKind: 'utf16CodeUnits',
        results: records.map((r) => ({
          ruleId: r.code,
          ruleIndex: ruleIndex.get(r.code) ?? -1,
          level: SARIF_LEVEL[r.severity],
          message: { text: r.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: toUri(r.file) },
                region: { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn },
              },
            },
          ],
          properties: { severity: r.severity, title: r.code === BINARY_FILE.id ? BINARY_FILE.title : lintRule(r.code as Finding['id']).title },
        })),
      },
    ],
  };
}

/** SARIF wants URI references: absolute paths become file URLs, relative ones stay relative. */
function toUri(path: string): string {
  if (isAbsolute(path)) return pathToFileURL(path).href;
  return path.split('\\').join('/').split('/').map(encodeURIComponent).join('/');
}
