/**
 * One Content-Signal line read per the Content Signals Policy: comma-separated
 * `key=value` entries; known keys `search`, `ai-input`, `ai-train` with `yes` / `no`. A key
 * left out, or given a value the policy does not define, states nothing.
 */

import type { ContentSignalLine, SignalEntry, SignalKey, SignalValue } from './model';
import { SIGNAL_KEYS } from './model';

export function readContentSignal(value: string, line: number, group: number): ContentSignalLine {
  const entries: SignalEntry[] = [];
  const signals: Record<SignalKey, SignalValue> = { search: null, 'ai-input': null, 'ai-train': null };
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
    }
    offset += part.length + 1;
  }
  return { line, group, signals, entries };
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
