import type { Group, RobotsFile } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import { lineSpan, statementText } from '../text';
import type { Check, Report, RuleDescription } from '../types';
import { agentKey, lineRange, nameList, requestingUsers } from './audience';

export const RULES = [
  { id: 'section-without-user-agent', title: 'Rules under a comment heading, still in the group above', description: 'A blank line and a comment heading do not start a group: rules after them belong to the group above until the next User-agent line, and apply to its crawlers only.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * section-without-user-agent: inside a named group, after its rules, a blank line, then a
 * comment heading ("# Store /shop/ Disallow Statements"), then more rules and no User-agent
 * line. The author likely meant a new section for every crawler; the rules apply to the
 * crawlers of the group above. Not for the `*` group (its rules do apply to every crawler
 * without a group), nor when the heading names one of the group's crawlers.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const group of file.groups) {
    if (group.rules.length < 2 || group.agents.some((a) => a.isStar)) continue;
    const tokens = group.agents.map((a) => a.token.toLowerCase()).filter((t) => t !== '');
    for (let i = 1; i < group.rules.length; i++) {
      const previous = group.rules[i - 1]!;
      const rule = group.rules[i]!;
      const heading = headingBetween(file, previous.line, rule.line);
      if (heading === undefined) continue;
      const text = file.text.slice(file.lines[heading]!.start, file.lines[heading]!.end).trim();
      if (tokens.some((t) => text.toLowerCase().includes(t)) || /user-?agent/i.test(text)) continue;
      // The rules of the section: up to the next blank line or the end of the group.
      let last = i;
      while (last + 1 < group.rules.length && !hasBlankBetween(file, group.rules[last]!.line, group.rules[last + 1]!.line)) last++;
      const section = group.rules.slice(i, last + 1);
      findings.push({
        id: 'section-without-user-agent',
        span: lineSpan(file, heading),
        message:
          `The ${section.length === 1 ? 'rule' : `${section.length} rules`} after "${text}" (${lineRange(rule.line, section[section.length - 1]!.line)}) ` +
          `${section.length === 1 ? 'follows' : 'follow'} a blank line and a comment but no User-agent line: ${section.length === 1 ? 'it belongs' : 'they belong'} to the group of ` +
          `"${statementText(file, group.agents[0]!.line)}" (line ${group.agents[0]!.line + 1}) and ${section.length === 1 ? 'applies' : 'apply'} to ${audience(file, group)} only, not to every crawler.`,
        related: [{ span: lineSpan(file, group.agents[0]!.line), message: `The group lines ${lineRange(rule.line, section[section.length - 1]!.line)} belong to.` }],
      });
      i = last;
    }
  }
  return fold(file, findings, (f) => f.id, { more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'heading' : 'headings'} (${lines}).` });
};

/** The last comment line of a run that follows a blank line between two rule lines. */
function headingBetween(file: RobotsFile, from: number, to: number): number | undefined {
  let blank = false;
  let heading: number | undefined;
  for (let l = from + 1; l < to; l++) {
    const kind = file.lines[l]?.kind;
    if (kind === 'blank') {
      blank = true;
      heading = undefined;
    } else if (kind === 'comment') {
      if (blank) heading = l;
    } else return undefined;
  }
  return blank ? heading : undefined;
}

function hasBlankBetween(file: RobotsFile, from: number, to: number): boolean {
  for (let l = from + 1; l < to; l++) if (file.lines[l]?.kind === 'blank') return true;
  return false;
}

/** The crawlers a group speaks to: its tokens, and the catalogue crawlers that use it through a fallback. */
function audience(file: RobotsFile, group: Group): string {
  const names: string[] = [];
  for (const agent of group.agents) if (agentKey(agent) !== '' && !names.includes(agent.token)) names.push(agent.token);
  for (const user of requestingUsers(file, group.index)) if (!user.own && !names.some((n) => n.toLowerCase() === user.crawler.token.toLowerCase())) names.push(user.crawler.token);
  return names.length > 0 ? nameList(names) : 'no crawler';
}
