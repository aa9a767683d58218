/** Offsets → 1-based line and column (UTF-16 code units), for the CLI's outputs. */

import type { RobotsFile } from '@robots-lens/kernel/parse';

export interface Position {
  readonly line: number;
  readonly column: number;
}

export function positionAt(file: RobotsFile, offset: number): Position {
  const lines = file.lines;
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const line = lines[lo];
  if (!line) return { line: 1, column: 1 };
  return { line: lo + 1, column: Math.max(0, Math.min(offset, line.end) - line.start) + 1 };
}
