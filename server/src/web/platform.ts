/**
 * The server's features in a web worker (vscode.dev, github.dev): everything of the core
 * runs there; what needs Node answers with why it cannot, and what works instead. A browser
 * blocks cross-origin requests, so a site's robots.txt cannot be fetched; the worker has no
 * file system, so the replay asks the client for the log's text.
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { diffRobots, summarizeDiff } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { ServerPlatform } from '../platform';
import { webReplay } from './replay';
import type { ReadIpLists, ReadLog } from './replay';

/** Why a live fetch cannot run here, and what does. */
export const NO_LIVE_FETCH_IN_BROWSER =
  'Fetching a live site is not available in the browser: browsers block requests to other sites (cross-origin). ' +
  'Paste the robots.txt into an editor to check it, or use robots.txt Lens in desktop VS Code or the robots-lens CLI.';

/** Why counting logged requests in a comparison cannot run here, and what does. */
export const NO_LOG_FILES_IN_BROWSER =
  'Counting the logged requests a change decides differently is not available in the browser: the comparison reads logs from disk. ' +
  'Replay the log against each version instead, or use robots.txt Lens in desktop VS Code or robots-lens diff --log.';

/** Why reading sitemaps cannot run here, and what does. */
export const NO_SITEMAPS_IN_BROWSER =
  'Checking sitemaps is not available in the browser: sitemaps are fetched from other sites (cross-origin) or read from disk. ' +
  'Use robots.txt Lens in desktop VS Code or robots-lens sitemaps.';

/** Why surveying sites cannot run here, and the CLI line that does. */
export const NO_SURVEY_IN_BROWSER =
  'Surveying sites is not available in the browser: browsers block requests to other sites (cross-origin). ' +
  'Use robots.txt Lens in desktop VS Code, or run: npx robots-lens survey --sites sites.txt --html survey.html';

/** Why the crawler IP lists cannot be downloaded here (the web client says so itself, without asking). */
export const NO_IP_LIST_DOWNLOAD_IN_BROWSER = 'Crawler IP lists cannot be downloaded in the browser: cross-origin requests are blocked.';

const unavailable = (message: string) => new ResponseError(ErrorCodes.InvalidRequest, message);

/** The browser's features; logs and IP lists are read by the client (`readLog`, `readIpLists`), as a worker has no file system. */
export const webPlatform = (readLog: ReadLog, readIpLists: ReadIpLists): ServerPlatform => ({
  name: 'web worker',
  fetchRobots: () => Promise.reject(unavailable(NO_LIVE_FETCH_IN_BROWSER)),
  checkUrl: () => Promise.reject(unavailable(NO_LIVE_FETCH_IN_BROWSER)),
  checkSitemaps: () => Promise.reject(unavailable(NO_SITEMAPS_IN_BROWSER)),
  surveySites: () => Promise.reject(unavailable(NO_SURVEY_IN_BROWSER)),
  refreshIpLists: () => Promise.reject(unavailable(NO_IP_LIST_DOWNLOAD_IN_BROWSER)),
  replay: (parsed, params, token, deps) => webReplay(readLog, readIpLists, parsed, params, token, deps),
  compare: (parsed, params) => {
    if (typeof params.otherText !== 'string') {
      return Promise.reject(new ResponseError(ErrorCodes.InvalidParams, 'robotsLens/compare needs otherText: the text of the version to compare with.'));
    }
    // Counting logged requests reads logs from disk; the diff itself needs nothing but the texts.
    if (Array.isArray(params.logFiles) && params.logFiles.length > 0) return Promise.reject(unavailable(NO_LOG_FILES_IN_BROWSER));
    // Counting the URLs sitemaps list reads them from other sites or from disk, as Check Sitemaps… does.
    if (Array.isArray(params.sitemaps) && params.sitemaps.length > 0) return Promise.reject(unavailable(NO_SITEMAPS_IN_BROWSER));
    const crawlers = Array.isArray(params.crawlers) ? params.crawlers.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : [];
    const diff = diffRobots(parseRobots(params.otherText), parsed.file, crawlers.length > 0 ? { crawlers } : {});
    return Promise.resolve({ diff, summary: summarizeDiff(diff), version: parsed.version });
  },
});
