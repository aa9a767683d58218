/** The formats a replay reads, and what a line of any of them says about one request. */

export type LogFormat = 'combined' | 'common' | 'json' | 'w3c' | 'alb' | 'cloudfront' | 'cloudflare';

export const LOG_FORMATS: readonly LogFormat[] = ['combined', 'common', 'json', 'w3c', 'alb', 'cloudfront', 'cloudflare'];

/** What a log line says about one HTTP request. */
export interface LogRequest {
  /** Epoch milliseconds, UTC. */
  readonly time: number;
  /** The client address; like `url`, it may be a view into a larger chunk of text. */
  readonly ip: string;
  readonly method: string;
  /**
   * The request target as logged: a path (`/a?b`) or an absolute URL (ALB, some JSON logs).
   * It may be a view into a larger chunk of text: copy it (`ownString`) before keeping it long.
   */
  readonly url: string;
  /** Response status; null when the log has none. */
  readonly status: number | null;
  /** User-Agent header; '' when absent. */
  readonly userAgent: string;
  /** Host header when the log records it. */
  readonly host: string | null;
  /** The response's X-Robots-Tag header, when the log has a column for it (JSON logs). */
  readonly xRobotsTag?: string;
}
