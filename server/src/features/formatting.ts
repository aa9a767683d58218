/** Document formatting: the core formatter's edits, turned into LSP ranges. */

import type { TextEdit } from 'vscode-languageserver';
import { formatRobots } from '@robots-lens/editor/format';
import type { ParsedDocument } from '../documents';

export function formatDocument(parsed: ParsedDocument): TextEdit[] {
  const { document, file } = parsed;
  return formatRobots(file).map((edit) => ({
    range: { start: document.positionAt(edit.span.start), end: document.positionAt(edit.span.end) },
    newText: edit.newText,
  }));
}
