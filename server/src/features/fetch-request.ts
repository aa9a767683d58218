/**
 * `robotsLens/fetch`: the fetch report of an origin's /robots.txt, with the file's text when
 * its rules apply. Fetched in the server, so the client stays thin.
 */

import { classifyFetch, robotsFetchReport } from '@robots-lens/fetch';
import { fetchRobotsTxt } from '../node/http-fetch';
import type { FetchParams, FetchResult } from '../protocol';
import { invalidInputAsParamsError, optionalTimeout, requiredString } from './request-params';
import { fetchReportDto } from './wire/fetch';

/** Fetches the origin's /robots.txt and reports what the outcome means, with the decoded file. */
export async function fetchRobots(params: FetchParams): Promise<FetchResult> {
  const site = requiredString(params, 'site');
  const timeoutMs = optionalTimeout(params);
  const outcome = await invalidInputAsParamsError(() => fetchRobotsTxt(site, timeoutMs !== undefined ? { timeoutMs } : {}));
  const report = robotsFetchReport(classifyFetch(outcome), { includeText: true });
  return { ...fetchReportDto(report), fetchedAt: new Date().toISOString() };
}
