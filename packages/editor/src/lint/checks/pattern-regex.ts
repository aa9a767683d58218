import { normalizePattern } from '@robots-lens/kernel/encoding';
import type { Rule } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { canonicalRule, matchesEverything } from './audience';

export const RULES = [
  { id: 'pattern-regex', title: 'Regular-expression syntax in a pattern', description: 'robots.txt patterns have no regular expressions: only "*" (any characters) and a final "$" are special, and "\\.", ".*", "(a|b)", "[…]" or a leading "^" are matched as the characters written.' },
] as const satisfies readonly RuleDescription<string>[];

/** What reads as regular-expression syntax, with how to name it. */
const SYNTAX: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\^/, 'a leading "^"'],
  [/\\[.?/dwsDWS()[\]*+]/, 'backslash escapes such as "\\."'],
  // `/index.*` is a fine robots.txt pattern (paths starting with "/index."): only ".+", and
  // ".*" right after a "/" with more after it, read as regular expressions.
  [/\.\+|\/\.\*(?!$)/, '".*" or ".+"'],
  // A range (`[a-z]`, `[0-9]+`): brackets around a word (`[Sophocles]`) are often literal.
  [/\[\^?[^\]]*[A-Za-z0-9]-[A-Za-z0-9][^\]]*\]/, 'a character class "[…]"'],
  [/\([^)]*\|[^)]*\)/, 'alternatives "(…|…)"'],
];

/**
 * pattern-regex: a pattern written as a regular expression (`/*.php\?.*`, `^/private`,
 * `/(en|de)/cart`). Says what it literally matches. A rewrite is offered only for the
 * forms with one robots.txt reading (`^`, `\.`, `.*`); groups and classes stay the
 * author's to rewrite. Copies are one finding.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    const pattern = rule.pattern;
    if (!/[\\^[(]|\.[*+]/.test(pattern)) return;
    const found = SYNTAX.filter(([re]) => re.test(pattern)).map(([, name]) => name);
    if (found.length === 0) return;
    const line = file.lines[rule.line];
    const span = line?.valueSpan;
    if (!span || line.beyondLimit) return;
    const fixes: Fix[] = [];
    const rewritten = rewrite(pattern);
    // A quick fix never closes a whole site: that takes a line typed on purpose.
    if (rewritten !== undefined && rewritten !== pattern && !matchesEverything(normalizePattern(rewritten))) {
      fixes.push({ title: `Write it as a robots.txt pattern: "${rewritten}"`, edits: [{ span, newText: rewritten }], preferred: true, takesEffect: true });
    }
    findings.push({
      id: 'pattern-regex',
      span,
      message:
        `"${canonicalRule(rule)}" uses regular-expression syntax (${found.join(', ')}), but robots.txt patterns have none: only "*" (any characters) and a final "$" are special. ` +
        `As written, it matches ${literally(pattern)}.`,
      ...(fixes.length > 0 ? { fixes } : {}),
    });
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  return fold(file, findings, (f) => f.id, { more: (n, lines) => `So ${n === 1 ? 'does 1 more pattern' : `do ${n} more patterns`} (${lines}).` });
};

/** What a pattern matches, read as robots.txt reads it: literal pieces between the stars. */
function literally(pattern: string): string {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const [head, ...rest] = pieces;
  const parts: string[] = [];
  if (head !== undefined && head !== '') parts.push(`paths that start with "${head}"`);
  else parts.push('paths');
  const inner = rest.filter((p) => p !== '');
  if (inner.length > 0) parts.push(`then contain ${inner.map((p) => `"${p}"`).join(', then ')}`);
  if (anchored) parts.push('and end there');
  // A pattern that does not start with "/" or "*" matches nothing at all.
  if (!pattern.startsWith('/') && !pattern.startsWith('*')) return 'no URL at all, since every path starts with "/"';
  return parts.join(', ') + ' — the characters as written';
}

/** The robots.txt reading of a regular expression without groups or classes; undefined when it has them. */
function rewrite(pattern: string): string | undefined {
  if (/[[(|]/.test(pattern)) return undefined;
  let out = pattern.replace(/^\^/, '');
  // `\.`, `\?`, `\/`: the character itself. Other escapes (`\d`, `\w`) have no robots.txt reading.
  if (/\\[^./?&=\-_$*]/.test(out)) return undefined;
  out = out.replace(/\\(.)/g, '$1').replace(/\.[*+]/g, '*').replace(/\*{2,}/g, '*');
  return out.startsWith('/') || out.startsWith('*') ? out : undefined;
}
