import type { Check, Fix, Report, RuleDescription } from '../types';
import { deleteLine, eol, lineSpan, statementText } from '../text';
import { matchesEverything } from './audience';

export const RULES = [
  {
    id: 'rule-outside-group',
    title: 'Rule before any User-agent',
    description: 'Allow/Disallow lines before the first User-agent line belong to no group: every crawler ignores them.',
  },
] as const satisfies readonly RuleDescription<string>[];

/** ★ rule-outside-group: Allow/Disallow before the first User-agent line belongs to no group. */
export const check: Check<typeof RULES> = ({ file }) => {
  const first = file.orphanRules[0];
  if (!first) return [];
  const firstLine = file.lines[first.line];
  if (!firstLine) return [];
  // Giving the rules a group makes them take effect for every crawler without a group of
  // its own; not when one of them would close the whole site to all of those.
  const insert: Fix | undefined = file.orphanRules.some((r) => r.kind === 'disallow' && matchesEverything(r.normalized))
    ? undefined
    : {
        title: `Insert "User-agent: *" above line ${first.line + 1}`,
        edits: [{ span: { start: firstLine.start, end: firstLine.start }, newText: 'User-agent: *' + eol(file) }],
        preferred: true,
        takesEffect: true,
      };
  const findings: Report<typeof RULES>[] = [];
  for (const rule of file.orphanRules) {
    const text = statementText(file, rule.line);
    findings.push({
      id: 'rule-outside-group',
      span: lineSpan(file, rule.line),
      message: `"${text}" comes before any User-agent line: it belongs to no group, and every crawler ignores it.`,
      unnecessary: true,
      fixes: [...(insert ? [insert] : []), { title: `Remove "${text}"`, edits: [deleteLine(file, rule.line)] }],
    });
  }
  return findings;
};
