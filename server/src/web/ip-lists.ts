/**
 * The crawler IP lists of a replay in a web worker: the client reads the list files through
 * VS Code's file system (`robotsLens/readIpLists`) and the worker reads them as the desktop
 * replay reads a folder of lists (`node/ranges.ts`): the same parser, the same sentences for
 * a file it cannot use.
 */

import { acceptIpRangeList } from '@robots-lens/replay/identity';
import { plural } from '@robots-lens/kernel/words';
import type { IpRangeList } from '@robots-lens/replay/identity';
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
    const list = acceptIpRangeList(text, name, warnings);
    if (list === null) continue;
    lists.push(list);
  }
  const where = found.folders.join(' and ');
  const source = lists.length > 0 ? `${plural(lists.length, 'list')} from ${where}` : `none (no IP lists in ${where || 'the workspace'})`;
  return { lists, source, warnings };
}
