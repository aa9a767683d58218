/**
 * Selection ranges (expand selection): the key or value under the cursor, its line, the
 * group the line belongs to, then the whole document.
 */

import type { Position, SelectionRange } from 'vscode-languageserver';
import type { Span } from '@robots-lens/kernel/parse';
import { lineAt, within } from '../documents';
import type { ParsedDocument } from '../documents';

export function selectionRanges(parsed: ParsedDocument, positions: readonly Position[]): SelectionRange[] {
  return positions.map((position) => selectionRange(parsed, position));
}

function selectionRange(parsed: ParsedDocument, position: Position): SelectionRange {
  const { document, file } = parsed;
  const offset = document.offsetAt(position);
  // Innermost first; a parent must contain its child, so equal spans are skipped.
  const spans: Span[] = [];
  const line = lineAt(file, offset);
  if (line) {
    if (line.keySpan && within(line.keySpan, offset)) spans.push(line.keySpan);
    else if (line.valueSpan && line.valueSpan.end > line.valueSpan.start && within(line.valueSpan, offset)) spans.push(line.valueSpan);
    spans.push({ start: line.start, end: line.end });
    const group = line.group !== undefined ? file.groups[line.group] : undefined;
    if (group) {
      const first = file.lines[group.firstLine];
      const last = file.lines[group.lastLine];
      if (first && last) spans.push({ start: Math.min(first.start, line.start), end: Math.max(last.end, line.end) });
    }
  }
  spans.push({ start: 0, end: file.text.length });

  let range: SelectionRange | undefined;
  let previous: Span | undefined;
  for (const span of spans.reverse()) {
    if (previous && previous.start === span.start && previous.end === span.end) continue;
    previous = span;
    range = { range: { start: document.positionAt(span.start), end: document.positionAt(span.end) }, ...(range ? { parent: range } : {}) };
  }
  return range!;
}
