import { CONTENT_USAGE_REVISION, preferenceStatements, removedUsageLabel, USAGE_LABELS } from '@robots-lens/kernel/preferences';
import type { ContentUsageRule } from '@robots-lens/kernel/preferences';
import type { RobotsFile, Span } from '@robots-lens/kernel/parse';
import { statementSpan } from '../text';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'content-usage-invalid', title: 'Content-Usage that does not parse', description: 'The preferences are a Structured Fields Dictionary (RFC 9651) and a path starts with /; a line that does not parse states no preference at all.' },
  { id: 'content-usage-unknown-label', title: 'Content-Usage label this revision does not know', description: `Labels outside the vocabulary are ignored; a label an earlier revision defined (ai-use, bots, all, train-genai) is named with the revision that removed it. Read per ${CONTENT_USAGE_REVISION}.` },
  { id: 'content-usage-repeated-label', title: 'Content-Usage label given twice', description: 'A label given twice with different values leaves that category unknown.' },
] as const satisfies readonly RuleDescription<string>[];

/** content-usage-*: the syntax of each Content-Usage line. */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const rule of preferenceStatements(file).contentUsage) {
    const line = file.lines[rule.line]!;
    const span = statementSpan(line);
    if (!rule.parsed) {
      findings.push({ id: 'content-usage-invalid', span, message: invalidMessage(rule) });
      continue;
    }
    for (const label of rule.unknownLabels) {
      // A label of an earlier revision is no typo: say which revision had it and which removed it.
      const removed = removedUsageLabel(label);
      const history = removed ? ` ${removed.text}.` : '';
      findings.push({
        id: 'content-usage-unknown-label',
        span: labelSpan(file, rule, label) ?? span,
        message: `"${label}" is not a Content-Usage label in this revision (known: ${USAGE_LABELS.join(', ')}); it is ignored.${history} Read per ${CONTENT_USAGE_REVISION}.`,
      });
    }
    for (const label of rule.repeatedLabels) {
      const known = (USAGE_LABELS as readonly string[]).includes(label);
      const conflict = known && rule.preferences[label as (typeof USAGE_LABELS)[number]] === 'unknown';
      findings.push({
        id: 'content-usage-repeated-label',
        span: labelSpan(file, rule, label) ?? span,
        message: conflict
          ? `"${label}" is given twice with different values, so this line states no ${label} preference.`
          : `"${label}" is given twice on this line; one is enough.`,
      });
    }
  }
  return findings;
};

function invalidMessage(rule: ContentUsageRule): string {
  const firstWord = /^\S+/.exec(rule.preferenceText)?.[0] ?? '';
  if (rule.path === null && /[/*]/.test(firstWord) && firstWord !== rule.preferenceText) {
    return `A Content-Usage path starts with "/": "${firstWord}" is read as part of the preferences, which then do not parse, so this line states no preference. Write "/${firstWord.replace(/^\/*/, '')}".`;
  }
  return `"${rule.preferenceText}" is not a Structured Fields Dictionary (RFC 9651; e.g. "train-ai=n, search=y", lower-case labels): every preference of this line is unknown.`;
}

/** The span of the first `label` in the line's preferences. */
function labelSpan(file: RobotsFile, rule: ContentUsageRule, label: string): Span | undefined {
  const line = file.lines[rule.line]!;
  const end = line.valueSpan?.end ?? line.end;
  const from = line.valueSpan ? line.valueSpan.end - rule.preferenceText.length : line.start;
  const re = new RegExp(`(^|[ ,\\t])(${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?=[=;, \\t]|$)`);
  const match = re.exec(file.text.slice(from, end));
  if (!match) return undefined;
  const start = from + match.index + match[1]!.length;
  return { start, end: start + label.length };
}
