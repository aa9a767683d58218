import { intersects, patternLanguage } from '@robots-lens/kernel/match';
import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import type { Check, RuleDescription } from '../types';
import { lineSpan, statementText } from '../text';
import { groupKeys } from './audience';
import { reportDeadRules } from './dead-rules';
import type { DeadRule } from './dead-rules';

export const RULES = [
  { id: 'redundant-rule', title: 'Rule whose removal changes nothing', description: 'Wherever this rule decides, the next rule in line gives the same verdict.' },
] as const satisfies readonly RuleDescription<string>[];

/** Longer Disallow rules named in the message of a redundant Allow. */
const SHOWN = 3;

/**
 * redundant-rule: removing the rule changes no verdict. The redundant rules of a group are
 * one finding (see dead-rules), each with its own reason among the related locations.
 */
export const check: Check<typeof RULES> = ({ file, rules }) => {
  const dead: DeadRule[] = [];
  for (const status of rules.byLine.values()) {
    if (!status.redundant || status.shadowedBy) continue;
    const rule = status.rule;
    const ruleText = statementText(file, rule.line);
    const fallback = status.redundant.fallback;
    if (fallback) {
      dead.push({
        status,
        reason: 'covered',
        message: `"${ruleText}" changes no verdict: wherever it decides, "${statementText(file, fallback.line)}" (line ${fallback.line + 1}) would decide the same way.`,
        related: [{ span: lineSpan(file, fallback.line), message: `Decides the same URLs the same way when line ${rule.line + 1} is removed.` }],
      });
      continue;
    }
    // An Allow with nothing to fall back on but "allowed": the proof found that every
    // Disallow sharing a URL with it is longer, so it wins there whether this rule is
    // there or not; elsewhere no Disallow matches.
    const longer = longerDisallows(file, rule);
    const shown = longer.slice(0, SHOWN).map((r) => `"${statementText(file, r.line)}" (line ${r.line + 1})`);
    dead.push({
      status,
      reason: 'nothing to undo',
      message:
        longer.length === 0
          ? `"${ruleText}" changes no verdict: no Disallow rule matches the URLs it matches, and URLs no rule disallows are allowed anyway.`
          : `"${ruleText}" changes no verdict: where a Disallow rule also matches, it is longer and decides instead (${shown.join(', ')}${longer.length > SHOWN ? ', …' : ''}); ` +
            'everywhere else no Disallow rule matches, and URLs no rule disallows are allowed anyway.',
      related: longer.slice(0, SHOWN).map((r) => ({ span: lineSpan(file, r.line), message: `Longer than line ${rule.line + 1}: decides the URLs both match.` })),
    });
  }
  return reportDeadRules<typeof RULES>(file, 'redundant-rule', dead, { either: ['changes no verdict either', 'change no verdict either'], adjective: 'redundant' });
};

/** The Disallow rules pooled with `rule` (under any token of its group) that may share a URL with it. */
function longerDisallows(file: RobotsFile, rule: Rule): Rule[] {
  const group = file.groups[rule.group];
  if (!group) return [];
  const lang = patternLanguage(rule.normalized);
  const prefix = plainStart(rule.normalized);
  const found = new Map<number, Rule>();
  for (const key of groupKeys(group)) {
    for (const g of file.groupsByToken.get(key) ?? []) {
      for (const other of file.groups[g]?.rules ?? []) {
        if (other.kind !== 'disallow' || other.normalized === '' || found.has(other.line)) continue;
        // Patterns whose plain starts differ share no URL: most are passed over without their language.
        const start = plainStart(other.normalized);
        if (!start.startsWith(prefix) && !prefix.startsWith(start)) continue;
        if (intersects(patternLanguage(other.normalized), lang) !== false) found.set(other.line, other);
      }
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** The text before a pattern's first `*` or `$`: every URL it matches starts with it. */
function plainStart(normalized: string): string {
  const end = normalized.search(/[*$]/);
  return end < 0 ? normalized : normalized.slice(0, end);
}
