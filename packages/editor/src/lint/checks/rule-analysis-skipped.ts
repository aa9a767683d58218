import { MAX_WILDCARD_CANDIDATES } from '../rule-analysis';
import type { Check, Report, RuleDescription } from '../types';
import { lineSpan, statementText } from '../text';

export const RULES = [
  {
    id: 'rule-analysis-skipped',
    title: 'Shadowed and redundant rules only partly checked',
    description: 'The group has so many wildcard rules that proving which rules never decide would cost too much: only repeated patterns are reported.',
  },
] as const satisfies readonly RuleDescription<string>[];

/**
 * rule-analysis-skipped: shadowed-rule and redundant-rule speak of every URL, so each claim is
 * proved; in a group of many wildcard rules the proofs are cut short and only repeats are
 * reported. Silence there would read as "no dead rules", so the group says why once.
 */
export const check: Check<typeof RULES> = ({ file, rules }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const [index, unproved] of rules.unproved) {
    const group = file.groups[index];
    if (!group || unproved.length === 0) continue;
    const line = group.agents[0]?.line ?? group.firstLine;
    const n = unproved.length;
    findings.push({
      id: 'rule-analysis-skipped',
      span: lineSpan(file, line),
      message:
        `"${statementText(file, line)}": ${n.toLocaleString('en-US')} of this group's ${group.rules.length.toLocaleString('en-US')} rules ${n === 1 ? 'was' : 'were'} not checked for being shadowed or redundant, ` +
        `because more than ${MAX_WILDCARD_CANDIDATES} wildcard rules could decide the same URLs and the proof would cost too much. ` +
        'Rules that repeat a pattern are still reported; other rules here may also never decide.',
    });
  }
  return findings;
};
