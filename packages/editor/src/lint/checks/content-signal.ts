import { CONTENT_SIGNAL_USE, preferenceStatements, SIGNAL_KEYS } from '@robots-lens/kernel/preferences';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { editDistance } from '../edit-distance';

export const RULES = [
  { id: 'content-signal-unknown', title: 'Content-Signal key or value the policy does not define', description: 'The Content Signals Policy defines the keys search, ai-input and ai-train with the values yes and no, and Cloudflare\'s managed robots.txt the key use with immediate, reference or full; anything else states no preference.' },
] as const satisfies readonly RuleDescription<string>[];

const VALUES = ['yes', 'no'] as const;
const USE_KEY = CONTENT_SIGNAL_USE.key;
const KEYS = [...SIGNAL_KEYS, USE_KEY] as const;

/** content-signal-unknown: `search-ai=no`, `ai-train=conditional` — each with the nearest known spelling. */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const signal of preferenceStatements(file).contentSignals) {
    const line = file.lines[signal.line]!;
    const base = line.valueSpan?.start ?? line.start;
    for (const entry of signal.entries) {
      const keySpan = { start: base + entry.offset, end: base + entry.offset + entry.key.length };
      const known = KEYS.find((k) => k === entry.key.toLowerCase());
      if (!known) {
        const nearest = nearestOf(entry.key.toLowerCase(), KEYS);
        const fixes: Fix[] = [{ title: `Rename to "${nearest}"`, edits: [{ span: keySpan, newText: nearest }], preferred: true }];
        findings.push({
          id: 'content-signal-unknown',
          span: keySpan,
          message: `"${entry.key}" is not a Content-Signal key, so this entry states nothing; the keys are ${KEYS.join(', ')}. The nearest is "${nearest}".`,
          fixes,
        });
        continue;
      }
      // `use` takes a level, the other keys yes or no.
      const values: readonly string[] = known === USE_KEY ? CONTENT_SIGNAL_USE.levels : VALUES;
      const valueWords = known === USE_KEY ? 'the levels are immediate, reference and full' : 'the values are yes and no';
      const lower = entry.value.toLowerCase();
      if (values.includes(lower)) continue;
      const valueStart = file.text.indexOf(entry.value, keySpan.end);
      const valueSpan = entry.value === '' || valueStart < 0 ? keySpan : { start: valueStart, end: valueStart + entry.value.length };
      const nearest = nearestOf(lower, values);
      findings.push({
        id: 'content-signal-unknown',
        span: valueSpan,
        message:
          entry.value === ''
            ? `"${entry.key}" has no value, so it states nothing; ${valueWords}.`
            : `"${entry.value}" is not a Content-Signal ${known === USE_KEY ? 'use level' : 'value'}, so ${known} states nothing; ${valueWords}. The nearest is "${nearest}".`,
      });
    }
  }
  return findings;
};

function nearestOf<T extends string>(text: string, candidates: readonly T[]): T {
  let best = candidates[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    // A key that contains a known key (`search-ai`) is nearest to it, whatever the edits.
    const d = text.includes(candidate) ? 0 : editDistance(text, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
