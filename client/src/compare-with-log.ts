/**
 * `robotsLens/compare` with the workspace's latest replayed access log, when there is one:
 * the comparison then also counts the logged requests the change decides differently. Both
 * Compare with… and the comparison on save go through here, so they count the same log.
 */

import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { CompareResult } from '../../server/src/protocol';
import type { RobotsServer } from './language-client';
import { latestWorkspaceLog } from './recent-logs';
import type { LogMemory } from './recent-logs';

export interface CompareWithLogDeps extends LogMemory {
  readonly server: RobotsServer;
  /** Says why a log was left out. */
  readonly output: vscode.OutputChannel;
}

/** A comparison, and why the latest replayed log was not counted when it was not. */
export type LoggedCompareResult = CompareResult & { readonly logLeftOut?: string };

/**
 * Compares the buffer with `otherText`. A log that cannot be read (or counted at all, as in a
 * browser) leaves only its counts out, said in the panel and the output channel: the diff
 * itself does not depend on it.
 */
export async function compareWithLatestLog(
  deps: CompareWithLogDeps,
  document: vscode.TextDocument,
  other: { readonly text: string; readonly label: string },
  token?: vscode.CancellationToken,
  sitemaps?: readonly string[],
): Promise<LoggedCompareResult> {
  const log = await latestWorkspaceLog(deps, document.uri);
  // Sitemaps are only read when the user asked (the panel's button), never on save.
  const listed = sitemaps !== undefined && sitemaps.length > 0 ? { sitemaps } : {};
  let logLeftOut: string | undefined;
  if (log !== undefined) {
    try {
      return await deps.server.compare(document.uri, { otherText: other.text, otherLabel: other.label, logFiles: [log], ...listed }, token);
    } catch (error) {
      if (token?.isCancellationRequested) throw error;
      logLeftOut = `The requests in ${path.basename(log)} are not counted: ${error instanceof Error ? error.message : String(error)}`;
      deps.output.appendLine(`Compare: ${path.basename(log)} left out (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
  const result = await deps.server.compare(document.uri, { otherText: other.text, otherLabel: other.label, ...listed }, token);
  return logLeftOut !== undefined ? { ...result, logLeftOut } : result;
}
