import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'looks-like-html', title: 'HTML instead of robots.txt', description: 'Crawlers take the valid lines of an HTML page and ignore the rest.' },
] as const satisfies readonly RuleDescription<string>[];

/** looks-like-html: the body is an HTML page; crawlers take the valid lines and ignore the rest. */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const problem of file.problems) {
    if (problem.code === 'looks-like-html') findings.push({ id: 'looks-like-html', span: problem.span, message: problem.message });
  }
  return findings;
};
