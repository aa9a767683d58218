import { preferenceStatements } from '@robots-lens/kernel/preferences';
import { statementSpan } from '../text';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'license-not-absolute', title: 'License is not an absolute http(s) URL', description: 'An RSL License line names the licence or feed by an absolute http(s) URL.' },
] as const satisfies readonly RuleDescription<string>[];

const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** license-not-absolute: a License value that is not an absolute http(s) URL. */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const license of preferenceStatements(file).licenses) {
    if (ABSOLUTE_HTTP_URL.test(license.url)) continue;
    const line = file.lines[license.line]!;
    findings.push({
      id: 'license-not-absolute',
      span: line.valueSpan && license.url !== '' ? line.valueSpan : statementSpan(line),
      message:
        license.url === ''
          ? 'This License line has no URL.'
          : `License needs an absolute http(s) URL of an RSL licence or feed (https://host/path); "${license.url}" is not one, so readers cannot follow it.`,
    });
  }
  return findings;
};
