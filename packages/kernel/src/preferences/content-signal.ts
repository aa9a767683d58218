/**
 * One Content-Signal line read per the Content Signals Policy: comma-separated
 * `key=value` entries; known keys `search`, `ai-input`, `ai-train` with `yes` / `no`, and
 * `use` with `immediate`, `reference` or `full` (Cloudflare's managed robots.txt writes
 * `use=reference`). A key left out, or given a value the policy does not define, states nothing.
 */

import type { ContentSignalLine, SignalEntry, SignalKey, SignalValue } from './model';
import { CONTENT_SIGNAL_USE, SIGNAL_KEYS } from './model';

type UseLevel = (typeof CONTENT_SIGNAL_USE.levels)[number];
const USE_LEVELS = CONTENT_SIGNAL_USE.levels;

export function readContentSignal(value: string, line: number, group: number): ContentSignalLine {
  const entries: SignalEntry[] = [];
  const signals: Record<SignalKey, SignalValue> = { search: null, 'ai-input': null, 'ai-train': null };
  const uses: UseLevel[] = [];
  let offset = 0;
  for (const part of value.split(',')) {
    const lead = part.length - part.trimStart().length;
    const text = part.trim();
    if (text !== '') {
      const equals = text.indexOf('=');
      const key = (equals < 0 ? text : text.slice(0, equals)).trim();
      const entryValue = equals < 0 ? '' : text.slice(equals + 1).trim();
      entries.push({ key, value: entryValue, offset: offset + lead });
      const known = SIGNAL_KEYS.find((k) => k === key.toLowerCase());
      const said = signalValue(entryValue);
      if (known && said) signals[known] = combineSignals([signals[known], said]);
      const level = key.toLowerCase() === CONTENT_SIGNAL_USE.key ? useLevel(entryValue) : undefined;
      if (level) uses.push(level);
    }
    offset += part.length + 1;
  }
  return { line, group, signals, use: combineUse(uses), entries };
}

export function useLevel(text: string): UseLevel | undefined {
  const lower = text.toLowerCase();
  return USE_LEVELS.find((level) => level === lower);
}

/** Several `use` levels for one crawler: the least permissive wins, like "no" among signals. */
export function combineUse(levels: readonly (UseLevel | null)[]): UseLevel | null {
  let least: UseLevel | null = null;
  for (const level of levels) {
    if (level !== null && (least === null || USE_LEVELS.indexOf(level) < USE_LEVELS.indexOf(least))) least = level;
  }
  return least;
}

export function signalValue(text: string): 'yes' | 'no' | undefined {
  const lower = text.toLowerCase();
  return lower === 'yes' || lower === 'no' ? lower : undefined;
}

/** Several statements of one key: "no" is the most restrictive and wins, else "yes", else nothing. */
export function combineSignals(values: readonly SignalValue[]): SignalValue {
  if (values.includes('no')) return 'no';
  if (values.includes('yes')) return 'yes';
  return null;
}
