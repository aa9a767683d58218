/**
 * The effective preferences as plain JSON data, beside a verdict's JSON: what
 * `robots-lens test --json` prints under "preferences". Lines are 1-based.
 */

import { verdictJson } from '../match';
import type { Verdict, VerdictJson } from '../match';
import type { RobotsFile } from '../parse';
import { effectivePreferences } from './effective';
import type { EffectivePreferences } from './model';

export interface PreferencesJson {
  readonly applicable: boolean;
  readonly contentUsage: { readonly line: number; readonly 'train-ai': string; readonly search: string } | null;
  readonly contentSignal: { readonly line: number; readonly search: string | null; readonly 'ai-input': string | null; readonly 'ai-train': string | null; readonly use: string | null } | null;
}

export function preferencesJson(preferences: EffectivePreferences): PreferencesJson {
  const usage = preferences.contentUsage;
  const signal = preferences.contentSignal;
  return {
    applicable: preferences.applicable,
    contentUsage: usage ? { line: usage.line + 1, 'train-ai': usage.preferences['train-ai'], search: usage.preferences.search } : null,
    contentSignal: signal
      ? { line: signal.line + 1, search: signal.signals.search, 'ai-input': signal.signals['ai-input'], 'ai-train': signal.signals['ai-train'], use: signal.use }
      : null,
  };
}

/** A verdict's JSON with the preferences in effect beside it (`robots-lens test --json`). */
export function verdictWithPreferencesJson(verdict: Verdict, robots: RobotsFile): VerdictJson & { readonly preferences: PreferencesJson } {
  return { ...verdictJson(verdict, robots), preferences: preferencesJson(effectivePreferences(robots, verdict)) };
}
