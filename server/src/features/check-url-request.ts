/**
 * `robotsLens/checkUrl`: crawl permission and indexing directives of one live URL, kept
 * apart. Fetched in the server, so the client stays thin.
 */

import { urlCheckReport } from '@robots-lens/fetch/check-url';
import { checkUrl } from '../node/url-check';
import type { CheckUrlParams, UrlCheckReportDto } from '../protocol';
import { invalidInputAsParamsError, optionalTimeout, requiredString } from './request-params';
import { urlCheckReportDto } from './wire/fetch';

/** Check URL: the live robots.txt and the page, fetched at the same time, as the check report. */
export async function checkUrlRequest(params: CheckUrlParams): Promise<UrlCheckReportDto> {
  const url = requiredString(params, 'url');
  const agent = requiredString(params, 'agent');
  const timeoutMs = optionalTimeout(params);
  const check = await invalidInputAsParamsError(() => checkUrl(url, agent, timeoutMs !== undefined ? { timeoutMs } : {}));
  return urlCheckReportDto(urlCheckReport(check));
}
