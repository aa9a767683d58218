/**
 * The crawler IP lists of a replay in a web worker: the client reads the list files through
 * VS Code's file system (`robotsLens/readIpLists`) and the worker reads them as the desktop
 * replay reads a folder of lists (`node/ranges.ts`): the same parser, the same sentences for
 * a file it cannot use.
 */

import { parseIpRangeList } from '../core';
import type { IpRangeList } from '../core';
import type { ReadIpListsResult } from '../protocol';

export interface WebIpLists {
  readonly lists: IpRangeList[];
  /** The panel's "ranges" line: how many lists from where, or none and where to put them. */
  readonly source: string;
  readonly warnings: string[];
}

export function webIpLists(found: ReadIpListsResult): WebIpLists {
  const lists: IpRangeList[] = [];
  const warnings = [...found.problems];
  for (const { name, text } of [...found.files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const list = parseIpRangeList(text, name);
    if (list.crawlers.length === 0) {
      warnings.push(`${name}: not a list the crawler catalogue knows (name it after the official file, e.g. common-crawlers.json, or after a crawler token); ignored.`);
      continue;
    }
    if (list.prefixes.length === 0) {
      warnings.push(`${name}: ${list.problems.join('; ')}; ignored.`);
      continue;
    }
    if (list.problems.length > 0) warnings.push(`${name}: ${list.problems.join('; ')}.`);
    lists.push(list);
  }
  const where = found.folders.join(' and ');
  const source = lists.length > 0 ? `${lists.length} list${lists.length === 1 ? '' : 's'} from ${where}` : `none (no IP lists in ${where || 'the workspace'})`;
  return { lists, source, warnings };
}
