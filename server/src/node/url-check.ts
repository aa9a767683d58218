/**
 * Check URL: fetch the site's robots.txt and the page (at the same time), read the page's
 * meta tags, then let the core answer the two separate questions — may the crawler fetch it,
 * and what does the page say about indexing — and how they interact. The page is fetched
 * even when crawling is disallowed: the site owner wants to know what it says, and is told
 * the crawler cannot see it.
 */

import { checkFetchedUrl } from '@robots-lens/fetch/check-url';
import { resolveAgent } from '@robots-lens/kernel/crawlers';
import type { UrlCheck } from '@robots-lens/fetch/check-url';
import { decodeHtml, extractMetaTags } from './html-meta';
import { DEFAULT_PAGE_MAX_BYTES, fetchPage, fetchRobotsTxt, robotsOrigin } from './http-fetch';
import type { HttpOptions } from './http-fetch';
import { InputError } from './files';

export interface UrlCheckOptions {
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
  /** Byte cap for robots.txt (default: 500 KiB plus a margin). */
  readonly robotsMaxBytes?: number;
  /** Byte cap for the page (default 5 MiB). */
  readonly pageMaxBytes?: number;
  readonly userAgent?: string;
  /** Epoch ms used to tell whether `unavailable_after` has passed; default now. */
  readonly now?: number;
}

/** Runs Check URL for one URL and one crawler (a token or a User-Agent header). */
export async function checkUrl(url: string, agent: string, options: UrlCheckOptions = {}): Promise<UrlCheck> {
  if (!/^https?:\/\//i.test(url.trim())) throw new InputError(`"${url}" is not an http(s) URL; give the full URL, e.g. https://example.com/page.`);
  const origin = robotsOrigin(url);
  const resolved = resolveAgent(agent);
  const http: HttpOptions = {
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.connectTimeoutMs !== undefined ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
    ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
  };
  const [outcome, page] = await Promise.all([
    fetchRobotsTxt(origin, { ...http, ...(options.robotsMaxBytes !== undefined ? { maxBytes: options.robotsMaxBytes } : {}) }),
    fetchPage(url.trim(), { ...http, maxBytes: options.pageMaxBytes ?? DEFAULT_PAGE_MAX_BYTES }),
  ]);
  const meta = page.body !== null ? extractMetaTags(decodeHtml(page.body, page.contentType)) : [];
  return checkFetchedUrl({ url: url.trim(), agent: resolved, robots: outcome, page, meta, now: options.now ?? Date.now() });
}
