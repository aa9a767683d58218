/** Small helpers every check uses to point at lines and build edits. */

import type { Line, RobotsFile, Span } from '@robots-lens/kernel/parse';
import type { TextEdit } from './types';
import { pluralNoun } from '@robots-lens/kernel/words';

/** The span of a line's content (without its line break). */
export function lineSpan(file: RobotsFile, line: number): Span {
  const l = file.lines[line];
  return l ? { start: l.start, end: l.end } : { start: 0, end: 0 };
}

/** The span of a line's directive and value, without leading blanks or a trailing comment. */
export function statementSpan(line: Line): Span {
  const start = line.keySpan?.start ?? line.start;
  const end = line.valueSpan && line.valueSpan.end > line.valueSpan.start ? line.valueSpan.end : line.keySpan?.end ?? line.end;
  return { start, end: Math.max(start, end) };
}

// The checks quote a line as the parser's statementText writes it, as every other face does.
export { statementText } from '@robots-lens/kernel/parse';

/** Deletes a whole line, including its line break (or the previous one for the last line). */
export function deleteLine(file: RobotsFile, line: number): TextEdit {
  const l = file.lines[line];
  if (!l) return { span: { start: 0, end: 0 }, newText: '' };
  const next = file.lines[line + 1];
  if (next) return { span: { start: l.start, end: next.start }, newText: '' };
  const prev = file.lines[line - 1];
  return { span: { start: prev ? prev.end : l.start, end: l.end }, newText: '' };
}

/** The line break the file uses, for inserted lines. */
export function eol(file: RobotsFile): string {
  const text = file.text;
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  if (lf >= 0) return '\n';
  return text.includes('\r') ? '\r' : '\n';
}

/** `1` → `line 1`, `[1, 3]` → `lines 1, 3` (1-based, for messages). */
export function linesText(lines: readonly number[]): string {
  return `${pluralNoun(lines.length, 'line')} ${lines.map((l) => l + 1).join(', ')}`;
}
