/**
 * The preferences in effect for (URL, crawler), beside the crawl verdict: the Content-Signal
 * of the group the crawler obeys, and the longest matching Content-Usage rule of that group
 * (matched like Allow/Disallow; rules with the longest path combined most-restrictively).
 * A URL the crawler may not fetch has no preferences at all.
 */

import { compilePattern, matches } from '../match';
import type { CompiledPattern, Verdict } from '../match';
import type { RobotsFile } from '../parse';
import { combineSignals, combineUse } from './content-signal';
import { combineUsage } from './content-usage';
import type { ContentUsageRule, EffectivePreferences, EffectiveSignal, EffectiveUsage, SignalKey, UsageLabel } from './model';
import { SIGNAL_KEYS, USAGE_LABELS } from './model';
import { preferenceStatements } from './read';

const NOT_APPLICABLE: EffectivePreferences = { applicable: false, contentUsage: null, contentSignal: null };
const NONE: EffectivePreferences = { applicable: true, contentUsage: null, contentSignal: null };

const compiled = new WeakMap<ContentUsageRule, CompiledPattern>();

/** The preferences in effect beside `verdict`, a verdict of the matcher of `file`. */
export function effectivePreferences(file: RobotsFile, verdict: Verdict): EffectivePreferences {
  if (verdict.outcome !== 'allowed') return NOT_APPLICABLE;
  const group = verdict.group;
  if (!group) return NONE;
  const fixed = pathFreePreferences(file, group.groups);
  if (fixed !== undefined) return fixed;
  const target = verdict.target ?? '/';
  return { applicable: true, contentUsage: usageFor(file, group.groups, target), contentSignal: signalFor(file, group.groups) };
}

/**
 * The preferences of pooled `groups` when no Content-Usage rule of theirs has a path (the
 * usual file): the same for every URL, so worked out once per pool and shared, not once
 * per verdict. Undefined when they depend on the URL.
 */
function pathFreePreferences(file: RobotsFile, groups: readonly number[]): EffectivePreferences | undefined {
  let byPool = pathFree.get(file);
  if (byPool === undefined) pathFree.set(file, (byPool = new Map()));
  let fixed = byPool.get(groups);
  if (fixed === undefined) {
    const pathless = preferenceStatements(file).contentUsage.every((rule) => rule.normalized === null || !groups.includes(rule.group));
    const contentUsage = pathless ? usageFor(file, groups, '/') : null;
    const contentSignal = pathless ? signalFor(file, groups) : null;
    fixed = !pathless ? null : contentUsage === null && contentSignal === null ? NONE : { applicable: true, contentUsage, contentSignal };
    // Pools are few and kept by the matcher; other arrays only pass through, so keep the map small.
    if (byPool.size >= 1_000) byPool.clear();
    byPool.set(groups, fixed);
  }
  return fixed ?? undefined;
}

const pathFree = new WeakMap<RobotsFile, Map<readonly number[], EffectivePreferences | null>>();

/** The Content-Usage in effect for `target` (a normalised path and query) in the pooled `groups`. */
export function usageFor(file: RobotsFile, groups: readonly number[], target: string): EffectiveUsage | null {
  let best: ContentUsageRule[] = [];
  let bestOctets = Number.NEGATIVE_INFINITY;
  for (const rule of preferenceStatements(file).contentUsage) {
    if (!groups.includes(rule.group) || rule.octets < bestOctets) continue;
    if (!ruleMatches(rule, target)) continue;
    if (rule.octets > bestOctets) {
      best = [rule];
      bestOctets = rule.octets;
    } else best.push(rule);
  }
  if (best.length === 0) return null;
  const preferences = {} as Record<UsageLabel, EffectiveUsage['preferences'][UsageLabel]>;
  for (const label of USAGE_LABELS) preferences[label] = combineUsage(best.map((rule) => rule.preferences[label]));
  return { line: best[0]!.line, lines: best.map((rule) => rule.line), preferences };
}

function ruleMatches(rule: ContentUsageRule, target: string): boolean {
  if (rule.normalized === null) return true;
  let pattern = compiled.get(rule);
  if (!pattern) {
    pattern = compilePattern(rule.normalized);
    compiled.set(rule, pattern);
  }
  return matches(pattern, target);
}

/** The Content-Signal lines of the pooled `groups`, combined key by key. */
export function signalFor(file: RobotsFile, groups: readonly number[]): EffectiveSignal | null {
  const lines = preferenceStatements(file).contentSignals.filter((line) => groups.includes(line.group));
  if (lines.length === 0) return null;
  const signals = {} as Record<SignalKey, EffectiveSignal['signals'][SignalKey]>;
  const signalLines = {} as Record<SignalKey, number | null>;
  for (const key of SIGNAL_KEYS) {
    const value = combineSignals(lines.map((line) => line.signals[key]));
    signals[key] = value;
    signalLines[key] = value === null ? null : lines.find((line) => line.signals[key] === value)!.line;
  }
  const use = combineUse(lines.map((line) => line.use));
  const useLine = use === null ? null : lines.find((line) => line.use === use)!.line;
  return { line: lines[0]!.line, lines: lines.map((line) => line.line), signals, signalLines, use, useLine };
}
