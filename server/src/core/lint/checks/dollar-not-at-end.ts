import type { Rule } from '../../parse';
import type { Check, Finding } from '../types';

/** dollar-not-at-end: only a final `$` anchors; any other `$` is a literal character. */
export const dollarNotAtEnd: Check = ({ file }) => {
  const findings: Finding[] = [];
  const check = (rule: Rule): void => {
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
      severity: 'warning',
      span: { start, end: start + 1 },
      message:
        `"$" anchors the end of the URL only as the last character of a pattern; here it is a literal "$", ` +
        `so "${pattern}" matches only URLs that contain a "$" (or "%24") at that point.`,
    });
  };
  for (const group of file.groups) group.rules.forEach(check);
  file.orphanRules.forEach(check);
  return findings;
};
