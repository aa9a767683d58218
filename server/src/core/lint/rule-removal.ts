/**
 * Removing a rule line without moving other lines into another group. A group's only rule
 * is what holds its User-agent lines apart from the next group's: without it they run on
 * into the next User-agent lines and join that group (RFC 9309 §2.1), and their crawlers
 * get rules they never had. A rule whose removal would do that is not removed by a fix.
 */

import type { RobotsFile, Rule } from '../parse/model';
import { deleteLine } from './text';
import type { TextEdit } from './types';

/** The edit that removes `rule`'s line, or undefined when that would join two groups. */
export function removeRule(file: RobotsFile, rule: Rule): TextEdit | undefined {
  const group = file.groups[rule.group];
  if (group && group.rules.length === 1 && file.groups[group.index + 1]) return undefined;
  return deleteLine(file, rule.line);
}
