/**
 * The web twin of the replay panel's "Refresh IP lists": a browser cannot download the
 * operators' lists (cross-origin requests are blocked) nor store them where the replay reads
 * them, so the action says so instead of failing with a Node error.
 */

import type { IpListRefreshOptions, IpListRefreshOutcome } from '../ip-list-refresh';

export function refreshIpLists(_options: IpListRefreshOptions = {}): Promise<IpListRefreshOutcome> {
  return Promise.resolve({
    ok: false,
    stored: 0,
    message: 'Crawler IP lists cannot be downloaded in the browser (cross-origin requests are blocked); run robots-lens ranges --refresh on a desktop machine.',
  });
}
