import type { Group, RobotsFile } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { Check, Fix, Report, RuleDescription, TextEdit } from '../types';
import { eol, lineSpan, statementText } from '../text';
import { agentKey, nameList } from './audience';

export const RULES = [
  { id: 'duplicate-group', title: 'Same crawler named in several groups', description: 'Groups naming the same token are merged (RFC 9309), which is easy to misread.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * duplicate-group: a token named by several groups. Crawlers merge them (RFC 9309), which
 * is correct but easy to misread. Reported once per token, on its second group, pointing at
 * the first; any later groups are related locations.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const tokenOf = new Map<Report<typeof RULES>, string>();
  for (const [key, groups] of file.groupsByToken) {
    if (groups.length < 2) continue;
    const first = file.groups[groups[0]!];
    if (!first) continue;
    const firstAgent = first.agents.find((a) => agentKey(a) === key);
    if (!firstAgent) continue;
    const name = key === '*' ? '*' : firstAgent.token;
    const ranges = groups.map((g) => file.groups[g]).filter((g): g is Group => g !== undefined && g.rules.length > 0).map(rulesRange);
    const together = ranges.length > 0 ? `the rules of ${ranges.length === 1 && !ranges[0]!.includes('–') ? 'line' : 'lines'} ${nameList(ranges, 8)} together` : 'the groups together';
    for (const g of groups.slice(1)) {
      const later = file.groups[g];
      const agent = later?.agents.find((a) => agentKey(a) === key);
      if (!later || !agent) continue;
      // Moving rules is safe only when both groups speak to this token alone; otherwise
      // the other agents of either group would gain or lose rules.
      const fix = onlyNames(first, key) && onlyNames(later, key) ? mergeFix(file, first, later, name) : undefined;
      const report: Report<typeof RULES> = {
        id: 'duplicate-group',
        span: lineSpan(file, agent.line),
        message:
          `"${statementText(file, agent.line)}" names ${name === '*' ? 'the * group' : name} again (first on line ${firstAgent.line + 1}): ` +
          `crawlers merge the groups, so ${name === '*' ? 'crawlers without a group of their own obey' : `${name} obeys`} ${together}.`,
        related: [{ span: lineSpan(file, firstAgent.line), message: `${name === '*' ? 'The * group' : name} is first named here.` }],
        ...(fix ? { fixes: [fix] } : {}),
      };
      findings.push(report);
      tokenOf.set(report, key);
    }
  }
  // One finding per token: its later groups are related locations.
  return fold(file, findings, (report) => tokenOf.get(report), {
    more: (n, lines) => `It is named again in ${n} more ${n === 1 ? 'group' : 'groups'} (${lines}).`,
  });
};

function onlyNames(group: Group, key: string): boolean {
  return group.agents.every((a) => agentKey(a) === key);
}

/** `5` or `5–9` (1-based): where a group's rules are. */
function rulesRange(group: Group): string {
  const first = group.rules[0]!.line + 1;
  const last = group.rules[group.rules.length - 1]!.line + 1;
  return first === last ? `${first}` : `${first}–${last}`;
}

/**
 * Moves the later group's lines (rules, Crawl-delay, comments — not its User-agent or
 * blank lines) to the end of the first group, and deletes the later group.
 */
function mergeFix(file: RobotsFile, first: Group, later: Group, name: string): Fix {
  const br = eol(file);
  const moved: string[] = [];
  for (let l = later.firstLine; l <= later.lastLine; l++) {
    const line = file.lines[l];
    if (!line || line.kind === 'user-agent' || line.kind === 'blank') continue;
    moved.push(file.text.slice(line.start, line.end));
  }
  const insertAt = lineSpan(file, first.lastLine).end;
  const insertText = moved.map((t) => br + t).join('');

  // Delete the later group's lines with their line breaks, and one blank line before it when
  // a blank line (or the end of the file) follows, so the spacing stays as it was.
  let from = later.firstLine;
  const to = later.lastLine;
  const after = file.lines[to + 1];
  if (file.lines[from - 1]?.kind === 'blank' && from - 1 > first.lastLine && (!after || after.kind === 'blank')) from--;
  const deletion: { start: number; end: number } = after
    ? { start: lineSpan(file, from).start, end: after.start }
    : { start: lineSpan(file, from - 1).end, end: lineSpan(file, to).end };

  const edits: TextEdit[] =
    deletion.start <= insertAt
      ? [{ span: { start: insertAt, end: deletion.end }, newText: insertText }]
      : [
          { span: { start: insertAt, end: insertAt }, newText: insertText },
          { span: deletion, newText: '' },
        ];
  return { title: `Merge this group into the first ${name === '*' ? '*' : name} group (line ${first.firstLine + 1})`, edits };
}
