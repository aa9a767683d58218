import { compilePattern, matches, patternLanguage } from '@robots-lens/kernel/match';
import type { Check, Report, RuleDescription } from '../types';
import { removeRule } from '../rule-removal';
import { lineSpan, statementText } from '../text';

export const RULES = [
  { id: 'robots-txt-path', title: 'Rule on /robots.txt', description: '/robots.txt is always fetchable; a rule on it has no effect.' },
] as const satisfies readonly RuleDescription<string>[];

const ROBOTS_TXT = '/robots.txt';

/**
 * robots-txt-path: a rule aimed at `/robots.txt`, which crawlers always fetch. Exactly
 * `/robots.txt$` has no effect at all; a prefix such as `/robots.txt` still applies to
 * other URLs that start with it (`/robots.txt?x`), and the message says so. Rules that
 * match `/robots.txt` among much else (`/`, `/*.txt$`) are not about it and are left alone.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const group of file.groups) {
    for (const rule of group.rules) {
      // Cheap filter first: a literal prefix starting with /robots.txt means the pattern does.
      if (!rule.normalized.startsWith(ROBOTS_TXT)) continue;
      const lang = patternLanguage(rule.normalized);
      if (!lang.literalPrefix.startsWith(ROBOTS_TXT) || !matches(compilePattern(rule.normalized), ROBOTS_TXT)) continue;
      const text = statementText(file, rule.line);
      const exact = lang.glob === ROBOTS_TXT;
      // Without an Allow that also reaches /robots.txt?x, a Disallow could decide such URLs;
      // removing a Disallow only allows more.
      const removal = exact || rule.kind === 'disallow' ? removeRule(file, rule) : undefined;
      findings.push({
        id: 'robots-txt-path',
        span: lineSpan(file, rule.line),
        message: exact
          ? `"${text}" has no effect: crawlers always fetch /robots.txt, whatever it says.`
          : `Crawlers always fetch /robots.txt itself, so "${text}" does not ${rule.kind === 'allow' ? 'need to allow' : 'stop'} that; it only applies to other URLs that start with /robots.txt (such as /robots.txt?x).`,
        ...(exact ? { unnecessary: true } : {}),
        ...(removal ? { fixes: [{ title: `Remove "${text}"`, edits: [removal], ...(exact ? { preferred: true } : {}) }] } : {}),
      });
    }
  }
  return findings;
};
