/**
 * Quick fixes, chosen by diagnostic id: a diagnostic in the request is matched (by code
 * and range) to a finding of the same document version, and the finding's fixes become
 * code actions. Nothing is recomputed, so a fix always belongs to the diagnostic shown.
 */

import { CodeActionKind } from 'vscode-languageserver';
import type { CodeAction, CodeActionParams, Diagnostic, Range, TextEdit } from 'vscode-languageserver';
import type { Finding, Fix } from '@robots-lens/editor/lint';
import type { ParsedDocument } from '../documents';
import { toDiagnostic } from './diagnostics';

export function codeActions(parsed: ParsedDocument, findings: readonly Finding[], params: CodeActionParams): CodeAction[] {
  const only = params.context.only;
  if (only && !only.some((kind) => kind === CodeActionKind.Empty || kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`))) return [];
  const actions: CodeAction[] = [];
  for (const diagnostic of params.context.diagnostics) {
    if (typeof diagnostic.code !== 'string') continue;
    const finding = findings.find((f) => f.id === diagnostic.code && sameRange(toDiagnostic(parsed, f).range, diagnostic.range));
    const fixes = finding?.fixes ?? [];
    for (const fix of fixes) actions.push(toCodeAction(parsed, fix, diagnostic, fixes.length));
  }
  return actions;
}

function toCodeAction(parsed: ParsedDocument, fix: Fix, diagnostic: Diagnostic, fixCount: number): CodeAction {
  const { document, uri } = parsed;
  const edits: TextEdit[] = fix.edits.map((edit) => ({
    range: { start: document.positionAt(edit.span.start), end: document.positionAt(edit.span.end) },
    newText: edit.newText,
  }));
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: fix.preferred ?? fixCount === 1,
    edit: { changes: { [uri]: edits } },
  };
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
