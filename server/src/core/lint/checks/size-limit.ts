import type { Check, Finding } from '../types';

/**
 * size-limit: content past Google's 500 KiB, and lines past its 16,663-byte line limit
 * (both limits of Google's parser; the verdicts follow it). Only this check speaks about
 * lines beyond the size limit.
 */
export const sizeLimit: Check = ({ file }) => {
  const findings: Finding[] = [];
  for (const problem of file.problems) {
    if (problem.code === 'size-limit') {
      findings.push({ id: 'size-limit', severity: 'error', span: problem.span, message: problem.message });
    } else if (problem.code === 'line-too-long') {
      findings.push({ id: 'size-limit', severity: 'warning', span: problem.span, message: `${problem.message} The rest of the line is ignored.` });
    }
  }
  return findings;
};
