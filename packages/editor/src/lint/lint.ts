/**
 * Runs every check on a parsed file and gives each finding its severity: the user's setting
 * for the rule, else the table's default. Checks report by id only. A check that throws is
 * a bug, but must not take the other diagnostics down with it.
 */

import type { RobotsFile } from '@robots-lens/kernel/parse';
import { CHECKS } from './checks';
import { analyzeRules } from './rule-analysis';
import { DEFAULT_SEVERITIES } from './severities';
import type { Finding, LintContext, LintId, Report, SeveritySetting } from './types';

export interface LintOptions {
  /** Severity per rule id, or `off`; rules not named keep their default. */
  readonly severities?: Partial<Record<LintId, SeveritySetting>>;
  /** Called when a check fails, so the server can log it. */
  readonly onCheckError?: (error: unknown) => void;
}

export function lint(file: RobotsFile, options: LintOptions = {}): Finding[] {
  const context: LintContext = { file, rules: analyzeRules(file) };
  const findings: Finding[] = [];
  for (const { check } of CHECKS) {
    let reports: readonly Report[];
    try {
      reports = check(context);
    } catch (error) {
      options.onCheckError?.(error);
      continue;
    }
    for (const report of reports) {
      const setting = options.severities?.[report.id];
      if (setting === 'off') continue;
      findings.push({ ...report, severity: setting ?? DEFAULT_SEVERITIES[report.id] });
    }
  }
  return findings.sort((a, b) => a.span.start - b.span.start || a.id.localeCompare(b.id));
}
