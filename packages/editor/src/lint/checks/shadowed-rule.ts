import type { Rule } from '@robots-lens/kernel/parse';
import type { Check, RuleDescription } from '../types';
import { lineSpan, statementText } from '../text';
import { reportDeadRules } from './dead-rules';
import type { DeadRule } from './dead-rules';

export const RULES = [
  { id: 'shadowed-rule', title: 'Rule that can never decide', description: 'Another rule of the same group always matches too and wins (longer, or as long and Allow).' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * ★ shadowed-rule: a rule that can never decide, because a rule that always matches too wins.
 * The shadowed rules of a group are one finding (see dead-rules), each with its own winner.
 */
export const check: Check<typeof RULES> = ({ file, rules }) => {
  const dead: DeadRule[] = [];
  for (const status of rules.byLine.values()) {
    const winner = status.shadowedBy;
    if (!winner) continue;
    const rule = status.rule;
    const ruleText = statementText(file, rule.line);
    const winnerText = statementText(file, winner.line);
    if (status.shadowedByIndexHtml) {
      const dir = winner.normalized.slice(0, winner.normalized.lastIndexOf('/') + 1);
      dead.push({
        status,
        reason: 'index-html',
        message: `"${ruleText}" never decides anything: Google reads "${winnerText}" (line ${winner.line + 1}) as also allowing ${dir} exactly, and that wins wherever this rule matches.`,
        related: [{ span: lineSpan(file, winner.line), message: `Google's index.html rule: this line also allows ${dir} exactly.` }],
      });
      continue;
    }
    dead.push({
      status,
      reason: reasonOf(rule, winner),
      message: `"${ruleText}" never decides anything: ${why(rule, winner, winnerText)}`,
      related: [{ span: lineSpan(file, winner.line), message: `This rule wins wherever line ${rule.line + 1} matches.` }],
    });
  }
  return reportDeadRules<typeof RULES>(file, 'shadowed-rule', dead, { either: ['never decides anything either', 'never decide anything either'], adjective: 'shadowed' });
};

/** The kind of reason, as `why` tells it. */
function reasonOf(rule: Rule, winner: Rule): string {
  if (winner.normalized === rule.normalized && winner.kind === rule.kind) return 'repeat';
  if (winner.octets > rule.octets) return 'longer';
  return winner.kind !== rule.kind ? 'tie' : 'tie of one kind';
}

/**
 * Why the winner always decides instead, in the words of what happens: a repeat, a longer
 * rule, or a tie — which Allow wins against a Disallow, and which between two rules of one
 * kind is a matter of whose line the matcher names (the verdict is the same).
 */
function why(rule: Rule, winner: Rule, winnerText: string): string {
  const at = `(line ${winner.line + 1})`;
  if (winner.normalized === rule.normalized && winner.kind === rule.kind) return `it repeats "${winnerText}" ${at} earlier in the same group.`;
  if (winner.octets > rule.octets) return `on every URL it matches, the longer rule "${winnerText}" ${at} also matches and wins.`;
  if (winner.kind !== rule.kind) {
    return `on every URL it matches, "${winnerText}" ${at} also matches and is as long; on a tie between an Allow and a Disallow, the Allow wins.`;
  }
  const kind = rule.kind === 'allow' ? 'Allow' : 'Disallow';
  return (
    `on every URL it matches, "${winnerText}" ${at} also matches and is as long. Two ${kind} rules that tie give the same verdict, ` +
    `and the earlier line is the one that decides: this rule adds nothing.`
  );
}
