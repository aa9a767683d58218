/**
 * A rule as the region analysis sees it: present in the old version, the new one or both,
 * and how the winners of the two versions compare (ranked by the diff's one ordering,
 * `rankCompare`). Shared by the cell search and the claims built from it.
 */

import { rankCompare } from './selection';
import type { EffectiveRule } from './selection';
import type { VerdictChangeKind } from './types';

/** A rule of either version, with its lines in each (null: absent from that version). */
export interface BothRule extends EffectiveRule {
  readonly oldLines: readonly number[] | null;
  readonly newLines: readonly number[] | null;
}

export type Change = 'none' | VerdictChangeKind;

/** Spelled out, not spread: one object shape for thousands of rules. */
export function bothRule(rule: EffectiveRule, oldLines: readonly number[] | null, newLines: readonly number[] | null): BothRule {
  const { key, allow, normalized, octets, lang, plain, implicit } = rule;
  return { key, allow, normalized, octets, lang, plain, implicit, oldLines, newLines };
}

export function outranks(rule: BothRule, constOld: BothRule | undefined, constNew: BothRule | undefined): boolean {
  return (rule.oldLines !== null && (!constOld || rankCompare(rule, constOld) > 0)) || (rule.newLines !== null && (!constNew || rankCompare(rule, constNew) > 0));
}

export function stronger(current: BothRule | undefined, rule: BothRule): BothRule {
  return !current || rankCompare(rule, current) > 0 ? rule : current;
}

export function allowedBy(winner: BothRule | undefined): boolean {
  return winner ? winner.allow : true;
}

export function changeOf(oldWinner: BothRule | undefined, newWinner: BothRule | undefined): Change {
  const before = allowedBy(oldWinner);
  const after = allowedBy(newWinner);
  if (before === after) return 'none';
  return after ? 'newly-allowed' : 'newly-disallowed';
}

export function unique(rules: readonly (BothRule | undefined)[]): BothRule[] {
  return [...new Set(rules.filter((r): r is BothRule => r !== undefined))];
}
