/**
 * Removing a rule line without moving other lines into another group. A group's only rule
 * is what holds its User-agent lines apart from the next group's: without it they run on
 * into the next User-agent lines and join that group (RFC 9309 §2.1), and their crawlers
 * get rules they never had. A rule whose removal would do that is not removed by a fix.
 */

import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { deleteLine } from './text';
import type { TextEdit } from './types';

/** The edit that removes `rule`'s line, or undefined when that would join two groups. */
export function removeRule(file: RobotsFile, rule: Rule): TextEdit | undefined {
  const group = file.groups[rule.group];
  if (group && group.rules.length === 1 && file.groups[group.index + 1]) return undefined;
  return deleteLine(file, rule.line);
}

/**
 * Edits that remove several rule lines, leaving out the last of those that would take every
 * rule from a group that another group follows (see `removeRule`).
 */
export function removeRules(file: RobotsFile, rules: readonly Rule[]): TextEdit[] {
  const byGroup = new Map<number, Rule[]>();
  for (const rule of rules) {
    const list = byGroup.get(rule.group);
    if (list) list.push(rule);
    else byGroup.set(rule.group, [rule]);
  }
  const lines: number[] = [];
  for (const [g, list] of byGroup) {
    const group = file.groups[g];
    const kept = group && new Set(list).size === group.rules.length && file.groups[g + 1] ? list.slice(0, -1) : list;
    for (const rule of kept) lines.push(rule.line);
  }
  return removeLines(file, lines);
}

/** Edits that remove whole lines (each with its line break), runs of adjacent lines as one edit. */
export function removeLines(file: RobotsFile, lines: readonly number[]): TextEdit[] {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const edits: TextEdit[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const first = file.lines[sorted[i]!];
    const last = file.lines[sorted[j]!];
    if (first && last) {
      const next = file.lines[sorted[j]! + 1];
      const prev = file.lines[sorted[i]! - 1];
      // Up to the next line's start; at the end of the file, from the end of the line before.
      edits.push(next ? { span: { start: first.start, end: next.start }, newText: '' } : { span: { start: prev ? prev.end : first.start, end: last.end }, newText: '' });
    }
    i = j + 1;
  }
  return edits;
}
