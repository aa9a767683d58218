/**
 * What a group does, in one clause for the first line of a User-agent hover: the rules a
 * crawler naming this line's token obeys (the groups naming the same token are pooled, RFC
 * 9309), said as what is disallowed. Every clause holds for every URL: rules are listed, not
 * paraphrased, since a longer Allow can reopen part of what a Disallow closes.
 */

import type { Group, Line, RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { pluralNoun } from '@robots-lens/kernel/words';
import { codeSpan } from '@robots-lens/editor/explain';

/** Rules named before "and N more". */
const SHOWN = 3;

/** "**This group** disallows …" for the group of a User-agent line; undefined when the line is in no group. */
export function groupEffect(file: RobotsFile, line: Line): string | undefined {
  if (line.group === undefined) return undefined;
  const group = file.groups[line.group];
  if (!group) return undefined;
  const pooled = pooledGroups(file, group, line.index);
  // An empty Disallow matches no URL: it neither closes nor counts.
  const rules = pooled.flatMap((g) => file.groups[g]?.rules ?? []).filter((rule) => !(rule.kind === 'disallow' && rule.pattern === ''));
  const others = pooled.filter((g) => g !== group.index).map((g) => (file.groups[g]?.firstLine ?? 0) + 1);
  const subject = others.length > 0 ? `**This group** (pooled with the ${pluralNoun(others.length, 'group')} at ${pluralNoun(others.length, 'line')} ${others.join(', ')})` : '**This group**';
  const disallows = rules.filter((rule) => rule.kind === 'disallow');
  const allows = rules.filter((rule) => rule.kind === 'allow' && rule.pattern !== '');
  if (disallows.length === 0) return `${subject} disallows nothing: every URL is allowed.`;
  const allowing = allows.length > 0 ? `; Allow ${listed(allows)}` : '';
  const closing = disallows.find((rule) => rule.normalized === '/' || rule.normalized === '/*');
  if (closing) return `${subject} disallows every URL (${codeSpan(`Disallow: ${closing.pattern}`)})${allowing}.`;
  return `${subject} disallows ${listed(disallows)}${allowing}; a URL no Disallow matches is allowed.`;
}

/** The groups whose rules a crawler naming this line's token obeys, in file order. */
function pooledGroups(file: RobotsFile, group: Group, lineIndex: number): readonly number[] {
  const agent = group.agents.find((a) => a.line === lineIndex);
  const key = agent?.isStar ? '*' : agent?.token.toLowerCase() ?? '';
  return (key !== '' ? file.groupsByToken.get(key) : undefined) ?? [group.index];
}

function listed(rules: readonly Rule[]): string {
  const shown = rules.slice(0, SHOWN).map((rule) => codeSpan(rule.pattern)).join(', ');
  return rules.length > SHOWN ? `${shown} and ${rules.length - SHOWN} more` : shown;
}
