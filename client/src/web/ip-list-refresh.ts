/**
 * The web twin of the replay panel's "Refresh IP lists": a browser cannot download the
 * operators' lists (cross-origin requests are blocked), so the action says so, and where the
 * replay in the browser reads lists the user puts there (`web/ip-lists.ts`).
 */

import type { RefreshIpListsResult } from '../../../server/src/protocol';
import type { RobotsServer } from '../language-client';
import { WORKSPACE_IP_LISTS } from './ip-lists';

export function refreshIpLists(_server: RobotsServer, _onProgress: (done: number, total: number) => void): Promise<RefreshIpListsResult> {
  return Promise.resolve({
    ok: false,
    stored: 0,
    message:
      'Crawler IP lists cannot be downloaded in the browser (cross-origin requests are blocked). ' +
      `Put the operators' list files (such as googlebot.json, from robots-lens ranges --refresh) into the workspace's ${WORKSPACE_IP_LISTS}/ folder and replay again.`,
  });
}
