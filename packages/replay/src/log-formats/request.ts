/**
 * The formats a replay reads, what a line of any of them says about one request, and the
 * shape of a format's parser. Every format's file imports these; this file imports none of
 * them, so the formats and the factory that picks one never import each other.
 */

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

/** A combined/common request as positions in its line's text, filled by `scan`. */
export interface ClfFields {
  ipStart: number;
  ipEnd: number;
  /** A shared constant for the usual methods. */
  method: string;
  urlStart: number;
  urlEnd: number;
  time: number;
  status: number | null;
  /** Shared by every line with the same User-Agent, unescaped. */
  userAgent: string;
  /** Where the parser keeps that shared string (stable while the value stays), or -1. */
  userAgentSlot: number;
  /** The User-Agent as logged (escapes not read): [userAgentStart, userAgentEnd) of the text; -1 when the line has none. */
  userAgentStart: number;
  userAgentEnd: number;
}

/** A format's parser of lines. */
export interface LogLineParser {
  readonly format: LogFormat;
  /** Reads `text[start, end)`: a request, the reason the line is not one, or null for non-request lines. */
  parse(text: string, start: number, end: number): LogRequest | string | null;
  /**
   * Combined and common only: reads the line as `parse` does, but a request is left in
   * `scanned` (where its strings lie in `text`; `clfRequest` cuts them) and `true` returned.
   */
  scan?(text: string, start: number, end: number, keepUserAgent?: boolean): true | string | null;
  readonly scanned?: Readonly<ClfFields>;
}
