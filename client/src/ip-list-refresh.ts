/**
 * The replay panel's "Refresh IP lists" on the desktop: the language server downloads the
 * catalogue's lists into the folder its replay reads (`robotsLens/refreshIpLists`, the same
 * download as `robots-lens ranges --refresh`), so the client itself fetches nothing. The web
 * build swaps in `web/ip-list-refresh.ts`, which says why a browser cannot download them.
 */

import type { RefreshIpListsResult } from '../../server/src/protocol';
import type { RobotsServer } from './language-client';

export function refreshIpLists(server: RobotsServer, onProgress: (done: number, total: number) => void): Promise<RefreshIpListsResult> {
  return server.refreshIpLists(onProgress);
}
