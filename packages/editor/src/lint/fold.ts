/**
 * One finding per cause: the reports of a check that share a cause (the same kind of
 * mistake, a line copied into many groups) are folded into the first of them. Nothing is
 * lost: each folded report becomes a related location with its own message, the message
 * counts them and says where, and the fixes of all are offered as one.
 */

import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { Fix, RelatedSpan, Report, RuleDescription, TextEdit } from './types';

export interface FoldWords {
  /** The sentence added to the first report's message: `So do 12 more patterns (lines 5, 9, …).` */
  readonly more: (count: number, lines: string) => string;
  /** The title of the fix that applies the fix of every folded report; none without it. */
  readonly fixTitle?: (count: number) => string;
}

/** Related locations listed at most in one finding; the message counts all. */
const MAX_RELATED = 500;

/**
 * Folds the reports that share a key (in report order; the first of each key is kept).
 * Reports without a key (`undefined`) stay as they are.
 */
export function fold<Rules extends readonly RuleDescription<string>[]>(
  file: RobotsFile,
  reports: readonly Report<Rules>[],
  keyOf: (report: Report<Rules>) => string | undefined,
  words: FoldWords,
): Report<Rules>[] {
  const byKey = new Map<string, Report<Rules>[]>();
  const out: Array<Report<Rules> | Report<Rules>[]> = [];
  for (const report of reports) {
    const key = keyOf(report);
    if (key === undefined) {
      out.push(report);
      continue;
    }
    const list = byKey.get(key);
    if (list) list.push(report);
    else {
      const fresh = [report];
      byKey.set(key, fresh);
      out.push(fresh);
    }
  }
  return out.map((entry) => (Array.isArray(entry) ? foldOne(file, entry, words) : entry));
}

function foldOne<Rules extends readonly RuleDescription<string>[]>(file: RobotsFile, list: readonly Report<Rules>[], words: FoldWords): Report<Rules> {
  const first = list[0]!;
  const rest = list.slice(1);
  if (rest.length === 0) return first;
  const lines = [...new Set(rest.map((r) => lineOf(file, r.span.start)))];
  const related: RelatedSpan[] = [...(first.related ?? [])];
  for (const r of rest) {
    if (related.length >= MAX_RELATED) break;
    related.push({ span: r.span, message: r.message });
  }
  const fixes: Fix[] = [];
  if (words.fixTitle) {
    const chosen = list.map((r) => r.fixes?.find((f) => f.preferred) ?? r.fixes?.[0]);
    const edits: TextEdit[] = chosen.flatMap((f) => f?.edits ?? []);
    if (chosen.every((f) => f !== undefined) && !overlap(edits)) {
      fixes.push({
        title: words.fixTitle(list.length),
        edits,
        ...(chosen[0]!.preferred ? { preferred: true } : {}),
        ...(chosen.some((f) => f!.takesEffect) ? { takesEffect: true } : {}),
      });
    }
  }
  // The first report's own fixes stay offered, for the one line it is on.
  for (const f of first.fixes ?? []) fixes.push(fixes.length > 0 ? { ...f, preferred: false } : f);
  return {
    ...first,
    message: `${first.message} ${words.more(rest.length, someLines(lines))}`,
    related,
    ...(fixes.length > 0 ? { fixes } : {}),
  };
}

/** `line 5`, `lines 5, 9 and 12`, `lines 5, 9, …, 40 and 1,380 more` (1-based). */
export function someLines(lines: readonly number[], max = 8): string {
  const shown = lines.slice(0, max).map((l) => String(l + 1));
  const more = lines.length - shown.length;
  if (lines.length === 1) return `line ${shown[0]}`;
  if (more === 0) return `lines ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
  return `lines ${shown.join(', ')} and ${more.toLocaleString('en-US')} more`;
}

function lineOf(file: RobotsFile, offset: number): number {
  let lo = 0;
  let hi = file.lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (file.lines[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function overlap(edits: readonly TextEdit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.span.start < sorted[i - 1]!.span.end) return true;
  return false;
}
