import type { Check, Fix, Report, RuleDescription } from '../types';
import { removeRule } from '../rule-removal';
import { lineSpan, statementText } from '../text';

export const RULES = [
  {
    id: 'shadowed-rule',
    title: 'Rule that can never decide',
    description: 'Another rule of the same group always matches too and wins (longer, or as long and Allow).',
  },
] as const satisfies readonly RuleDescription<string>[];

/** ★ shadowed-rule: a rule that can never decide, because a rule that always matches too wins. */
export const check: Check<typeof RULES> = ({ file, rules }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const status of rules.byLine.values()) {
    const winner = status.shadowedBy;
    if (!winner) continue;
    const rule = status.rule;
    const ruleText = statementText(file, rule.line);
    const winnerText = statementText(file, winner.line);
    const removal = removeRule(file, rule);
    const fixes: Fix[] = removal ? [{ title: `Remove the shadowed rule "${ruleText}"`, edits: [removal], preferred: true }] : [];
    if (status.shadowedByIndexHtml) {
      const dir = winner.normalized.slice(0, winner.normalized.lastIndexOf('/') + 1);
      findings.push({
        id: 'shadowed-rule',
        span: lineSpan(file, rule.line),
        message: `"${ruleText}" never decides anything: Google reads "${winnerText}" (line ${winner.line + 1}) as also allowing ${dir} exactly, and that wins wherever this rule matches.`,
        related: [{ span: lineSpan(file, winner.line), message: `Google's index.html rule: this line also allows ${dir} exactly.` }],
        unnecessary: true,
        ...(fixes.length > 0 ? { fixes } : {}),
      });
      continue;
    }
    const why =
      winner.normalized === rule.normalized && winner.kind === rule.kind
        ? 'it repeats'
        : winner.octets === rule.octets
          ? 'on every URL it matches, the equally long Allow'
          : `on every URL it matches, the longer rule`;
    findings.push({
      id: 'shadowed-rule',
      span: lineSpan(file, rule.line),
      message: `"${ruleText}" never decides anything: ${why} "${winnerText}" (line ${winner.line + 1}) ${winner.normalized === rule.normalized && winner.kind === rule.kind ? 'earlier in the same group' : 'also matches and wins'}.`,
      related: [{ span: lineSpan(file, winner.line), message: `This rule wins wherever line ${rule.line + 1} matches.` }],
      unnecessary: true,
      ...(fixes.length > 0 ? { fixes } : {}),
    });
  }
  return findings;
};
