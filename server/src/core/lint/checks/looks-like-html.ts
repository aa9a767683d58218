import type { Check, Finding } from '../types';

/** looks-like-html: the body is an HTML page; crawlers take the valid lines and ignore the rest. */
export const looksLikeHtml: Check = ({ file }) => {
  const findings: Finding[] = [];
  for (const problem of file.problems) {
    if (problem.code === 'looks-like-html') findings.push({ id: 'looks-like-html', severity: 'error', span: problem.span, message: problem.message });
  }
  return findings;
};
