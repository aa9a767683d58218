/**
 * `robotsLens.blockAiTraining` and `robotsLens.blockAiTrainingAndAnswers`: "Block AI training,
 * keep search" (and "… and AI answers") on the open buffer. The server makes the edit (the
 * same kernel function as its source actions, so command and action write the same lines) and
 * says what it skipped and why; the command applies it as one undoable edit and says, in its
 * message, what it added and what it did not. Running it again finds nothing left to add.
 *
 * Interactive: asks whether to state a matching Content-Signal too. Programmatic:
 * `executeCommand(id, { uri?, contentSignal? })` applies without asking and returns what the
 * server said, with whether anything was added.
 */

import * as vscode from 'vscode';
import type { BlockAiResult, BlockAiScopeDto } from '../../../server/src/protocol';
import { isPlainObject, uriArgument } from '../command-arguments';
import type { RobotsServer } from '../language-client';
import { resolveRobotsDocument } from '../robots-document';

export const BLOCK_AI_TRAINING_COMMAND = 'robotsLens.blockAiTraining';
export const BLOCK_AI_ANSWERS_COMMAND = 'robotsLens.blockAiTrainingAndAnswers';

const SCOPES: Readonly<Record<string, BlockAiScopeDto>> = {
  [BLOCK_AI_TRAINING_COMMAND]: 'ai-training',
  [BLOCK_AI_ANSWERS_COMMAND]: 'ai-training-and-answers',
};

const TITLES: Readonly<Record<BlockAiScopeDto, string>> = {
  'ai-training': 'Block AI training, keep search',
  'ai-training-and-answers': 'Block AI training and AI answers, keep search',
};

/** Skipped crawlers named in the message before "and N more" (the CLI and the comment say them all). */
const SHOWN_SKIPS = 4;

export function registerBlockAi(server: RobotsServer): vscode.Disposable {
  return vscode.Disposable.from(
    ...([BLOCK_AI_TRAINING_COMMAND, BLOCK_AI_ANSWERS_COMMAND] as const).map((command) =>
      vscode.commands.registerCommand(command, (first?: unknown) => block(server, SCOPES[command]!, first)),
    ),
  );
}

async function block(server: RobotsServer, scope: BlockAiScopeDto, first: unknown): Promise<(BlockAiResult & { added: boolean }) | undefined> {
  const args = isPlainObject(first) ? first : {};
  const interactive = !isPlainObject(first);
  let document: vscode.TextDocument;
  try {
    document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : uriArgument(args.uri));
  } catch (error) {
    if (!interactive) throw error;
    void vscode.window.showErrorMessage(`Block AI crawlers: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  let contentSignal = args.contentSignal === true;
  if (interactive) {
    const choice = await vscode.window.showQuickPick(
      [
        { label: 'Add the group only', contentSignal: false },
        {
          label: 'Add the group and a matching Content-Signal in the * group',
          contentSignal: true,
          detail: 'A stated preference: no crawler operator is documented to honour it. Left out, with the reason, where the rules would contradict it.',
        },
      ],
      { title: TITLES[scope] },
    );
    if (!choice) return undefined;
    contentSignal = choice.contentSignal;
  }
  const result = await server.blockAi(document.uri, { scope, contentSignal });
  if (result.edits.length === 0) {
    if (interactive) void vscode.window.showInformationMessage(['Nothing to add: every crawler of that purpose in the catalogue is already governed by this file.', skippedText(result)].filter(Boolean).join(' '));
    return { ...result, added: false };
  }
  // Edits made for another version of the buffer would land in the wrong place.
  if (document.version !== result.version) throw new Error('robots.txt changed while the edit was made: run the command again.');
  const edit = new vscode.WorkspaceEdit();
  edit.set(
    document.uri,
    result.edits.map((e) => new vscode.TextEdit(new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character), e.newText)),
  );
  const applied = await vscode.workspace.applyEdit(edit);
  if (interactive && applied) void vscode.window.showInformationMessage(messageOf(scope, result));
  for (const warning of interactive && applied ? result.warnings : []) void vscode.window.showWarningMessage(warning);
  return { ...result, added: applied };
}

/** "Block AI training, keep search: added 40 crawlers. Not named: GPTBot (…), YouBot (…) and 3 more. Search crawlers keep every URL they may fetch." */
export function messageOf(scope: BlockAiScopeDto, result: BlockAiResult): string {
  const added = `${TITLES[scope]}: added ${result.tokens.length} crawler${result.tokens.length === 1 ? '' : 's'}.`;
  const signal = result.contentSignal !== null ? ` Added "${result.contentSignal}" to the * group.` : result.contentSignalSkipped !== null ? ` No Content-Signal: ${result.contentSignalSkipped}.` : '';
  return [added + signal, skippedText(result), 'Search crawlers keep every URL they may fetch.'].filter(Boolean).join(' ');
}

function skippedText(result: BlockAiResult): string {
  if (result.skipped.length === 0) return '';
  const shown = result.skipped.slice(0, SHOWN_SKIPS).map((s) => `${s.token} (${s.reason})`);
  const more = result.skipped.length - shown.length;
  return `Not named: ${shown.join('; ')}${more > 0 ? `; and ${more} more (robots-lens block-ai lists them all)` : ''}.`;
}
