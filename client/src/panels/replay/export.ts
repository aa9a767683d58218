/**
 * Exporting replayed requests from the panel: CSV or JSON lines, in the CLI's formats, to a
 * file the user picks. Written through VS Code's file system, since the save dialog may name
 * a file of a virtual workspace.
 */

import * as vscode from 'vscode';
import { plural } from '@robots-lens/kernel/words';
import { csvHeader, csvRow, jsonLine } from '@robots-lens/replay';
import type { AuditRecordDto } from '../../../../server/src/protocol';
import type { ExportFormat } from './messages';

/** What to tell the user in the panel, or undefined when there is nothing to say (cancelled, or a failure shown in a message box). */
export async function exportRecords(records: readonly AuditRecordDto[], format: ExportFormat): Promise<string | undefined> {
  if (records.length === 0) return 'Nothing to export.';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `replay.${format === 'csv' ? 'csv' : 'jsonl'}`;
  const target = await vscode.window.showSaveDialog({
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
    filters: format === 'csv' ? { CSV: ['csv'] } : { 'JSON lines': ['jsonl', 'ndjson'] },
    title: `Export ${records.length.toLocaleString('en-US')} replayed requests`,
  });
  if (!target) return undefined;
  const lines = format === 'csv' ? [csvHeader(), ...records.map(csvRow)] : records.map(jsonLine);
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(`${lines.join('\n')}\n`));
    return `Exported ${plural(records.length, 'request', (n) => n.toLocaleString('en-US'))} to ${vscode.workspace.asRelativePath(target)}.`;
  } catch (error) {
    void vscode.window.showErrorMessage(`Replay export failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
