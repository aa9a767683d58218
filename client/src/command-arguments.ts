/**
 * How the commands tell a programmatic call from a UI one: menus and CodeLens pass the
 * document's URI first; other extensions and tests pass one plain object of arguments.
 */

import * as vscode from 'vscode';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof vscode.Uri) && !Array.isArray(value);
}

/** The `uri` of a programmatic call: a `Uri` or its string form; anything else means "the active one". */
export function uriArgument(value: unknown): vscode.Uri | string | undefined {
  return value instanceof vscode.Uri || typeof value === 'string' ? value : undefined;
}
