import { CANONICAL_KEY } from '@robots-lens/kernel/parse';
import { aiTrainingKey } from '@robots-lens/kernel/preferences';
import type { GroupDirective } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';
import { statementSpan } from '../text';

export const RULES = [
  { id: 'google-only-spelling', title: 'Spelling only Google accepts', description: 'Google accepts some misspellings, a missing colon and keys that merely start with a known key; other crawlers ignore such lines.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * ★ google-only-spelling: keys Google forgives (typos such as `Dissallow`, keys that merely
 * start with a known key such as `Disallowed`, a missing colon). Googlebot obeys the line —
 * and so do this tool's verdicts — but parsers that read keys strictly ignore it.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const spellingOf = new Map<Report<typeof RULES>, string>();
  for (const line of file.lines) {
    // DisallowAITraining / AllowAITraining are ai-training-directive's: "Write Disallow: /" is not what their author meant.
    if (line.beyondLimit || !isGroupDirective(line.kind) || !line.keySpan || aiTrainingKey(line)) continue;
    const misspelt = line.spelling === 'misspelling' || line.spelling === 'prefix';
    if (!misspelt && !line.missingColon) continue;
    const key = line.key ?? '';
    const canonical = CANONICAL_KEY[line.kind];
    const written = line.value === '' ? `${canonical}:` : `${canonical}: ${line.value}`;
    let message: string;
    if (misspelt) {
      const how = line.spelling === 'prefix' ? ` because it starts with "${canonical}"` : '';
      message = `Google reads "${key}" as ${canonical}${how}, but parsers that read keys strictly do not know it and ignore this line.`;
      if (line.missingColon) message += ' The colon after the key is missing too.';
    } else {
      message = `Google reads "${key} ${line.value}" as "${written}", but without the colon other parsers ignore this line.`;
    }
    const end = line.missingColon && line.valueSpan ? line.valueSpan.start : line.keySpan.end;
    const report: Report<typeof RULES> = {
      id: 'google-only-spelling',
      span: statementSpan(line),
      message,
      fixes: [
        {
          title: `Write "${written}"`,
          edits: [{ span: { start: line.keySpan.start, end }, newText: line.missingColon ? `${canonical}: ` : canonical }],
          preferred: true,
        },
      ],
    };
    findings.push(report);
    spellingOf.set(report, `${key.toLowerCase()} ${line.missingColon ? 'no colon' : ''}`);
  }
  // A file that misspells a key once misspells it everywhere: one finding, one fix for all.
  return fold(file, findings, (f) => spellingOf.get(f), {
    more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'line' : 'lines'} (${lines}).`,
    fixTitle: (n) => `Correct the ${n} lines`,
  });
};

function isGroupDirective(kind: string): kind is GroupDirective {
  return kind === 'user-agent' || kind === 'allow' || kind === 'disallow' || kind === 'sitemap';
}
