/**
 * One finding per cause for rules that never decide (shadowed) or change no verdict
 * (redundant): the dead rules of a group that are dead for the same kind of reason (a
 * repeat, a tie, a shorter rule that covers them…) are one finding, at the first of them,
 * and groups that repeat the same rules (a block pasted for twenty crawlers) share that
 * finding. Every dead rule stays reachable: each is a related location carrying its own
 * message, which names the rule that decides instead. Not a check itself.
 */

import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import type { RuleStatus } from '../rule-analysis';
import { removeLines } from '../rule-removal';
import { lineSpan, statementText } from '../text';
import type { Fix, RelatedSpan, Report, RuleDescription } from '../types';
import { nameList } from './audience';
import { pluralNoun } from '@robots-lens/kernel/words';

/** One dead rule as its check describes it. */
export interface DeadRule {
  readonly status: RuleStatus;
  /** The kind of reason, the same for every rule one finding holds: `repeat`, `tie`, `covered`… */
  readonly reason: string;
  /** The whole story of this one rule: why it never decides, or why it changes nothing. */
  readonly message: string;
  /** Related locations of this rule alone (the rule that wins, the fallback). */
  readonly related: readonly RelatedSpan[];
}

export interface DeadRuleWords {
  /** `never decides anything either` / `never decide anything either`: one rule, several. */
  readonly either: readonly [one: string, several: string];
  /** `shadowed`, `redundant`: in fix titles. */
  readonly adjective: string;
}

/** Related locations listed at most in one finding; the message counts all. */
const MAX_RELATED = 500;

export function reportDeadRules<Rules extends readonly RuleDescription<string>[]>(
  file: RobotsFile,
  id: Rules[number]['id'],
  dead: readonly DeadRule[],
  words: DeadRuleWords,
): Report<Rules>[] {
  // The dead rules of each group and reason, in line order.
  const byGroup = new Map<string, DeadRule[]>();
  for (const d of [...dead].sort((a, b) => a.status.rule.line - b.status.rule.line)) {
    const key = `${d.status.rule.group} ${d.reason}`;
    const list = byGroup.get(key);
    if (list) list.push(d);
    else byGroup.set(key, [d]);
  }
  // Groups whose dead rules read the same, each beaten by a rule that reads the same: copies.
  const bySignature = new Map<string, DeadRule[][]>();
  for (const list of byGroup.values()) {
    const signature = list[0]!.reason + '\u0002' + list.map((d) => `${statementText(file, d.status.rule.line)}\u0000${causeText(file, d.status)}`).join('\u0001');
    const copies = bySignature.get(signature);
    if (copies) copies.push(list);
    else bySignature.set(signature, [list]);
  }

  const findings: Report<Rules>[] = [];
  for (const copies of bySignature.values()) {
    const here = copies[0]!;
    const others = copies.slice(1);
    const first = here[0]!;
    const rest = here.slice(1);
    let message = first.message;
    if (rest.length > 0) message += ` ${rest.length} more ${rest.length === 1 ? `rule of this group ${words.either[0]}` : `rules of this group ${words.either[1]}`}, for the same reason (${linesOf(rest)}).`;
    if (others.length > 0) {
      const n = here.length;
      message += ` The same ${n === 1 ? 'rule is' : `${n} rules are`} in ${others.length} more ${others.length === 1 ? 'group' : 'groups'} (from ${linesOf(others.map((o) => o[0]!))}), with the same effect.`;
    }
    const related: RelatedSpan[] = [...first.related];
    for (const d of [...rest, ...others.flat()]) {
      if (related.length >= MAX_RELATED) break;
      related.push({ span: lineSpan(file, d.status.rule.line), message: d.message });
    }
    const fixes: Fix[] = [];
    const removeHere = removable(file, here);
    if (removeHere.length > 0) {
      fixes.push({
        title:
          here.length === 1 ? `Remove the ${words.adjective} rule "${statementText(file, first.status.rule.line)}"` : `Remove these ${removeHere.length} ${words.adjective} rules of this group`,
        edits: removeLines(file, removeHere.map((r) => r.line)),
        preferred: true,
      });
    }
    if (others.length > 0) {
      const everywhere = copies.flatMap((list) => removable(file, list));
      if (everywhere.length > removeHere.length) {
        fixes.push({ title: `Remove these ${everywhere.length} ${words.adjective} rules from all ${copies.length} groups`, edits: removeLines(file, everywhere.map((r) => r.line)) });
      }
    }
    findings.push({
      id,
      span: lineSpan(file, first.status.rule.line),
      message,
      ...(related.length > 0 ? { related } : {}),
      unnecessary: true,
      ...(fixes.length > 0 ? { fixes } : {}),
    });
  }
  return findings.sort((a, b) => a.span.start - b.span.start);
}

/** What decides instead, as written: the winner, the fallback, or "allowed" when nothing. */
function causeText(file: RobotsFile, status: RuleStatus): string {
  const cause = status.shadowedBy ?? status.redundant?.fallback;
  return cause ? statementText(file, cause.line) : '';
}

/**
 * The dead rules of one group, which can all go at once: a rule that never decides leaves
 * the decision where it was; a redundant rule hands its URLs to a rule of its kind that
 * covers it with nothing of the other kind in between, and when that rule goes too, so does
 * the next in the chain, which ends at a rule that stays (or at "allowed", for an Allow)
 * with still nothing of the other kind in between. The group keeps one rule if another
 * group follows, or its User-agent lines would join that group (see rule-removal).
 */
function removable(file: RobotsFile, list: readonly DeadRule[]): Rule[] {
  const group = file.groups[list[0]!.status.rule.group];
  if (!group) return [];
  const rules = list.map((d) => d.status.rule);
  if (rules.length === group.rules.length && file.groups[group.index + 1]) rules.pop();
  return rules;
}

function linesOf(rules: readonly DeadRule[]): string {
  const lines = rules.map((d) => String(d.status.rule.line + 1));
  return `${pluralNoun(lines.length, 'line')} ${nameList(lines, 8)}`;
}
