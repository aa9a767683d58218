/**
 * `robotsLens.showMatrix`: every crawler × every path, decided on the unsaved buffer.
 *
 * Interactive (palette, editor title and menu, CodeLens): opens the matrix panel beside
 * the editor. Programmatic: `executeCommand('robotsLens.showMatrix', { uri?, agents?, paths? })`
 * returns the server's `MatrixResult` with no UI.
 *
 * On a document opened by Fetch robots.txt… the origin it was fetched from is passed (URLs
 * on other origins are not applicable), and the result carries `fetchState` when that
 * robots.txt was unreachable or unavailable and the fetch state decided every cell.
 */

import * as vscode from 'vscode';
import type { MatrixResult } from '../../../server/src/protocol';
import { MatrixPanel } from '../panels/matrix/panel';
import type { MatrixPanelDeps } from '../panels/matrix/panel';
import { isPlainObject, uriArgument } from '../command-arguments';
import { resolveRobotsDocument } from '../robots-document';
import { readSettings, stringList } from '../settings';

export const SHOW_MATRIX_COMMAND = 'robotsLens.showMatrix';

/** The argument of a programmatic call. */
export interface MatrixArguments {
  readonly uri?: vscode.Uri | string;
  /** Default: `robotsLens.matrix.crawlers`, else the catalogue's well-known crawlers. */
  readonly agents?: readonly string[];
  /** Default: paths derived from the file's own rules. */
  readonly paths?: readonly string[];
}

/** What a CodeLens passes after the document: the crawlers to show. */
export interface MatrixHint {
  readonly agents?: readonly string[];
}

export function registerMatrix(deps: MatrixPanelDeps): vscode.Disposable {
  return vscode.commands.registerCommand(SHOW_MATRIX_COMMAND, async (first?: unknown, second?: unknown) => {
    if (isPlainObject(first)) return matrixData(deps, first);
    try {
      const document = await resolveRobotsDocument(first instanceof vscode.Uri ? first : undefined);
      const agents = isPlainObject(second) ? stringList((second as MatrixHint).agents) : [];
      MatrixPanel.show(deps, { document, ...(agents.length > 0 ? { agents } : {}) });
    } catch (error) {
      void vscode.window.showErrorMessage(`Crawler matrix: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  });
}

async function matrixData(deps: MatrixPanelDeps, args: Record<string, unknown>): Promise<MatrixResult> {
  const document = await resolveRobotsDocument(uriArgument(args.uri));
  const agents = args.agents !== undefined ? stringList(args.agents) : readSettings(document.uri).matrixCrawlers;
  const paths = stringList(args.paths);
  const origin = deps.fetched?.sourceOf(document.uri)?.origin;
  return deps.server.matrix(document.uri, {
    ...(agents.length > 0 ? { agents } : {}),
    ...(paths.length > 0 ? { paths } : {}),
    ...(origin !== undefined ? { origin } : {}),
  });
}
