export { lint } from './lint';
export type { LintOptions } from './lint';
export { LINT_RULES, lintRule, isLintId } from './rules';
export { analyzeRules } from './rule-analysis';
export type { RuleAnalysis, RuleStatus } from './rule-analysis';
export type { Check, Finding, Fix, LintContext, LintId, LintRule, RelatedSpan, Report, RuleDescription, Severity, SeveritySetting, TextEdit } from './types';
