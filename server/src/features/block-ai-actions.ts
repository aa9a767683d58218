/**
 * Source actions "Block AI training, keep search" and "Block AI training and AI answers,
 * keep search", each also with a matching Content-Signal: the edit comes from the core
 * (`blockPurposeEdit`), so the command and the action write the same lines. Offered only
 * when asked for source actions, and only when there is something to add.
 */

import { CodeActionKind } from 'vscode-languageserver';
import type { CodeAction, CodeActionParams, TextEdit } from 'vscode-languageserver';
import { blockPurposeEdit } from '@robots-lens/kernel/ai-access';
import type { BlockScope } from '@robots-lens/kernel/ai-access';
import type { ParsedDocument } from '../documents';

/** The kinds of the actions, which the client's commands ask for by name. */
export const BLOCK_AI_KINDS = {
  'ai-training': `${CodeActionKind.Source}.robotsLens.blockAiTraining`,
  'ai-training-and-answers': `${CodeActionKind.Source}.robotsLens.blockAiAnswers`,
} as const satisfies Record<BlockScope, string>;

const TITLES: Readonly<Record<BlockScope, string>> = {
  'ai-training': 'Block AI training, keep search',
  'ai-training-and-answers': 'Block AI training and AI answers, keep search',
};

export function blockAiActions(parsed: ParsedDocument, params: CodeActionParams, today: string): CodeAction[] {
  const only = params.context.only;
  if (!only) return [];
  const actions: CodeAction[] = [];
  for (const scope of ['ai-training', 'ai-training-and-answers'] as const) {
    for (const contentSignal of [false, true]) {
      const kind = contentSignal ? `${BLOCK_AI_KINDS[scope]}.contentSignal` : BLOCK_AI_KINDS[scope];
      if (!only.some((asked) => kind === asked || kind.startsWith(`${asked}.`))) continue;
      const block = blockPurposeEdit(parsed.file, scope, { date: today, contentSignal });
      if (block.edits.length === 0 || (contentSignal && block.contentSignal === null)) continue;
      const edits: TextEdit[] = block.edits.map((edit) => ({
        range: { start: parsed.document.positionAt(edit.span.start), end: parsed.document.positionAt(edit.span.end) },
        newText: edit.newText,
      }));
      actions.push({ title: contentSignal ? `${TITLES[scope]} (and say so with Content-Signal)` : TITLES[scope], kind, edit: { changes: { [parsed.uri]: edits } } });
    }
  }
  return actions;
}
