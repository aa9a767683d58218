/**
 * One Content-Usage line read per draft-ietf-aipref-attach: an optional path, then the
 * preferences as a Structured Fields Dictionary of the vocabulary's labels.
 */

import { normalizePattern } from '../encoding';
import type { ContentUsageRule, UsageLabel, UsagePreference } from './model';
import { USAGE_LABELS } from './model';
import { parseDictionary } from './structured-dictionary';

const ALL_UNKNOWN: Readonly<Record<UsageLabel, UsagePreference>> = { 'train-ai': 'unknown', search: 'unknown' };

/** Reads the value of a Content-Usage line (trimmed, without its comment). */
export function readContentUsage(value: string, line: number, group: number): ContentUsageRule {
  let path: string | null = null;
  let preferenceText = value;
  if (value.startsWith('/')) {
    const end = value.search(/[ \t]/);
    path = end < 0 ? value : value.slice(0, end);
    preferenceText = end < 0 ? '' : value.slice(end).replace(/^[ \t]+/, '');
  }
  const normalized = path === null ? null : normalizePattern(path);
  const octets = normalized === null ? -1 : normalized.length;
  const members = parseDictionary(preferenceText);
  if (members === undefined) {
    return { line, group, path, normalized, octets, preferenceText, parsed: false, preferences: ALL_UNKNOWN, unknownLabels: [], repeatedLabels: [] };
  }
  const seen = new Map<string, UsagePreference>();
  const unknownLabels: string[] = [];
  const repeatedLabels: string[] = [];
  const preferences: Record<UsageLabel, UsagePreference> = { ...ALL_UNKNOWN };
  for (const member of members) {
    const known = (USAGE_LABELS as readonly string[]).includes(member.key);
    if (!known) {
      if (!unknownLabels.includes(member.key)) unknownLabels.push(member.key);
      else if (!repeatedLabels.includes(member.key)) repeatedLabels.push(member.key);
      continue;
    }
    const label = member.key as UsageLabel;
    const preference = preferenceOf(member.value.kind === 'token' ? member.value.token : undefined);
    const earlier = seen.get(label);
    if (earlier === undefined) {
      seen.set(label, preference);
      preferences[label] = preference;
    } else {
      if (!repeatedLabels.includes(label)) repeatedLabels.push(label);
      // A label given twice with different values states nothing certain.
      if (earlier !== preference) preferences[label] = 'unknown';
    }
  }
  return { line, group, path, normalized, octets, preferenceText, parsed: true, preferences, unknownLabels, repeatedLabels };
}

/** `y` and `n` are the vocabulary's values; any other value (a string, a boolean, `Y`) is unknown. */
function preferenceOf(token: string | undefined): UsagePreference {
  if (token === 'y') return 'allowed';
  if (token === 'n') return 'disallowed';
  return 'unknown';
}

/** Several preferences for the same path: any "n" wins, else any "y", else unknown. */
export function combineUsage(preferences: readonly UsagePreference[]): UsagePreference {
  if (preferences.includes('disallowed')) return 'disallowed';
  if (preferences.includes('allowed')) return 'allowed';
  return 'unknown';
}
