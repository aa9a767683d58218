/**
 * The Content-Signal and Content-Usage lines an edit adds or removes. They never change a
 * verdict (preferences sit beside verdicts), so the semantic diff does not see them; yet the
 * block edit adds one, and a reviewer must see it. A line counts as the same in both versions
 * when its statement and the User-agent lines of its group are the same: a line moved to
 * another group is removed there and added here.
 */

import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { RuleRef } from './types';

export interface PreferenceLineChange {
  readonly kind: 'added' | 'removed';
  /** The line (1-based) in the version it is in: the new one when added, the old one when removed. */
  readonly line: number;
  /** The statement as written, without its comment: `Content-Signal: ai-train=no`. */
  readonly text: string;
  /** The User-agent values of its group, as written; empty for a line outside any group. */
  readonly agents: readonly string[];
}

const PREFERENCE_KEYS = new Set(['content-signal', 'content-usage']);

export function preferenceLineChanges(oldFile: RobotsFile, newFile: RobotsFile): PreferenceLineChange[] {
  const before = preferenceLines(oldFile);
  const after = preferenceLines(newFile);
  const unmatched = (from: readonly Keyed[], against: readonly Keyed[]): Keyed[] => {
    const counts = new Map<string, number>();
    for (const line of against) counts.set(line.key, (counts.get(line.key) ?? 0) + 1);
    return from.filter((line) => {
      const left = counts.get(line.key) ?? 0;
      if (left === 0) return true;
      counts.set(line.key, left - 1);
      return false;
    });
  };
  return [
    ...unmatched(before, after).map(({ ref, agents }) => ({ kind: 'removed' as const, ...ref, agents })),
    ...unmatched(after, before).map(({ ref, agents }) => ({ kind: 'added' as const, ...ref, agents })),
  ];
}

interface Keyed {
  readonly key: string;
  readonly ref: RuleRef;
  readonly agents: readonly string[];
}

function preferenceLines(file: RobotsFile): Keyed[] {
  const out: Keyed[] = [];
  for (const line of file.lines) {
    if (line.beyondLimit || line.kind !== 'other' || line.directive === undefined || !PREFERENCE_KEYS.has(line.directive)) continue;
    const group = line.group === undefined ? undefined : file.groups[line.group];
    const agents = group ? group.agents.map((a) => a.value) : [];
    const text = statementText(file, line.index);
    // Case and spacing of the key and the group's tokens do not change what a line states.
    const key = JSON.stringify([agents.map((a) => a.toLowerCase()).sort(), line.directive, line.value]);
    out.push({ key, ref: { line: line.index + 1, text }, agents });
  }
  return out;
}
