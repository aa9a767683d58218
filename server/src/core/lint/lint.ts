/**
 * Runs every check on a parsed file and applies the user's severities. A check that
 * throws is a bug, but must not take the other diagnostics down with it.
 */

import type { RobotsFile } from '../parse';
import { CHECKS } from './checks';
import { analyzeRules } from './rule-analysis';
import type { Finding, LintContext, LintId, SeveritySetting } from './types';

export interface LintOptions {
  /** Severity per rule id, or `off`; rules not named keep their default. */
  readonly severities?: Partial<Record<LintId, SeveritySetting>>;
  /** Called when a check fails, so the server can log it. */
  readonly onCheckError?: (error: unknown) => void;
}

export function lint(file: RobotsFile, options: LintOptions = {}): Finding[] {
  const context: LintContext = { file, rules: analyzeRules(file) };
  const findings: Finding[] = [];
  for (const check of CHECKS) {
    let found: Finding[];
    try {
      found = check(context);
    } catch (error) {
      options.onCheckError?.(error);
      continue;
    }
    for (const finding of found) {
      const setting = options.severities?.[finding.id];
      if (setting === 'off') continue;
      findings.push(setting ? { ...finding, severity: setting } : finding);
    }
  }
  return findings.sort((a, b) => a.span.start - b.span.start || a.id.localeCompare(b.id));
}
