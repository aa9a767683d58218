/**
 * Source actions "Block AI training, keep search" and "Block AI training and AI answers,
 * keep search", each also with a matching Content-Signal, and `robotsLens/blockAi`, the same
 * edit with what it skipped and why (the command's message): the edit comes from the kernel
 * (`blockPurposeEdit`), so the command and the action write the same lines. Actions are
 * offered only when asked for source actions, and only when there is something to add.
 */

import { CodeActionKind, ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CodeAction, CodeActionParams, TextEdit } from 'vscode-languageserver';
import { blockPurposeEdit } from '@robots-lens/kernel/ai-access';
import type { BlockScope } from '@robots-lens/kernel/ai-access';
import type { ParsedDocument } from '../documents';
import type { BlockAiResult } from '../protocol';
import { paramsObject, requiredString } from './request-params';

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

/** `robotsLens/blockAi`: params checked as they arrive (a bad scope is invalid params, not a guess). */
export function blockAiParams(params: unknown): { uri: string; scope: BlockScope; contentSignal: boolean } {
  const object = paramsObject(params, 'robotsLens/blockAi');
  const uri = requiredString(object, 'uri');
  const scope = object['scope'];
  if (scope !== 'ai-training' && scope !== 'ai-training-and-answers') throw new ResponseError(ErrorCodes.InvalidParams, '"scope" must be "ai-training" or "ai-training-and-answers".');
  const contentSignal = object['contentSignal'];
  if (typeof contentSignal !== 'boolean') throw new ResponseError(ErrorCodes.InvalidParams, '"contentSignal" must be true or false.');
  return { uri, scope, contentSignal };
}

export function blockAiResult(parsed: ParsedDocument, scope: BlockScope, contentSignal: boolean, today: string): BlockAiResult {
  const block = blockPurposeEdit(parsed.file, scope, { date: today, contentSignal });
  return {
    version: parsed.version,
    edits: block.edits.map((edit) => ({
      range: { start: parsed.document.positionAt(edit.span.start), end: parsed.document.positionAt(edit.span.end) },
      newText: edit.newText,
    })),
    tokens: block.tokens,
    skipped: block.skipped,
    contentSignal: block.contentSignal,
    contentSignalSkipped: block.contentSignalSkipped,
    warnings: block.warnings,
  };
}
