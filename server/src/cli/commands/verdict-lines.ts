/**
 * A verdict as text lines, as `test` prints it for URLs given as arguments or in a `--urls`
 * list: the outcome (coloured), the URL, the agent, the deciding line and the group.
 */

import { effectivePreferences, preferencesText, statesPreferences } from '@robots-lens/kernel/preferences';
import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { Verdict } from '@robots-lens/kernel/match';
import { ignoreNote } from '@robots-lens/kernel/ai-access';
import { styled } from '../output';
import type { Piece } from '../output';

/** Where a verdict line's URL starts: the outcome (`disallowed` is the widest) and two spaces. Notes and error lines start there too. */
const OUTCOME_COLUMN = 'disallowed'.length + 2;

/** `label` padded to the outcome column, so that what follows lines up under the URLs. */
export function outcomeCell(label: string): string {
  return label.padEnd(OUTCOME_COLUMN);
}

/** A verdict as one line of pieces (the outcome coloured), and a note line when Google reads it literally. */
export function formatVerdict(verdict: Verdict, robots: RobotsFile): Piece[][] {
  const label = verdict.outcome === 'not-applicable' ? 'n/a' : verdict.outcome;
  const outcome = verdict.outcome === 'allowed' ? styled('allowed', label) : verdict.outcome === 'disallowed' ? styled('disallowed', label) : label;
  const parts = [verdict.url, `[${verdict.agent.input}]`];
  if (verdict.rule) parts.push(`line ${verdict.rule.line + 1}: ${statementText(robots, verdict.rule.line)}`);
  else if (verdict.reason === 'no-matching-rule') parts.push('no rule matches');
  else if (verdict.reason === 'no-group') parts.push('no group applies');
  else if (verdict.reason === 'robots-txt') parts.push('/robots.txt is always allowed');
  if (verdict.group) {
    const lines = verdict.group.agentLines;
    parts.push(`group User-agent: ${verdict.group.token} (line${lines.length > 1 ? 's' : ''} ${lines.map((l) => l + 1).join(', ')})`);
  }
  if (verdict.outcome === 'not-applicable') parts.push(verdict.explanation);
  const lines: Piece[][] = [[outcome, outcomeCell(label).slice(label.length) + parts.join('  ')]];
  if (verdict.googleLiteral) lines.push([`${outcomeCell('')}note: ${verdict.googleLiteral.explanation}`]);
  // A statement about the crawler, not about the group: the verdict is what the rules say, not what it does.
  const ignoring = verdict.agent.crawler ? ignoreNote(verdict.agent.crawler) : undefined;
  if (ignoring) lines.push([`${outcomeCell('')}note: ${ignoring}: this is what the rules say, not what it will do.`]);
  // Files that state no preference keep one line per verdict.
  if (statesPreferences(robots)) lines.push([`${outcomeCell('')}preferences: ${preferencesText(effectivePreferences(robots, verdict))}`]);
  return lines;
}
