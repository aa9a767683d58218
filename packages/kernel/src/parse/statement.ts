import type { RobotsFile } from './model';

/** The line as written, without its comment: `Disallow: /x`. */
export function statementText(file: RobotsFile, line: number): string {
  const l = file.lines[line];
  if (!l) return '';
  return file.text.slice(l.start, l.comment ? l.comment.start : l.end).trim();
}
