import type { Check, Report, RuleDescription } from '../types';
import { removeRule } from '../rule-removal';
import { lineSpan, statementText } from '../text';

export const RULES = [
  {
    id: 'redundant-rule',
    title: 'Rule whose removal changes nothing',
    description: 'Wherever this rule decides, the next rule in line gives the same verdict.',
  },
] as const satisfies readonly RuleDescription<string>[];

/** redundant-rule: removing the rule changes no verdict. */
export const check: Check<typeof RULES> = ({ file, rules }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const status of rules.byLine.values()) {
    if (!status.redundant || status.shadowedBy) continue;
    const rule = status.rule;
    const ruleText = statementText(file, rule.line);
    const fallback = status.redundant.fallback;
    const removal = removeRule(file, rule);
    const message = fallback
      ? `"${ruleText}" changes no verdict: wherever it decides, "${statementText(file, fallback.line)}" (line ${fallback.line + 1}) would decide the same way.`
      : `"${ruleText}" changes no verdict: no Disallow rule matches the URLs it matches, and URLs no rule matches are allowed anyway.`;
    findings.push({
      id: 'redundant-rule',
      span: lineSpan(file, rule.line),
      message,
      ...(fallback ? { related: [{ span: lineSpan(file, fallback.line), message: `Decides the same URLs the same way when line ${rule.line + 1} is removed.` }] } : {}),
      unnecessary: true,
      ...(removal ? { fixes: [{ title: `Remove the redundant rule "${ruleText}"`, edits: [removal], preferred: true }] } : {}),
    });
  }
  return findings;
};
