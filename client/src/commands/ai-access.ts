/**
 * `robotsLens.showAiAccess`: the catalogue's crawlers by purpose, what this robots.txt lets
 * each fetch, and the AI-use preferences per path, on the unsaved buffer.
 *
 * Interactive (palette): opens the AI access panel beside the editor. Programmatic:
 * `executeCommand('robotsLens.showAiAccess', { uri? })` returns the server's `AiAccessResult`
 * with no UI.
 */

import * as vscode from 'vscode';
import { AiAccessPanel } from '../panels/ai-access/panel';
import type { AiAccessPanelDeps } from '../panels/ai-access/panel';
import { isPlainObject, uriArgument } from '../command-arguments';
import { resolveRobotsDocument } from '../robots-document';

export const SHOW_AI_ACCESS_COMMAND = 'robotsLens.showAiAccess';

export function registerAiAccess(deps: AiAccessPanelDeps): vscode.Disposable {
  return vscode.commands.registerCommand(SHOW_AI_ACCESS_COMMAND, async (first?: unknown) => {
    if (isPlainObject(first)) {
      const document = await resolveRobotsDocument(uriArgument(first.uri));
      return deps.server.aiAccess(document.uri);
    }
    try {
      const document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : undefined);
      AiAccessPanel.show(deps, document);
    } catch (error) {
      void vscode.window.showErrorMessage(`AI access: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  });
}
