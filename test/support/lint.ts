/**
 * Table helpers for the lint tests (test/core/lint*.test.ts): `assertLint` with `|` markers,
 * `assertFix` comparing the text after a quick fix, and `cases` for one rule's table.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { Finding, LintId, Severity } from '@robots-lens/editor/lint';
import type { TextEdit } from '@robots-lens/editor/lint';
import { unmark } from './cursor';

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text[i] === '\n') line++;
  return line;
}

function show(text: string, findings: readonly Finding[]): string {
  return findings.map((f) => `${f.id}@${lineOf(text, f.span.start)}:${f.span.start} ${f.severity} ${f.message}`).join('\n') || '(none)';
}

/**
 * One id, or the ids of a check that reports several rules: `crawl-delay-*` stands for
 * every id that starts with `crawl-delay-`.
 */
export type IdPattern = LintId | `${string}-*`;

export function matchesId(id: LintId, pattern: IdPattern): boolean {
  return pattern.endsWith('-*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;
}

export interface Expect {
  /** Every finding of the ids must have this id (one rule of the pattern). */
  readonly id?: LintId;
  /** Every finding of the id must have this severity. */
  readonly severity?: Severity;
  /** Every finding of the id must match. */
  readonly message?: RegExp;
}

/**
 * The lint helper, in two forms:
 * - `expected` is a lint id (or ids, see `IdPattern`): the findings of that id start exactly
 *   at the `|` markers of `marked` (no marker: no finding of that id), whatever other ids
 *   report;
 * - `expected` is a list of `id@line` (1-based): exactly these findings, all ids, in order.
 */
export function assertLint(marked: string, expected: IdPattern | readonly string[], expect: Expect = {}): Finding[] {
  const { text, offsets } = unmark(marked);
  const all = lint(parseRobots(text));
  if (typeof expected !== 'string') {
    assert.deepEqual(all.map((f) => `${f.id}@${lineOf(text, f.span.start)}`), expected, show(text, all));
    return all;
  }
  const found = all.filter((f) => matchesId(f.id, expected));
  assert.deepEqual(found.map((f) => f.span.start), offsets, `${expected} at the markers; got:\n${show(text, found)}`);
  for (const f of found) {
    if (expect.id) assert.equal(f.id, expect.id, f.message);
    if (expect.severity) assert.equal(f.severity, expect.severity, f.message);
    if (expect.message) assert.match(f.message, expect.message);
  }
  return found;
}

/** Applies edits the way an editor does: all against the original text, none overlapping. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const edit of sorted) {
    assert.ok(edit.span.end <= limit, 'edits overlap');
    assert.ok(edit.span.start <= edit.span.end && edit.span.end <= text.length, 'edit out of range');
    out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.end);
    limit = edit.span.start;
  }
  return out;
}

/**
 * The quick-fix helper: applies a fix of the finding `id` (the one starting at the `|`
 * marker when there is one, else the first) and compares the resulting text. The fix is
 * the one whose title matches `title`, else the preferred one, else the first.
 * `after === null` asserts that the finding offers no fix.
 */
export function assertFix(marked: string, id: IdPattern, after: string | null, title?: RegExp): void {
  const { text, offsets } = unmark(marked);
  const found = lint(parseRobots(text)).filter((f) => matchesId(f.id, id) && (offsets.length === 0 || f.span.start === offsets[0]));
  const finding = found[0];
  assert.ok(finding, `no ${id} finding${offsets.length ? ' at the marker' : ''}`);
  const fixes = finding.fixes ?? [];
  if (after === null) {
    assert.equal(fixes.length, 0, `unexpected fixes: ${fixes.map((f) => f.title).join(', ')}`);
    return;
  }
  const fix = title ? fixes.find((f) => title.test(f.title)) : fixes.find((f) => f.preferred) ?? fixes[0];
  assert.ok(fix, `no fix${title ? ` matching ${title}` : ''}; offered: ${fixes.map((f) => f.title).join(' | ') || 'none'}`);
  assert.equal(applyEdits(text, fix.edits), after, fix.title);
}

/** The finding of `id` at the `|` marker offers no fix whose title matches `title`. */
export function assertNoFix(marked: string, id: IdPattern, title: RegExp): void {
  const { text, offsets } = unmark(marked);
  const finding = lint(parseRobots(text)).find((f) => matchesId(f.id, id) && (offsets.length === 0 || f.span.start === offsets[0]));
  assert.ok(finding, `no ${id} finding${offsets.length ? ' at the marker' : ''}`);
  const titles = (finding.fixes ?? []).map((f) => f.title);
  assert.ok(!titles.some((t) => title.test(t)), `a fix matches ${title}: ${titles.join(' | ')}`);
}

export type LintCase = readonly [name: string, marked: string, expect?: Expect];
export type FixCase = readonly [name: string, marked: string, after: string | null, title?: RegExp];

export function cases(id: IdPattern, lintCases: readonly LintCase[], fixCases: readonly FixCase[] = []): void {
  describe(id, () => {
    for (const [name, marked, expect] of lintCases) test(name, () => void assertLint(marked, id, expect));
    for (const [name, marked, after, title] of fixCases) test(`fix: ${name}`, () => assertFix(marked, id, after, title));
  });
}
