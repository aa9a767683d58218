/**
 * HTTP for robots.txt and pages, with node:http/https directly so that every limit is
 * enforced while streaming: a connect timeout per connection, one overall deadline for the
 * whole fetch (redirects included), and a byte cap that stops reading. What happened is
 * returned as data (`FetchOutcome`, `PageFetch`); what it means is decided by the core.
 */

import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { DEFAULT_ROBOTS_MAX_BYTES, isRedirectStatus, MAX_ROBOTS_REDIRECTS } from '@robots-lens/fetch';
import { plural } from '@robots-lens/kernel/words';
import { siteOrigin } from '@robots-lens/kernel/match';
import type { FetchHop, FetchOutcome, NetworkFailure } from '@robots-lens/fetch';
import type { PageFetch } from '@robots-lens/fetch/check-url';
import { AddressGuard, PRIVATE_ADDRESS_CODE } from './address-guard';
import type { AddressRange } from './address-guard';
import { InputError } from './files';

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

// ── one request ─────────────────────────────────────────────────────────────────────────

interface Limits {
  /** Epoch ms by which the whole fetch must be done. */
  readonly deadline: number;
  readonly totalMs: number;
  readonly connectTimeoutMs: number;
  readonly maxBytes: number;
  readonly userAgent: string;
  /** Keeps a fetch that started on a public address out of private networks. */
  readonly guard: AddressGuard;
  readonly signal?: AbortSignal | undefined;
}

interface RawResponse {
  readonly status: number;
  /** Header names lower-cased, values as sent, one entry per header line. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  readonly truncated: boolean;
}

/** A failure that ends the fetch; carried as data in the outcome, never shown as a crash. */
class RequestFailure extends Error {
  constructor(readonly failure: NetworkFailure) {
    super(failure.message);
  }
}

function requestLimits(options: HttpOptions, maxBytes: number): Limits {
  const totalMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    deadline: Date.now() + totalMs,
    totalMs,
    connectTimeoutMs: options.connectTimeoutMs ?? totalMs,
    maxBytes,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    guard: new AddressGuard(options.addressRange),
    signal: options.signal,
  };
}

/**
 * One GET. Resolves with the status, headers and (when `wantBody` says so) the body up to
 * `maxBytes`; rejects with a `RequestFailure` on any network trouble, a timeout, or a body
 * cut short — Google treats incomplete data like a server error.
 */
function request(url: URL, limits: Limits, wantBody: (status: number, headers: http.IncomingHttpHeaders) => boolean): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const remaining = limits.deadline - Date.now();
    if (remaining <= 0) {
      reject(new RequestFailure(timeoutFailure(limits, false, 0)));
      return;
    }
    const literalRefusal = limits.guard.refusalForHost(url.hostname);
    if (literalRefusal !== undefined) {
      reject(new RequestFailure({ kind: 'other', code: PRIVATE_ADDRESS_CODE, message: literalRefusal }));
      return;
    }
    const transport = url.protocol === 'https:' ? https : http;
    let settled = false;
    let received = 0;
    let responding = false;
    let response: http.IncomingMessage | undefined;
    let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined;
    let connectTimer: NodeJS.Timeout | undefined;
    const timers: NodeJS.Timeout[] = [];

    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      limits.signal?.removeEventListener('abort', cancel);
      for (const t of timers) clearTimeout(t);
      if (connectTimer !== undefined) clearTimeout(connectTimer);
      // A decompressor holds the compressed bytes already received and would go on
      // inflating them (a small Brotli bomb is gigabytes) long after the answer is known.
      if (decoder !== undefined) {
        response?.unpipe(decoder);
        decoder.removeAllListeners('data');
        decoder.destroy();
      }
      action();
    };
    const fail = (failure: NetworkFailure): void =>
      settle(() => {
        req.destroy();
        reject(new RequestFailure(failure));
      });

    const cancel = (): void => fail({ kind: 'other', code: 'ABORT_ERR', message: 'The fetch was cancelled.' });
    if (limits.signal?.aborted) {
      reject(new RequestFailure({ kind: 'other', code: 'ABORT_ERR', message: 'The fetch was cancelled.' }));
      return;
    }
    limits.signal?.addEventListener('abort', cancel, { once: true });

    const req = transport.request(url, {
      method: 'GET',
      // A fresh connection per request: nothing is kept alive after the fetch.
      agent: false,
      lookup: limits.guard.lookup,
      headers: {
        'user-agent': limits.userAgent,
        accept: 'text/plain, text/html;q=0.9, */*;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    timers.push(setTimeout(() => fail(timeoutFailure(limits, responding, received)), remaining));

    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(
        () => fail({ kind: 'connect-timeout', code: 'ETIMEDOUT', message: `No connection to ${url.host} within ${limits.connectTimeoutMs} ms.` }),
        Math.min(limits.connectTimeoutMs, remaining),
      );
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('error', (error) => fail(overlongBody(error, response) ?? describeError(error, url, responding, received)));

    req.on('response', (res) => {
      responding = true;
      response = res;
      const status = res.statusCode ?? 0;
      const headers = headerPairs(res.rawHeaders);
      if (!wantBody(status, res.headers)) {
        settle(() => {
          res.destroy();
          req.destroy();
          resolve({ status, headers, body: new Uint8Array(0), truncated: false });
        });
        return;
      }
      let stream: Readable = res;
      const encoding = headerText(res.headers['content-encoding'])?.trim().toLowerCase() ?? '';
      decoder = decoderFor(encoding);
      if (decoder !== undefined) {
        stream = res.pipe(decoder);
        decoder.on('error', (error: NodeJS.ErrnoException) =>
          fail({ kind: 'protocol', code: error.code ?? 'Z_DATA_ERROR', message: `The ${encoding} body cannot be decompressed (${error.message}).` }),
        );
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = limits.maxBytes - received;
        if (chunk.length > room) {
          // Past the cap: keep what fits and stop reading; the rest is never downloaded.
          chunks.push(chunk.subarray(0, room));
          received += room;
          settle(() => {
            res.destroy();
            req.destroy();
            resolve({ status, headers, body: concat(chunks, received), truncated: true });
          });
          return;
        }
        chunks.push(chunk);
        received += chunk.length;
      });
      stream.on('end', () => settle(() => resolve({ status, headers, body: concat(chunks, received), truncated: false })));
      res.on('error', (error: NodeJS.ErrnoException) =>
        fail({
          kind: 'incomplete-body',
          code: error.code ?? 'ECONNRESET',
          message: `The connection failed after ${plural(received, 'byte')}, before the body was complete (${error.code ?? error.message}).`,
        }),
      );
      res.on('close', () => {
        if (!res.complete) {
          fail({
            kind: 'incomplete-body',
            code: 'ECONNRESET',
            message: `The connection closed after ${plural(received, 'byte')}, before the body was complete.`,
          });
        }
      });
    });
    req.end();
  });
}

/**
 * Bytes after a complete body are not HTTP: the parser fails on them before the body is
 * handed over. That is a body longer than its `Content-Length`, not one cut short.
 */
function overlongBody(error: unknown, response: http.IncomingMessage | undefined): NetworkFailure | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (response === undefined || !response.complete || !code.startsWith('HPE_')) return undefined;
  const declared = headerText(response.headers['content-length']);
  if (declared === undefined) return undefined;
  return {
    kind: 'protocol',
    code,
    message: `The body is longer than its Content-Length: the server declared ${declared} byte${declared.trim() === '1' ? '' : 's'} and sent more after them, which is not valid HTTP (${code}).`,
  };
}

function timeoutFailure(limits: Limits, responding: boolean, received: number): NetworkFailure {
  return {
    kind: 'timeout',
    code: 'ETIMEDOUT',
    message: responding
      ? `No complete response within ${limits.totalMs} ms: the body was still arriving after ${plural(received, 'byte')}.`
      : `No response within ${limits.totalMs} ms.`,
  };
}

function describeError(error: unknown, url: URL, responding: boolean, received: number): NetworkFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'ERROR';
  const text = error instanceof Error ? error.message : String(error);
  const host = url.hostname;
  if (code === PRIVATE_ADDRESS_CODE) return { kind: 'other', code, message: text };
  if (responding) {
    return { kind: 'incomplete-body', code, message: `The connection failed after ${plural(received, 'byte')}, before the body was complete (${code}).` };
  }
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return { kind: 'dns', code, message: `The host name ${host} does not resolve (${code}).` };
    case 'ECONNREFUSED':
      return { kind: 'connection-refused', code, message: `${url.host} refused the connection (${code}).` };
    case 'ECONNRESET':
    case 'EPIPE':
      return { kind: 'connection-reset', code, message: `The connection to ${url.host} was reset before a response arrived (${code}).` };
    case 'ETIMEDOUT':
      return { kind: 'timeout', code, message: `The connection to ${url.host} timed out (${code}).` };
  }
  if (code.startsWith('HPE_')) return { kind: 'protocol', code, message: `The response from ${url.host} is not valid HTTP (${code}).` };
  if (/CERT|SSL|TLS|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)) {
    return { kind: 'tls', code, message: `The TLS connection to ${url.host} failed: ${text} (${code}).` };
  }
  return { kind: 'other', code, message: `The request to ${url.host} failed: ${text} (${code}).` };
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

function concat(chunks: readonly Buffer[], size: number): Uint8Array {
  const body = Buffer.concat(chunks, size);
  return new Uint8Array(body.buffer, body.byteOffset, body.length);
}

function headerPairs(raw: readonly string[]): Array<readonly [string, string]> {
  const pairs: Array<readonly [string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
  return pairs;
}

function firstHeader(response: RawResponse, name: string): string | undefined {
  return response.headers.find(([n]) => n === name)?.[1];
}

function allHeaders(response: RawResponse, name: string): string[] {
  return response.headers.filter(([n]) => n === name).map(([, v]) => v);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function declaredLength(response: RawResponse): number | null {
  const value = firstHeader(response, 'content-length');
  if (value === undefined || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The absolute http(s) URL a redirect points to, or why it cannot be followed. */
function redirectTarget(from: string, location: string | undefined): string | { problem: string } {
  if (location === undefined || location.trim() === '') return { problem: 'the redirect has no Location header' };
  let next: URL;
  try {
    next = new URL(location.trim(), from);
  } catch {
    return { problem: `Location "${location}" is not a URL` };
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return { problem: `Location points to a ${next.protocol} URL, not http(s)` };
  next.hash = '';
  return next.href;
}
