/**
 * What happened when /robots.txt was fetched, as plain data. The HTTP layer
 * (`server/src/node/http-fetch.ts`) produces it; `classifyFetch` gives it its meaning.
 * Keeping the two apart lets every status, redirect chain and network failure be judged
 * by pure code and tested without sockets.
 */

/** One HTTP response on the way to the robots.txt body, redirects included. */
export interface FetchHop {
  readonly url: string;
  readonly status: number;
  /** The `Location` header of a redirect, as sent. */
  readonly location?: string;
}

/** Why no complete response arrived. */
export type NetworkErrorKind =
  /** No complete response within the overall time limit (headers or body still missing). */
  | 'timeout'
  /** The TCP (or TLS) connection was not established within the connect time limit. */
  | 'connect-timeout'
  | 'connection-reset'
  | 'connection-refused'
  /** The host name does not resolve (ENOTFOUND, EAI_AGAIN). */
  | 'dns'
  | 'tls'
  /** The server closed the connection before the body was complete. */
  | 'incomplete-body'
  /** The server sent something that is not HTTP. */
  | 'protocol'
  | 'other';

export interface NetworkFailure {
  readonly kind: NetworkErrorKind;
  /** The system or library code (`ECONNRESET`, `ENOTFOUND`, `ETIMEDOUT`…). */
  readonly code: string;
  /** One sentence a user can act on. */
  readonly message: string;
}

/** How the fetch ended. */
export type FetchEnd =
  | {
      readonly kind: 'response';
      /** The URL that gave the final (non-redirect) response. */
      readonly url: string;
      readonly status: number;
      /** The `Content-Type` header as sent, or null when absent. */
      readonly contentType: string | null;
      /** The body as received (decompressed), at most `FetchOutcome.maxBytes` bytes. */
      readonly body: Uint8Array;
      /** Reading stopped at `maxBytes`: the body is longer than what was read. */
      readonly truncated: boolean;
      /** `Content-Length` as sent, when it was a number. */
      readonly declaredLength: number | null;
    }
  | {
      /** More than the allowed number of consecutive redirects. */
      readonly kind: 'too-many-redirects';
      /** Where the last redirect pointed (not fetched). */
      readonly url: string;
      readonly maxRedirects: number;
    }
  | {
      /** A redirect without a usable target: no `Location`, a malformed one, or not http(s). */
      readonly kind: 'bad-redirect';
      readonly url: string;
      readonly location: string | null;
      readonly message: string;
    }
  | {
      readonly kind: 'network-error';
      /** The URL whose request failed. */
      readonly url: string;
      readonly error: NetworkFailure;
    };

/** Everything the HTTP layer observed while fetching one origin's robots.txt. */
export interface FetchOutcome {
  /** The origin whose robots.txt this is (`https://example.com`); redirects never change it. */
  readonly origin: string;
  /** `${origin}/robots.txt`, the first URL requested. */
  readonly robotsUrl: string;
  /** Every response received, in order, redirects included. Empty when the first request failed. */
  readonly chain: readonly FetchHop[];
  readonly end: FetchEnd;
  /** The most bytes of a body that were read. */
  readonly maxBytes: number;
}

/** RFC 9309 §2.3.1.2: crawlers follow at least five consecutive redirects. */
export const MAX_ROBOTS_REDIRECTS = 5;

/**
 * Default reading limit: Google's 500 KiB plus a margin, so that a file just over the
 * limit is recognised as such and a line straddling the limit is read whole.
 */
export const DEFAULT_ROBOTS_MAX_BYTES = 512_000 + 65_536;

/** The longest fetch timeout a caller may ask for: ten minutes (a timer past 2^31 ms fires at once). */
export const MAX_FETCH_TIMEOUT_MS = 600_000;

/** The HTTP status codes that redirect (the others in 3xx carry no target to follow). */
export function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}
