import type { AgentLine, Group, RobotsFile, Span } from '@robots-lens/kernel/parse';
import type { RuleAnalysis } from '../rule-analysis';
import { fold } from '../fold';
import type { Check, Fix, Report, RuleDescription, TextEdit } from '../types';
import { deleteLine, eol, lineSpan, statementText } from '../text';
import { agentKey, lineRange, matchesEverything, nameList } from './audience';

export const RULES = [
  { id: 'detached-group', title: 'User-agent lines separated from their rules', description: 'RFC 9309 keeps User-agent lines separated by blank lines or comments in one group, but older parsers split records at blank lines, and authors often meant them apart.' },
  { id: 'detached-group-blocks-site', title: 'Crawler shut out by a group across a blank line', description: 'A User-agent line followed by a blank line and another User-agent line joins the group that follows (RFC 9309): when that group has "Disallow: /", the crawler is blocked from the entire site, though the blank line makes it look apart.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * ★ detached-group: blank lines inside a group. RFC 9309 (and this tool) keep the group
 * together; parsers following the 1994 convention end a record at a blank line, and
 * authors often meant the parts apart. Only blank lines count: no parser ends a record at
 * a comment, and a comment between User-agent and its rules is a common way to document.
 */
export const check: Check<typeof RULES> = ({ file, rules: analysis }) => {
  const findings: Report<typeof RULES>[] = [];
  // The site-closing rule each blocks-site finding names: one finding per such rule.
  const blockOf = new Map<Report<typeof RULES>, number>();
  for (const group of file.groups) {
    const firstRule = group.rules[0];
    // Without rules there is nothing for the parts to share or lose.
    if (!firstRule) continue;
    const segments: AgentLine[][] = [];
    const gaps: number[][] = [];
    let current: AgentLine[] = [];
    for (const agent of group.agents) {
      const previous = current[current.length - 1];
      const blanks = previous ? blankLinesBetween(file, previous.line, agent.line) : [];
      if (blanks.length > 0) {
        segments.push(current);
        gaps.push(blanks);
        current = [];
      }
      current.push(agent);
    }
    segments.push(current);
    const lastAgent = current[current.length - 1];
    if (!lastAgent) continue;
    const blanksBeforeRules = blankLinesBetween(file, lastAgent.line, firstRule.line);

    const rules = describeRules(file, group);
    const everyone = nameList(group.agents.map(agentName));
    segments.forEach((segment, i) => {
      const gap = gaps[i];
      if (!gap) return;
      const names = nameList(segment.map(agentName));
      const next = segments[i + 1]?.[0];
      if (!next) return;
      const first = segment[0]!;
      const last = segment[segment.length - 1]!;
      const plural = segment.length > 1;
      const ownGroup = segment.every((agent) => namedOnlyHere(file, agent, group))
        ? {
            title: `Give ${names} ${plural ? 'their' : 'its'} own group ("Allow: /")`,
            edits: [{ span: { start: lineEnd(file, last.line), end: lineEnd(file, last.line) }, newText: eol(file) + 'Allow: /' }],
          }
        : undefined;
      // The blank line hides that the crawlers join a group that closes the whole site to them: that is an error.
      const block = siteBlock(file, analysis, group, segment);
      if (block) {
        const report: Report<typeof RULES> = {
          id: 'detached-group-blocks-site',
          span: segmentSpan(file, first, last),
          message:
            `"${statementText(file, last.line)}" is followed by a blank line, but that does not end the group: under RFC 9309 ${plural ? 'they are' : 'it is'} in one group ` +
            `with the User-agent lines that follow (from line ${next.line + 1}), and "${statementText(file, block.line)}" (line ${block.line + 1}) blocks ${block.who} from the entire site.`,
          related: [
            { span: lineSpan(file, block.line), message: `Blocks ${block.who} from the entire site.` },
            { span: lineSpan(file, next.line), message: `In the same group as line ${first.line + 1}.` },
          ],
          ...(ownGroup ? { fixes: [{ ...ownGroup, preferred: true }] } : {}),
        };
        findings.push(report);
        blockOf.set(report, block.line);
        return;
      }
      findings.push({
        id: 'detached-group',
        span: segmentSpan(file, first, last),
        message:
          `A blank line separates "${statementText(file, last.line)}" from "${statementText(file, next.line)}" (line ${next.line + 1}), ` +
          `but it does not end the group: under RFC 9309 ${everyone} share ${rules}. ` +
          `Parsers that end a record at a blank line would not apply these rules to ${names}${withoutRules(file, segment, group)}.`,
        related: [
          { span: lineSpan(file, next.line), message: `In the same group as line ${first.line + 1}.` },
          { span: lineSpan(file, firstRule.line), message: `Applies to ${everyone}.` },
        ],
        fixes: [
          { title: `Remove the blank ${gap.length === 1 ? 'line' : 'lines'} so the group reads as one`, edits: gap.map((l) => deleteLine(file, l)), preferred: true },
          // Only for crawlers with no other group: one that has more rules elsewhere would
          // keep those and lose this group's Allow rules, which may disallow more.
          ...(ownGroup ? [ownGroup] : []),
        ],
      });
    });

    if (blanksBeforeRules.length > 0) {
      const segment = segments[segments.length - 1]!;
      const edits: TextEdit[] = blanksBeforeRules.map((l) => deleteLine(file, l));
      const fix: Fix = { title: `Remove the blank ${blanksBeforeRules.length === 1 ? 'line' : 'lines'} before the rules`, edits, preferred: true };
      findings.push({
        id: 'detached-group',
        span: segmentSpan(file, segment[0]!, lastAgent),
        message:
          `A blank line separates "${statementText(file, lastAgent.line)}" from its rules (line ${firstRule.line + 1} on), but it does not end the group: ` +
          `under RFC 9309 ${everyone} ${group.agents.length > 1 ? 'use' : 'uses'} ${rules}. ` +
          `Parsers that end a record at a blank line would apply these rules to no crawler (they would follow no User-agent line)${withoutRules(file, segment, group)}.`,
        related: [{ span: lineSpan(file, firstRule.line), message: `Applies to ${everyone}.` }],
        fixes: [fix],
      });
    }
  }
  // Several detached parts joining one site-closing rule: one cause, one finding.
  return fold(file, findings, (report) => (blockOf.has(report) ? String(blockOf.get(report)) : undefined), {
    more: (n, lines) => `The same goes for ${n} more User-agent ${n === 1 ? 'line' : 'lines'} in the group, each followed by a blank line (${lines}).`,
  });
};

/**
 * The rule of this group that closes the whole site to the agents of a detached segment
 * (a `Disallow: /` that decides, with no Allow in their pool to reopen anything), and who
 * it blocks; undefined when it does not, or when the agents are blocked by other groups
 * of theirs anyway.
 */
function siteBlock(file: RobotsFile, analysis: RuleAnalysis, group: Group, segment: readonly AgentLine[]): { line: number; who: string } | undefined {
  const rule = group.rules.find((r) => r.kind === 'disallow' && matchesEverything(r.normalized) && !analysis.byLine.get(r.line)?.shadowedBy);
  if (!rule) return undefined;
  const blocked: string[] = [];
  for (const agent of segment) {
    const key = agentKey(agent);
    if (key === '') continue;
    const pool = file.groupsByToken.get(key) ?? [];
    const reopened = pool.some((g) => file.groups[g]?.rules.some((r) => r.kind === 'allow' && r.normalized !== ''));
    const elsewhere = pool.some((g) => g !== group.index && file.groups[g]?.rules.some((r) => r.kind === 'disallow' && matchesEverything(r.normalized)));
    if (!reopened && !elsewhere) blocked.push(agent.isStar ? 'every crawler without a group of its own' : agent.token);
  }
  return blocked.length > 0 ? { line: rule.line, who: nameList(blocked) } : undefined;
}

/**
 * `, leaving A without rules of its own` for the agents of a segment that have rules in
 * no other group: only of those is it true (the `*` of a file may have twenty rules
 * elsewhere). Empty when every agent has rules elsewhere.
 */
function withoutRules(file: RobotsFile, segment: readonly AgentLine[], group: Group): string {
  const alone = segment.filter((agent) => !(file.groupsByToken.get(agentKey(agent)) ?? []).some((g) => g !== group.index && (file.groups[g]?.rules.length ?? 0) > 0));
  if (alone.length === 0) return '';
  return `, leaving ${nameList(alone.map(agentName))} without ${alone.length > 1 ? 'rules of their own' : 'rules of its own'}`;
}

/** The agent's token (or `*`) names no group but this one. */
function namedOnlyHere(file: RobotsFile, agent: AgentLine, group: Group): boolean {
  const groups = file.groupsByToken.get(agentKey(agent)) ?? [];
  return groups.every((g) => g === group.index);
}

function agentName(agent: AgentLine): string {
  return agent.value === '' ? '(empty User-agent)' : agent.value;
}

/** Blank lines strictly between two physical lines. */
function blankLinesBetween(file: RobotsFile, from: number, to: number): number[] {
  const blanks: number[] = [];
  for (let l = from + 1; l < to; l++) if (file.lines[l]?.kind === 'blank') blanks.push(l);
  return blanks;
}

function describeRules(file: RobotsFile, group: Group): string {
  const rules = group.rules;
  if (rules.length <= 3) {
    const quoted = rules.map((r) => `"${statementText(file, r.line)}"`);
    return `the ${rules.length === 1 ? 'rule' : 'rules'} ${nameList(quoted)} (${lineRange(rules[0]!.line, rules[rules.length - 1]!.line)})`;
  }
  return `the ${rules.length} rules of ${lineRange(rules[0]!.line, rules[rules.length - 1]!.line)}`;
}

function segmentSpan(file: RobotsFile, first: AgentLine, last: AgentLine): Span {
  return { start: lineSpan(file, first.line).start, end: lineSpan(file, last.line).end };
}

function lineEnd(file: RobotsFile, line: number): number {
  return lineSpan(file, line).end;
}
