import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'size-limit-file', title: 'Content beyond 500 KiB', description: 'Google ignores everything after the first 500 KiB.' },
  { id: 'size-limit-line', title: 'Line longer than Google reads', description: 'Google reads only the first 16,663 bytes of a line and ignores the rest of it.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * size-limit-file: content past Google's 500 KiB; size-limit-line: lines past its
 * 16,663-byte line limit (both limits of Google's parser; the verdicts follow it). Only
 * this check speaks about lines beyond the size limit.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const problem of file.problems) {
    if (problem.code === 'size-limit') {
      findings.push({ id: 'size-limit-file', span: problem.span, message: problem.message });
    } else if (problem.code === 'line-too-long') {
      findings.push({ id: 'size-limit-line', span: problem.span, message: `${problem.message} The rest of the line is ignored.` });
    }
  }
  return fold(file, findings, (f) => (f.id === 'size-limit-line' ? f.id : undefined), {
    more: (n, lines) => `So ${n === 1 ? 'is 1 more line' : `are ${n} more lines`} (${lines}).`,
  });
};
