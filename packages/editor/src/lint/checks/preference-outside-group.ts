import { preferenceStatements } from '@robots-lens/kernel/preferences';
import { statementSpan } from '../text';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'preference-outside-group', title: 'Content-Signal or Content-Usage before any User-agent line', description: 'Content-Signal and Content-Usage belong to a group; before any User-agent line no crawler reads them.' },
] as const satisfies readonly RuleDescription<string>[];

/** preference-outside-group: a preference line that no group holds. */
export const check: Check<typeof RULES> = ({ file }) => {
  const statements = preferenceStatements(file);
  const outside = [
    ...statements.contentSignals.filter((s) => s.group < 0).map((s) => ({ line: s.line, key: 'Content-Signal' })),
    ...statements.contentUsage.filter((s) => s.group < 0).map((s) => ({ line: s.line, key: 'Content-Usage' })),
  ];
  return outside.map(({ line, key }): Report<typeof RULES> => ({
    id: 'preference-outside-group',
    span: statementSpan(file.lines[line]!),
    message: `This ${key} line comes before any User-agent line: it belongs to no group, so it states nothing for any crawler. Put it under "User-agent: *" (or the group it is for).`,
    unnecessary: true,
  }));
};
