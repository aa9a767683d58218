/**
 * Test URL results as text: a detailed block per crawler for the output channel, a
 * one-line summary for the notification, and the line to highlight. Pure functions of the
 * verdicts the server sent; line numbers are shown 1-based as in the editor.
 */

import type { FetchStateNote, SelectedGroupDto, TestUrlVerdict, VerdictDto } from '../../server/src/protocol';
import { plural } from '@robots-lens/kernel/words';
import { preferencesText } from '@robots-lens/kernel/preferences';
import { ignoreNote, mayIgnoreRobotsTxt } from '@robots-lens/kernel/ai-access';
import { purposesText } from '@robots-lens/editor/explain';
import type { WinningLine } from './winning-line';

/** The text of a 0-based document line, for quoting the rule that decided. */
export type LineText = (line: number) => string | undefined;

export interface ReportOptions {
  /** Say when Google's literal parser would decide otherwise (`robotsLens.parserNotes`). */
  readonly parserNotes: boolean;
}

const OUTCOME: Readonly<Record<VerdictDto['outcome'], string>> = {
  allowed: 'ALLOWED',
  disallowed: 'DISALLOWED',
  'not-applicable': 'NOT APPLICABLE',
};

/** How to name the agent: the token asked for, or what a full User-Agent header was read as. */
export function agentLabel(verdict: TestUrlVerdict): string {
  const { agent } = verdict;
  if (agent.kind === 'token') return agent.input;
  return agent.crawler ? agent.crawler.token : agent.token || agent.input;
}

export function verdictReport(verdict: TestUrlVerdict, lineText: LineText, options: ReportOptions): string[] {
  const { agent, group, rule } = verdict;
  const out = [`${agentLabel(verdict)} — ${verdict.url} — ${OUTCOME[verdict.outcome]}`];
  if (agent.kind === 'user-agent-header') out.push(`  User-Agent: ${agent.input}`);
  if (agent.crawler) {
    out.push(`  Crawler:    ${agent.crawler.name} (${agent.crawler.operator}) — ${purposesText(agent.crawler.purposes)}`);
    const ignoring = ignoreNote(agent.crawler);
    if (ignoring) out.push(`  Note:       ${ignoring}: the verdict is what the rules say, not what it will do.`);
  }
  out.push(`  Chain:      ${agent.chain.length > 0 ? agent.chain.join(' → ') : '(no product token)'} — ${agent.explanation}`);
  if (verdict.target !== null && verdict.target !== verdict.url) out.push(`  Matched:    ${verdict.target}`);
  if (group) out.push(`  Group:      ${groupInWords(group, lineText)}`);
  else if (verdict.reason === 'fetch-state') out.push('  Group:      none in force — how robots.txt was fetched decides, not its rules');
  else if (verdict.outcome !== 'not-applicable') out.push('  Group:      none — no group names a token of its chain, so everything is allowed');
  if (rule) {
    const quoted = lineText(rule.line)?.trim() ?? `${rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${rule.pattern}`;
    const octets = plural(rule.octets, 'octet');
    out.push(`  Winning:    line ${rule.line + 1}  ${quoted}  (longest match, ${octets}${rule.normalized !== rule.pattern ? `, normalised ${rule.normalized}` : ''})`);
  } else if (verdict.reason === 'no-matching-rule') {
    out.push('  Winning:    no rule of the group matches');
  }
  out.push(`  Why:        ${verdict.explanation}`);
  if (verdict.preferences) out.push(`  Preferences: ${preferencesText(verdict.preferences)}`);
  if (verdict.googleLiteral && options.parserNotes) {
    out.push(`  Google:     ${verdict.googleLiteral.explanation}`);
  }
  return out;
}

/** The group a crawler uses, quoting its User-agent line, and how it was chosen. */
export function groupInWords(group: Pick<SelectedGroupDto, 'token' | 'via' | 'agentLines' | 'groups'>, lineText: LineText): string {
  const lines = group.agentLines.map((line) => line + 1);
  const where = lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.join(', ')}`;
  const first = group.agentLines[0];
  const written = (first !== undefined ? lineText(first)?.trim() : undefined) ?? `User-agent: ${group.token}`;
  const merged = group.groups.length > 1 ? `, ${group.groups.length} groups merged` : '';
  switch (group.via) {
    case 'own-token':
      return `${written} (${where}${merged}) — its own group`;
    case 'fallback':
      return `${written} (${where}${merged}) — no group names its own token, so it falls back to ${group.token}`;
    case 'star':
      return `${written} (${where}${merged}) — no group names it, so it uses the * group`;
  }
}

/** What decided, in the summary, when no rule did. */
const REASON_NOTE: Partial<Record<TestUrlVerdict['reason'], string>> = {
  'no-group': ' (no group)',
  'no-matching-rule': ' (no rule matches)',
  'fetch-state': ' (by the fetch state)',
};

/** One line for the notification: each crawler's verdict and the line that decided it. */
export function verdictSummary(verdicts: readonly TestUrlVerdict[], options: ReportOptions): string {
  if (verdicts.length === 0) return 'No crawler was tested.';
  const url = verdicts[0]?.url ?? '';
  const parts = verdicts.map((verdict) => {
    const by = verdict.rule ? ` by line ${verdict.rule.line + 1}` : REASON_NOTE[verdict.reason] ?? '';
    const ignoring = verdict.agent.crawler && mayIgnoreRobotsTxt(verdict.agent.crawler) ? ' (may ignore robots.txt)' : '';
    return `${agentLabel(verdict)}${ignoring} ${verdict.outcome === 'not-applicable' ? 'not applicable' : verdict.outcome}${by}`;
  });
  const differing = options.parserNotes ? verdicts.filter((verdict) => verdict.googleLiteral).length : 0;
  const note = differing > 0 ? ` Google's literal parser would decide ${differing === 1 ? 'one of them' : `${differing} of them`} differently.` : '';
  return `${url}: ${parts.join(' · ')}.${note}`;
}

/** The line to highlight per verdict: the winning rule, else the group's first User-agent line. */
export function winningLines(verdicts: readonly TestUrlVerdict[]): WinningLine[] {
  const lines: WinningLine[] = [];
  for (const verdict of verdicts) {
    const line = verdict.rule?.line ?? verdict.group?.agentLines[0];
    if (line !== undefined) lines.push({ line, note: `${agentLabel(verdict)}: ${verdict.outcome}` });
  }
  return lines;
}

/** Why no rule decided on a fetched robots.txt that was unreachable or unavailable. */
export function fetchStateText(note: FetchStateNote): string {
  const verdict = note.allowed ? 'every URL is allowed' : 'every URL is disallowed';
  return `robots.txt of ${note.origin} was ${note.state} when fetched (${note.fetchedAt}): ${verdict}, whatever the rules say. ${note.explanation}`;
}
