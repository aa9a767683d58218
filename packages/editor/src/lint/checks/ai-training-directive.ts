import { aiTrainingKey } from '@robots-lens/kernel/preferences';
import { CANONICAL_KEY } from '@robots-lens/kernel/parse';
import type { Fix, Check, Report, RuleDescription } from '../types';
import { statementSpan } from '../text';
import { matchesEverything } from './audience';

export const RULES = [
  {
    id: 'ai-training-directive',
    title: 'DisallowAITraining / AllowAITraining: a rule for Google, a preference for no one',
    description:
      'A proposed AI-training key that no crawler operator documents reading. Google\'s parser reads a key that starts with "Disallow" or "Allow" as that rule, so Googlebot (and this tool\'s verdicts) obey the line as a Disallow or Allow; parsers that read keys strictly ignore it.',
  },
] as const satisfies readonly RuleDescription<string>[];

/**
 * ai-training-directive: `DisallowAITraining: /` and `AllowAITraining: /`
 * (preferences/ai-training-key.ts has why they are rules). Reported instead of
 * google-only-spelling, whose fix (`Disallow: /`) would turn a meant training preference into
 * a block for every crawler. The fix offered for DisallowAITraining says the preference the
 * author meant in a form that exists, Content-Usage (AIPREF); it only removes a Disallow.
 * AllowAITraining gets no fix: removing an Allow can block URLs Googlebot may fetch today.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const line of file.lines) {
    if (line.beyondLimit || !line.keySpan) continue;
    const proposal = aiTrainingKey(line);
    if (!proposal) continue;
    const canonical = CANONICAL_KEY[proposal.readAs];
    const reading = line.value === '' ? `${canonical}:` : `${canonical}: ${line.value}`;
    const effect =
      line.value === ''
        ? 'it matches nothing'
        : proposal.readAs === 'disallow'
          ? `it keeps the group's crawlers out of ${line.value.startsWith('/') || line.value.startsWith('*') ? (matchesEverything(line.value) ? 'the whole site' : 'the URLs it matches') : 'nothing (the pattern does not start with "/")'}`
          : 'it lets the group\'s crawlers fetch the URLs it matches, over any Disallow no longer than it';
    const fixes: Fix[] = [];
    if (proposal.readAs === 'disallow' && line.value.startsWith('/')) {
      const usage = `Content-Usage: ${line.value} train-ai=n`;
      fixes.push({
        title: `Replace with "${usage}" (a training preference; Googlebot then reads no Disallow here)`,
        edits: [{ span: statementSpan(line), newText: usage }],
      });
    }
    findings.push({
      id: 'ai-training-directive',
      span: statementSpan(line),
      message:
        `"${line.key}" is a proposed AI-training key that no crawler operator documents reading, so no crawler takes it as a preference. ` +
        `Google's parser reads any key that starts with "${canonical}" as ${canonical}, so this line is "${reading}" for Googlebot, and for this tool's verdicts, which follow Google: ${effect}. Parsers that read keys strictly ignore it. ` +
        'To state a training preference write "Content-Usage: train-ai=n" or "Content-Signal: ai-train=no"; to keep a crawler out, disallow it in its own group.',
      ...(fixes.length > 0 ? { fixes } : {}),
    });
  }
  return findings;
};
