/** Folding ranges: one per group, and one per block of consecutive comment lines. */

import { FoldingRangeKind } from 'vscode-languageserver';
import type { FoldingRange } from 'vscode-languageserver';
import type { ParsedDocument } from '../documents';

export function foldingRanges(parsed: ParsedDocument): FoldingRange[] {
  const { document, file } = parsed;
  const lineOf = (index: number): number => document.positionAt(file.lines[index]?.start ?? 0).line;
  const ranges: FoldingRange[] = [];
  for (const group of file.groups) {
    if (group.lastLine > group.firstLine) ranges.push({ startLine: lineOf(group.firstLine), endLine: lineOf(group.lastLine) });
  }
  let blockStart = -1;
  for (let i = 0; i <= file.lines.length; i++) {
    const isComment = file.lines[i]?.kind === 'comment';
    if (isComment && blockStart < 0) blockStart = i;
    if (!isComment && blockStart >= 0) {
      if (i - 1 > blockStart) ranges.push({ startLine: lineOf(blockStart), endLine: lineOf(i - 1), kind: FoldingRangeKind.Comment });
      blockStart = -1;
    }
  }
  return ranges.sort((a, b) => a.startLine - b.startLine);
}
