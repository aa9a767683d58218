import type { Rule } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'dollar-not-at-end', title: '$ inside a pattern', description: 'Only a final $ anchors the end of the URL; elsewhere it is a literal character.' },
] as const satisfies readonly RuleDescription<string>[];

/** dollar-not-at-end: only a final `$` anchors; any other `$` is a literal character. */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    const pattern = rule.pattern;
    // The first `$`, unless it is the final one (which anchors): no slice, and no line read, per rule.
    const at = pattern.indexOf('$');
    if (at < 0 || at === pattern.length - 1) return;
    const line = file.lines[rule.line];
    const span = line?.valueSpan;
    if (!span || line.beyondLimit) return;
    const start = span.start + at;
    findings.push({
      id: 'dollar-not-at-end',
      span: { start, end: start + 1 },
      message:
        `"$" anchors the end of the URL only as the last character of a pattern; here it is a literal "$", ` +
        `so "${pattern}" matches only URLs that contain a "$" (or "%24") at that point.`,
    });
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  file.orphanRules.forEach(checkRule);
  // The same pattern copied into many groups: one finding, the copies related.
  return fold(file, findings, (f) => f.message, { more: (n, lines) => `The same pattern is in ${n} more ${n === 1 ? 'line' : 'lines'} (${lines}).` });
};
