/**
 * `robotsLens.blockAiTraining` and `robotsLens.blockAiTrainingAndAnswers`: the server's
 * source actions "Block AI training, keep search" (and "… and AI answers"), run as commands.
 * The edit is the action's own, so command and action always write the same lines; running
 * either again finds nothing left to add and says so.
 *
 * Interactive: asks whether to state a matching Content-Signal too. Programmatic:
 * `executeCommand(id, { uri?, contentSignal? })` applies without asking and returns whether
 * anything was added.
 */

import * as vscode from 'vscode';
import { isPlainObject, uriArgument } from '../command-arguments';
import { resolveRobotsDocument } from '../robots-document';

export const BLOCK_AI_TRAINING_COMMAND = 'robotsLens.blockAiTraining';
export const BLOCK_AI_ANSWERS_COMMAND = 'robotsLens.blockAiTrainingAndAnswers';

const KINDS = {
  [BLOCK_AI_TRAINING_COMMAND]: 'source.robotsLens.blockAiTraining',
  [BLOCK_AI_ANSWERS_COMMAND]: 'source.robotsLens.blockAiAnswers',
} as const;

export function registerBlockAi(): vscode.Disposable {
  return vscode.Disposable.from(
    ...([BLOCK_AI_TRAINING_COMMAND, BLOCK_AI_ANSWERS_COMMAND] as const).map((command) =>
      vscode.commands.registerCommand(command, (first?: unknown) => block(command, first)),
    ),
  );
}

async function block(command: keyof typeof KINDS, first: unknown): Promise<{ added: boolean } | undefined> {
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
        { label: 'Add the group and a matching Content-Signal in the * group', contentSignal: true, detail: 'A stated preference: no crawler operator is documented to honour it.' },
      ],
      { title: command === BLOCK_AI_TRAINING_COMMAND ? 'Block AI training, keep search' : 'Block AI training and AI answers, keep search' },
    );
    if (!choice) return undefined;
    contentSignal = choice.contentSignal;
  }
  const kind = contentSignal ? `${KINDS[command]}.contentSignal` : KINDS[command];
  const whole = new vscode.Range(0, 0, document.lineCount, 0);
  const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, whole, kind)) ?? [];
  const action = actions.find((a) => a.kind?.value === kind);
  if (!action?.edit) {
    const said = 'Nothing to add: every crawler of that purpose in the catalogue is already governed by this file.';
    if (interactive) void vscode.window.showInformationMessage(said);
    return { added: false };
  }
  const applied = await vscode.workspace.applyEdit(action.edit);
  if (interactive && applied) void vscode.window.showInformationMessage(`${action.title}: added. Search crawlers keep every URL they may fetch.`);
  return { added: applied };
}
