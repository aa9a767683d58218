/**
 * The effective preferences in words, one short line, for every place a verdict is shown as
 * text (the CLI, Test URL, the matrix, replay records). Lines are 1-based.
 */

import type { EffectivePreferences } from './model';

export function preferencesText(preferences: EffectivePreferences): string {
  if (!preferences.applicable) return 'not applicable: not crawlable';
  const parts: string[] = [];
  const usage = preferences.contentUsage;
  if (usage) parts.push(`Content-Usage (line ${usage.line + 1}): train-ai ${usage.preferences['train-ai']}, search ${usage.preferences.search}`);
  const signal = preferences.contentSignal;
  if (signal) {
    const said = (['search', 'ai-input', 'ai-train'] as const).map((key) => `${key}=${signal.signals[key] ?? 'not stated'}`);
    // Cloudflare's use level, only where a line states one: most files have none.
    if (signal.use !== null) said.push(`use=${signal.use}`);
    parts.push(`Content-Signal (line ${signal.line + 1}): ${said.join(', ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'none stated';
}
