import { normalizePattern } from '@robots-lens/kernel/encoding';
import type { Rule } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import { eol, statementSpan } from '../text';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { canonicalRule, matchesEverything } from './audience';

export const RULES = [
  { id: 'pattern-space', title: 'Space inside a pattern', description: 'Crawlers send a space in a URL as "%20": a pattern with a raw space matches only paths with a raw space, which crawlers do not request.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * pattern-space: `Disallow: /foo bar`. The value is read whole (only its ends are trimmed),
 * so the space is part of the pattern and compared as written; crawlers request the URL
 * with `%20`, which it does not match. Offered: the `%20` form, or — when the parts are
 * paths of their own (`Disallow: /a /b`) — one rule per path. Copies are one finding.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    // A space or a tab; other white space (no-break space…) is non-ASCII, which percent-encoding reports.
    if (!/[ \t]/.test(rule.pattern)) return;
    const line = file.lines[rule.line];
    const span = line?.valueSpan;
    if (!line || !span || line.beyondLimit) return;
    const pattern = rule.pattern;
    const encoded = pattern.replace(/[ \t]/g, (c) => (c === ' ' ? '%20' : '%09'));
    const parts = pattern.split(/[ \t]+/);
    const paths = parts.every((p) => p.startsWith('/') || p.startsWith('*'));
    const fixes: Fix[] = [];
    const key = rule.kind === 'allow' ? 'Allow' : 'Disallow';
    // A quick fix never closes a whole site: that takes a line typed on purpose.
    if (paths && !parts.some((p) => matchesEverything(normalizePattern(p)))) {
      fixes.push({
        title: `Write each path as a rule of its own (${parts.length} rules)`,
        edits: [{ span: statementSpan(line), newText: parts.map((p) => `${key}: ${p}`).join(eol(file)) }],
        preferred: true,
        takesEffect: true,
      });
    }
    fixes.push({ title: `Write the space as "%20": "${encoded}"`, edits: [{ span, newText: encoded }], ...(paths ? {} : { preferred: true }), takesEffect: true });
    findings.push({
      id: 'pattern-space',
      span,
      message:
        `"${canonicalRule(rule)}" has a space in its pattern. Crawlers send a space in a URL as "%20" (${encoded}), which this pattern, compared as written, ` +
        'does not match: it matches only paths with a raw space, which crawlers do not request.' +
        (paths ? ` If these are ${parts.length} paths, each needs a ${key} line of its own.` : ''),
      fixes,
    });
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  return fold(file, findings, (f) => f.id, { more: (n, lines) => `So ${n === 1 ? 'does 1 more pattern' : `do ${n} more patterns`} (${lines}).` });
};
