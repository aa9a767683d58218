/** The server's Node features: live fetches, logs and IP lists read from disk, reverse DNS, git history. */

import { checkSitemapsRequest } from './features/check-sitemaps-request';
import { checkUrlRequest } from './features/check-url-request';
import { compareRequest } from './features/compare-request';
import { fetchRobots } from './features/fetch-request';
import { replayRequest } from './features/replay-request';
import { surveySitesRequest } from './features/survey-request';
import { refreshIpLists } from './node/ip-list-refresh';
import type { ServerPlatform } from './platform';

export const nodePlatform: ServerPlatform = {
  name: 'node',
  fetchRobots,
  checkUrl: checkUrlRequest,
  replay: replayRequest,
  compare: compareRequest,
  checkSitemaps: checkSitemapsRequest,
  surveySites: surveySitesRequest,
  refreshIpLists: (progress) => refreshIpLists({ onProgress: progress }),
};
