/**
 * The `robotsLens` section as the server should see it. The manifest gives every
 * `robotsLens.lint.<id>` a default so the Settings UI can show it, but `getConfiguration`
 * merges those defaults in, and the server would take each one as the user's choice —
 * flattening rules whose findings carry their own severity (an invalid `Crawl-delay` is an
 * error, a valid one information). So only the lint values a user actually set are sent.
 */

import * as vscode from 'vscode';
import { SETTINGS_SECTION } from './settings';

/** Replaces `lint` in a `robotsLens` configuration value by the explicitly set entries. */
export function withExplicitLintSettings(section: unknown, scope: vscode.Uri | undefined): unknown {
  if (typeof section !== 'object' || section === null || Array.isArray(section)) return section;
  const value = section as Record<string, unknown>;
  const lint = value.lint;
  if (typeof lint !== 'object' || lint === null) return section;
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  const explicit: Record<string, unknown> = {};
  for (const id of Object.keys(lint)) {
    const inspected = config.inspect(`lint.${id}`);
    const set = [
      inspected?.globalValue,
      inspected?.workspaceValue,
      inspected?.workspaceFolderValue,
      inspected?.globalLanguageValue,
      inspected?.workspaceLanguageValue,
      inspected?.workspaceFolderLanguageValue,
    ].some((v) => v !== undefined);
    if (set) explicit[id] = config.get(`lint.${id}`);
  }
  return { ...value, lint: explicit };
}
