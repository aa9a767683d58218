/**
 * HTTP for robots.txt and pages, with node:http/https directly so that every limit is
 * enforced while streaming: a connect timeout per connection, one overall deadline for the
 * whole fetch (redirects included), and a byte cap that stops reading. What happened is
 * returned as data (`FetchOutcome`, `PageFetch`); what it means is decided by the core.
 */

import { DEFAULT_ROBOTS_MAX_BYTES, isRedirectStatus, MAX_ROBOTS_REDIRECTS } from '@robots-lens/fetch';
import { siteOrigin } from '@robots-lens/kernel/match';
import type { FetchHop, FetchOutcome } from '@robots-lens/fetch';
import type { PageFetch } from '@robots-lens/fetch/check-url';
import { AddressGuard, PRIVATE_ADDRESS_CODE } from './address-guard';
import type { AddressRange } from './address-guard';
import type { PinnedHosts } from './pinned-hosts';
import { InputError } from './files';
import { RequestFailure } from './http-failures';
import { request } from './http-request';
import type { Limits } from './http-request';
import { allHeaders, declaredLength, firstHeader, headerText, redirectTarget } from './http-response';
import type { RawResponse } from './http-response';

export interface HttpOptions {
  /** Overall limit for the whole fetch, redirects included, in milliseconds. Default 10 000. */
  readonly timeoutMs?: number;
  /** Limit for establishing each connection. Default: the overall limit. */
  readonly connectTimeoutMs?: number;
  /** Most bytes of a body to read. Default: 500 KiB plus a margin for robots.txt, 5 MiB for pages. */
  readonly maxBytes?: number;
  readonly userAgent?: string;
  /**
   * How an address is classed (only `unicast` is public). Default: ipaddr.js. Tests on
   * loopback use it to play a public origin.
   */
  readonly addressRange?: AddressRange;
  /** Ends the fetch in flight when the user cancels (a sitemap check). */
  readonly signal?: AbortSignal;
  /** Hosts answered from a given address (`--resolve HOST:PORT:ADDRESS`), not DNS. */
  readonly pinned?: PinnedHosts;
  /**
   * The guard of a walk already under way (a sitemap index's children): where the walk
   * started decides, not where this fetch starts. Default: a guard of this fetch alone.
   */
  readonly guard?: AddressGuard;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_PAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Google follows up to 10 redirect hops for pages. */
export const MAX_PAGE_REDIRECTS = 10;
export const DEFAULT_USER_AGENT = 'robots-lens/0.1 (robots.txt checker)';

/**
 * The origin whose robots.txt governs `input` (`example.com` means https), or an
 * `InputError` a user can act on.
 */
export function robotsOrigin(input: string): string {
  const origin = siteOrigin(input);
  if (origin === undefined) throw new InputError(`"${input}" is not a site or URL (try example.com or https://example.com/page).`);
  if (!origin.startsWith('http://') && !origin.startsWith('https://')) {
    throw new InputError(`"${input}" is not an http or https URL; robots.txt is fetched over HTTP.`);
  }
  return origin;
}

/**
 * Fetches `/robots.txt` of the origin of `site` (a bare `example.com` means https),
 * following up to five redirects, also across hosts. Never rejects for network trouble:
 * that is part of the outcome. Rejects only with an `InputError` for an unusable `site`.
 */
export async function fetchRobotsTxt(site: string, options: HttpOptions = {}): Promise<FetchOutcome> {
  const origin = robotsOrigin(site);
  const robotsUrl = `${origin}/robots.txt`;
  const maxBytes = options.maxBytes ?? DEFAULT_ROBOTS_MAX_BYTES;
  const limits = requestLimits(options, maxBytes);
  const chain: FetchHop[] = [];
  let current = robotsUrl;
  let redirects = 0;
  for (;;) {
    let response: RawResponse;
    try {
      response = await request(new URL(current), limits, (status) => !isRedirectStatus(status));
    } catch (error) {
      if (error instanceof RequestFailure && error.failure.code === PRIVATE_ADDRESS_CODE && chain.length > 0) {
        const from = chain[chain.length - 1]!;
        const message = `refused to follow it to ${current}: ${error.failure.message}`;
        return { origin, robotsUrl, chain, maxBytes, end: { kind: 'bad-redirect', url: from.url, location: from.location ?? null, message } };
      }
      if (error instanceof RequestFailure) return { origin, robotsUrl, chain, maxBytes, end: { kind: 'network-error', url: current, error: error.failure } };
      throw error;
    }
    if (isRedirectStatus(response.status)) {
      const location = firstHeader(response, 'location');
      chain.push(location !== undefined ? { url: current, status: response.status, location } : { url: current, status: response.status });
      const next = redirectTarget(current, location);
      if (typeof next !== 'string') {
        return { origin, robotsUrl, chain, maxBytes, end: { kind: 'bad-redirect', url: current, location: location ?? null, message: next.problem } };
      }
      if (redirects === MAX_ROBOTS_REDIRECTS) {
        return { origin, robotsUrl, chain, maxBytes, end: { kind: 'too-many-redirects', url: next, maxRedirects: MAX_ROBOTS_REDIRECTS } };
      }
      redirects++;
      current = next;
      continue;
    }
    chain.push({ url: current, status: response.status });
    return {
      origin,
      robotsUrl,
      chain,
      maxBytes,
      end: {
        kind: 'response',
        url: current,
        status: response.status,
        contentType: firstHeader(response, 'content-type') ?? null,
        body: response.body,
        truncated: response.truncated,
        declaredLength: declaredLength(response),
      },
    };
  }
}

/**
 * Fetches a page for its `X-Robots-Tag` headers and, when it is HTML, its body (for the
 * robots meta tags). Follows up to 10 redirects, as Google does for pages.
 */
export function fetchPage(url: string, options: HttpOptions = {}): Promise<PageFetch> {
  return fetchFollowing(url, options, isHtmlLike);
}

/**
 * Fetches a document whatever its type (a sitemap), body included up to `maxBytes`, with
 * the page limits: up to 10 redirects, the address guard, the overall deadline.
 */
export function fetchDocument(url: string, options: HttpOptions = {}): Promise<PageFetch> {
  return fetchFollowing(url, options, () => true);
}

async function fetchFollowing(url: string, options: HttpOptions, readBody: (contentType: string | undefined | null) => boolean): Promise<PageFetch> {
  let current: string;
  try {
    current = new URL(url).href;
  } catch {
    throw new InputError(`"${url}" is not an absolute URL (https://host/path).`);
  }
  const maxBytes = options.maxBytes ?? DEFAULT_PAGE_MAX_BYTES;
  const limits = requestLimits(options, maxBytes);
  const chain: FetchHop[] = [];
  const base = { url, robotsHeaders: [], body: null, bytes: null, truncated: false, contentType: null };
  for (let redirects = 0; ; ) {
    let response: RawResponse;
    try {
      response = await request(new URL(current), limits, (status, headers) => !isRedirectStatus(status) && readBody(headerText(headers['content-type'])));
    } catch (error) {
      if (error instanceof RequestFailure && error.failure.code === PRIVATE_ADDRESS_CODE && chain.length > 0) {
        const from = chain[chain.length - 1]!;
        const problem = `refused to follow it to ${current}: ${error.failure.message}`;
        return { ...base, finalUrl: from.url, chain, status: from.status, error: null, redirectProblem: problem };
      }
      if (error instanceof RequestFailure) {
        return { ...base, finalUrl: current, chain, status: null, error: error.failure, redirectProblem: null };
      }
      throw error;
    }
    const location = firstHeader(response, 'location');
    if (isRedirectStatus(response.status)) {
      chain.push(location !== undefined ? { url: current, status: response.status, location } : { url: current, status: response.status });
      const next = redirectTarget(current, location);
      const problem =
        typeof next !== 'string' ? next.problem : redirects === MAX_PAGE_REDIRECTS ? `more than ${MAX_PAGE_REDIRECTS} redirects` : null;
      if (problem !== null || typeof next !== 'string') {
        return { ...base, finalUrl: current, chain, status: response.status, error: null, redirectProblem: problem ?? 'redirect not followed' };
      }
      redirects++;
      current = next;
      continue;
    }
    chain.push({ url: current, status: response.status });
    const contentType = firstHeader(response, 'content-type') ?? null;
    const read = readBody(contentType);
    return {
      url,
      finalUrl: current,
      chain,
      status: response.status,
      contentType,
      robotsHeaders: allHeaders(response, 'x-robots-tag'),
      body: read ? response.body : null,
      bytes: read ? response.body.length : null,
      truncated: response.truncated,
      error: null,
      redirectProblem: null,
    };
  }
}

function isHtmlLike(contentType: string | undefined | null): boolean {
  if (contentType === undefined || contentType === null || contentType.trim() === '') return true;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

function requestLimits(options: HttpOptions, maxBytes: number): Limits {
  const totalMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    deadline: Date.now() + totalMs,
    totalMs,
    connectTimeoutMs: options.connectTimeoutMs ?? totalMs,
    maxBytes,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    guard: options.guard ?? new AddressGuard(options.addressRange),
    signal: options.signal,
    pinned: options.pinned,
  };
}
