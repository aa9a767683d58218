/**
 * The preference statements of a parsed file, read once per parse: Content-Usage and
 * Content-Signal lines by group, License lines for the whole file.
 */

import type { RobotsFile } from '../parse';
import { readContentSignal } from './content-signal';
import { readContentUsage } from './content-usage';
import type { ContentSignalLine, ContentUsageRule, LicenseLine, PreferenceStatements } from './model';

const cache = new WeakMap<RobotsFile, PreferenceStatements>();

export function preferenceStatements(file: RobotsFile): PreferenceStatements {
  let statements = cache.get(file);
  if (!statements) {
    statements = readStatements(file);
    cache.set(file, statements);
  }
  return statements;
}

function readStatements(file: RobotsFile): PreferenceStatements {
  const contentUsage: ContentUsageRule[] = [];
  const contentSignals: ContentSignalLine[] = [];
  const licenses: LicenseLine[] = [];
  for (const line of file.lines) {
    if (line.beyondLimit || line.kind !== 'other') continue;
    const group = line.group ?? -1;
    if (line.directive === 'content-usage') contentUsage.push(readContentUsage(line.value, line.index, group));
    else if (line.directive === 'content-signal') contentSignals.push(readContentSignal(line.value, line.index, group));
    else if (line.directive === 'license') licenses.push({ line: line.index, url: line.value });
  }
  return { contentUsage, contentSignals, licenses };
}

/** Whether the file states any preference a crawler could be given (Content-Usage or Content-Signal in a group). */
export function statesPreferences(file: RobotsFile): boolean {
  const { contentUsage, contentSignals } = preferenceStatements(file);
  return contentUsage.some((rule) => rule.group >= 0) || contentSignals.some((line) => line.group >= 0);
}
