import type { Group } from '@robots-lens/kernel/parse';
import type { Check, RelatedSpan, Report, RuleDescription } from '../types';
import { removeRule } from '../rule-removal';
import { lineSpan, statementText } from '../text';
import { groupKeys } from './audience';

export const RULES = [
  { id: 'empty-disallow-ignored', title: 'Empty Disallow beside other rules', description: 'An empty Disallow matches nothing: it does not undo the other Disallow rules of the group.' },
] as const satisfies readonly RuleDescription<string>[];

/** How many of the rules an empty Disallow does not undo are named. */
const SHOWN = 3;

/**
 * ★ empty-disallow-ignored: `Disallow:` matches nothing, so beside real Disallow rules it
 * undoes none of them. Alone (or beside Allow rules only) it agrees with what happens —
 * everything not disallowed is allowed — and is the "allow all" idiom: no diagnostic.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  // First few non-empty Disallow lines per group and per pool: each group is read once.
  const disallowsOfGroup = new Map<number, number[]>();
  const disallowsOfPool = new Map<string, number[]>();
  const ofGroup = (group: Group): number[] => {
    let lines = disallowsOfGroup.get(group.index);
    if (!lines) {
      lines = [];
      for (const rule of group.rules) {
        if (rule.kind === 'disallow' && rule.normalized !== '') lines.push(rule.line);
        if (lines.length >= SHOWN) break;
      }
      disallowsOfGroup.set(group.index, lines);
    }
    return lines;
  };
  const ofPool = (key: string): number[] => {
    let lines = disallowsOfPool.get(key);
    if (!lines) {
      lines = [];
      for (const g of file.groupsByToken.get(key) ?? []) {
        const group = file.groups[g];
        if (group) lines.push(...ofGroup(group));
        if (lines.length >= SHOWN) break;
      }
      disallowsOfPool.set(key, lines);
    }
    return lines;
  };

  for (const group of file.groups) {
    const empties = group.rules.filter((r) => r.kind === 'disallow' && r.pattern === '');
    if (empties.length === 0) continue;
    const still = new Set<number>();
    let merged = false;
    for (const key of groupKeys(group)) {
      for (const line of ofPool(key)) still.add(line);
      if ((file.groupsByToken.get(key)?.length ?? 0) > 1) merged = true;
    }
    if (still.size === 0) continue;
    const lines = [...still].sort((a, b) => a - b).slice(0, SHOWN);
    const example = lines[0]!;
    const related: RelatedSpan[] = lines.map((l) => ({ span: lineSpan(file, l), message: 'Still applies: the empty Disallow does not undo it.' }));
    const where = merged ? 'this group (merged with the other groups naming the same User-agent)' : 'this group';
    for (const empty of empties) {
      const removal = removeRule(file, empty);
      findings.push({
        id: 'empty-disallow-ignored',
        span: lineSpan(file, empty.line),
        message:
          `"Disallow:" with no value matches nothing and is ignored: it does not undo the other Disallow rules of ${where}` +
          ` — "${statementText(file, example)}" (line ${example + 1}) still applies.`,
        related,
        unnecessary: true,
        ...(removal ? { fixes: [{ title: 'Remove the empty Disallow', edits: [removal], preferred: true }] } : {}),
      });
    }
  }
  return findings;
};
