/**
 * The lint rule table: stable ids (the `Diagnostic.code`), default severities, and what
 * each rule is about. Each check file describes the rules it reports, so the list of rules
 * is read from the list of checks and kept nowhere else; their default severities are the
 * one table of `severities.ts`. Checks report by id; `lint()` stamps the table's severity,
 * or the user's setting for the id; code actions pick fixes by id.
 */

import { CHECKS } from './checks';
import { DEFAULT_SEVERITIES } from './severities';
import type { LintRule } from './types';

/** Every rule id, as the check files spell them in their rows. */
export type LintId = (typeof CHECKS)[number]['RULES'][number]['id'];

export const LINT_RULES: readonly LintRule[] = CHECKS.flatMap((check) => check.RULES.map((rule): LintRule => ({ ...rule, severity: DEFAULT_SEVERITIES[rule.id] })));

const BY_ID = new Map<LintId, LintRule>(LINT_RULES.map((rule) => [rule.id, rule]));

export function lintRule(id: LintId): LintRule {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`Unknown lint rule ${id}`);
  return rule;
}

export function isLintId(id: string): id is LintId {
  return BY_ID.has(id as LintId);
}
