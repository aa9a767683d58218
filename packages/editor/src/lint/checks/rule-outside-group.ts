import { removeLines } from '../rule-removal';
import type { Check, Fix, RelatedSpan, RuleDescription } from '../types';
import { eol, lineSpan, statementText } from '../text';
import { lineRange, matchesEverything } from './audience';

/** Related locations listed at most; the message gives the range of all of them. */
const MAX_RELATED = 200;

export const RULES = [
  { id: 'rule-outside-group', title: 'Rule before any User-agent', description: 'Allow/Disallow lines before the first User-agent line belong to no group: every crawler ignores them.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * ★ rule-outside-group: Allow/Disallow before the first User-agent line belongs to no group.
 * One finding, at the first such rule: a file without any User-agent line would otherwise
 * have one per line (7,127 in a real one) for a single missing line.
 */
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
  // One cause, one finding: no User-agent line above them. The other rules are its related locations.
  const rules = file.orphanRules;
  const text = statementText(file, first.line);
  const last = rules[rules.length - 1]!;
  const message =
    rules.length === 1
      ? `"${text}" comes before any User-agent line: it belongs to no group, and every crawler ignores it.`
      : `No User-agent line comes before these ${rules.length} rules (${lineRange(first.line, last.line)}, from "${text}" on): they belong to no group, and every crawler ignores them.`;
  const related: RelatedSpan[] = rules.slice(1, MAX_RELATED + 1).map((rule) => ({ span: lineSpan(file, rule.line), message: 'Before any User-agent line too: every crawler ignores it.' }));
  const remove: Fix = {
    title: rules.length === 1 ? `Remove "${text}"` : `Remove the ${rules.length} rules`,
    edits: removeLines(file, rules.map((rule) => rule.line)),
  };
  return [
    {
      id: 'rule-outside-group',
      span: lineSpan(file, first.line),
      message,
      ...(related.length > 0 ? { related } : {}),
      unnecessary: true,
      fixes: [...(insert ? [insert] : []), remove],
    },
  ];
};
