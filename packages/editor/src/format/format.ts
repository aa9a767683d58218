/**
 * The robots.txt formatter: canonical key spelling (`User-agent`, `Allow`, `Disallow`,
 * `Sitemap`, as Google reads them), `key: value` with one space, one blank line between
 * groups. Comments, invalid lines and everything else are left as written. The result is
 * checked by parsing it again: edits that would change any group, rule or sitemap are
 * never returned, so formatting can never change what a crawler does.
 */

import { CANONICAL_KEY, GOOGLE_SIZE_LIMIT_BYTES, parseRobots } from '@robots-lens/kernel/parse';
import type { Line, RobotsFile } from '@robots-lens/kernel/parse';
import type { TextEdit } from '../lint';

interface LinePlan {
  replace?: string;
  remove?: boolean;
  blankBefore?: boolean;
}

/** Edits that format the file, in offsets of `file.text`, sorted and non-overlapping. */
export function formatRobots(file: RobotsFile): TextEdit[] {
  // Moving bytes across Google's 500 KiB limit would change which lines count.
  if (file.byteLength > GOOGLE_SIZE_LIMIT_BYTES) return [];
  const plans = new Map<number, LinePlan>();
  const plan = (index: number): LinePlan => {
    let p = plans.get(index);
    if (!p) plans.set(index, (p = {}));
    return p;
  };

  for (const line of file.lines) {
    const formatted = formatLine(file, line);
    if (formatted !== undefined && formatted !== file.text.slice(line.start, line.end)) plan(line.index).replace = formatted;
  }
  planGroupSeparators(file, plan);

  const edits = toEdits(file, plans);
  if (edits.length === 0) return edits;
  return sameMeaning(file, parseRobots(applyTextEdits(file.text, edits))) ? edits : [];
}

/** Applies non-overlapping edits to a text. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += text.slice(at, edit.span.start) + edit.newText;
    at = Math.max(at, edit.span.end);
  }
  return out + text.slice(at);
}

/** The formatted content of one line, or undefined to leave it as written. */
function formatLine(file: RobotsFile, line: Line): string | undefined {
  // A truncated line's meaning depends on its exact bytes.
  if (line.truncated || line.beyondLimit) return undefined;
  switch (line.kind) {
    case 'blank':
      return '';
    case 'comment':
    case 'invalid':
      return undefined;
    case 'user-agent':
    case 'allow':
    case 'disallow':
    case 'sitemap':
      return withComment(file, line, statement(CANONICAL_KEY[line.kind], line.value));
    case 'other': {
      // Without a colon, `Welcome robots` is prose Google happens to read as a key; and
      // `https://…` on a line of its own is not a `https` directive. Both stay as written.
      if (line.missingColon || line.key === undefined || line.value.startsWith('//')) return undefined;
      return withComment(file, line, statement(line.key, line.value));
    }
    default:
      return undefined;
  }
}

function statement(key: string, value: string): string {
  return value === '' ? `${key}:` : `${key}: ${value}`;
}

/** Keeps a trailing comment and the whitespace the author put before it. */
function withComment(file: RobotsFile, line: Line, text: string): string {
  if (!line.comment) return text;
  const before = file.text.slice(line.start, line.comment.start);
  const gap = before.slice(before.trimEnd().length);
  return text + gap + file.text.slice(line.comment.start, line.comment.end);
}

/**
 * Exactly one blank line between two groups: runs of blank lines between them shrink to
 * one; when there is none, one goes above the comments that head the next group.
 */
function planGroupSeparators(file: RobotsFile, plan: (index: number) => LinePlan): void {
  for (let g = 0; g + 1 < file.groups.length; g++) {
    const from = file.groups[g]!.lastLine + 1;
    const to = file.groups[g + 1]!.firstLine;
    let sawBlank = false;
    for (let i = from; i < to; i++) {
      const isBlank = file.lines[i]?.kind === 'blank';
      if (isBlank && file.lines[i - 1]?.kind === 'blank' && i > from) plan(i).remove = true;
      if (isBlank) sawBlank = true;
    }
    if (sawBlank) continue;
    let head = to;
    while (head > from && file.lines[head - 1]?.kind === 'comment') head--;
    plan(head).blankBefore = true;
  }
}

function toEdits(file: RobotsFile, plans: ReadonlyMap<number, LinePlan>): TextEdit[] {
  const edits: TextEdit[] = [];
  const eol = lineBreakOf(file.text);
  for (const [index, p] of [...plans].sort((a, b) => a[0] - b[0])) {
    const line = file.lines[index]!;
    if (p.remove) {
      const next = file.lines[index + 1];
      const prev = file.lines[index - 1];
      if (next) edits.push({ span: { start: line.start, end: next.start }, newText: '' });
      else if (prev) edits.push({ span: { start: prev.end, end: line.end }, newText: '' });
      continue;
    }
    const prefix = p.blankBefore ? eol : '';
    if (p.replace !== undefined) edits.push({ span: { start: line.start, end: line.end }, newText: prefix + p.replace });
    else if (prefix !== '') edits.push({ span: { start: line.start, end: line.start }, newText: prefix });
  }
  return edits;
}

function lineBreakOf(text: string): string {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  if (lf >= 0) return '\n';
  return text.includes('\r') ? '\r' : '\n';
}

/** Same groups (agents, rules, other lines), orphan rules and sitemaps. */
function sameMeaning(a: RobotsFile, b: RobotsFile): boolean {
  return meaning(a) === meaning(b);
}

function meaning(file: RobotsFile): string {
  const parts: string[] = [];
  for (const rule of file.orphanRules) parts.push(`orphan ${rule.kind} ${rule.pattern}`);
  for (const group of file.groups) {
    parts.push('group');
    for (const agent of group.agents) parts.push(`agent ${agent.isStar ? '*' : agent.token} ${agent.value}`);
    for (const rule of group.rules) parts.push(`${rule.kind} ${rule.pattern}`);
    for (const other of group.otherLines) {
      const line = file.lines[other];
      if (line) parts.push(`other ${line.directive ?? ''} ${line.value}`);
    }
  }
  for (const sitemap of file.sitemaps) parts.push(`sitemap ${sitemap.url}`);
  return parts.join('\n');
}
