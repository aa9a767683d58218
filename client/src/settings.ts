/** The client-side `robotsLens.*` settings (the server reads `robotsLens.lint.*` itself). */

import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../../server/src/protocol';

export { SETTINGS_SECTION };

export interface ClientSettings {
  /** Crawlers preselected in Test URL, and the agents of a programmatic call that names none. */
  readonly defaultCrawlers: readonly string[];
  /** Matrix rows; empty means the catalogue's well-known crawlers (the server's default). */
  readonly matrixCrawlers: readonly string[];
  /** Say when Google's literal parser would decide otherwise. */
  readonly parserNotes: boolean;
  readonly codeLens: boolean;
}

export function readSettings(scope?: vscode.Uri): ClientSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  return {
    defaultCrawlers: stringList(config.get<unknown>('testUrl.defaultCrawlers')),
    matrixCrawlers: stringList(config.get<unknown>('matrix.crawlers')),
    parserNotes: config.get<unknown>('parserNotes') !== false,
    codeLens: config.get<unknown>('codeLens.enabled') !== false,
  };
}

/** A settings value edited by hand may be anything: keep only its non-empty strings. */
export function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter((item) => item !== '');
}
