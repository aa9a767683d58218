/**
 * The parsed form of a robots.txt file: every physical line with what it means,
 * the groups it forms, and the problems found on the way. Offsets are UTF-16 code
 * unit offsets into `RobotsFile.text`; line/column conversion happens at the edges.
 */

/** What a line is, after Google's lenient reading of keys. */
export type LineKind =
  | 'user-agent'
  | 'allow'
  | 'disallow'
  | 'sitemap'
  /** A `key: value` line whose key is not one of the four above (Crawl-delay, Host, typos…). */
  | 'other'
  | 'blank'
  | 'comment'
  /** Text that is neither a `key: value` line nor blank nor a comment. */
  | 'invalid';

/** How a key was recognised, so lint can report what only Google forgives. */
export type KeySpelling =
  | 'exact'
  /** `dissallow`, `useragent`, `user agent`, `site-map`… */
  | 'misspelling'
  /** A key that merely starts with a known key: `Disallowed`, `User-agents`. */
  | 'prefix';

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Line {
  /** 0-based physical line number. */
  readonly index: number;
  /** Offsets of the line's content, without its line break. */
  readonly start: number;
  readonly end: number;
  /** UTF-8 byte offset of the line start in the (BOM-less) body, for the 500 KiB limit. */
  readonly byteOffset: number;
  readonly kind: LineKind;
  /** The key as written (trimmed), for `key: value` lines. */
  readonly key?: string | undefined;
  readonly keySpan?: Span | undefined;
  /** Lower-cased key for `other` lines (`crawl-delay`, `host`…), canonical key otherwise. */
  readonly directive?: string | undefined;
  readonly spelling?: KeySpelling | undefined;
  /** `Disallow /x`: no colon, exactly two whitespace-separated tokens (Google accepts it). */
  readonly missingColon?: boolean | undefined;
  /** The value as written (trimmed, comment removed). Empty string when absent. */
  readonly value: string;
  readonly valueSpan?: Span | undefined;
  readonly comment?: Span | undefined;
  /** The line starts past Google's 500 KiB limit and takes no part in verdicts. */
  readonly beyondLimit: boolean;
  /** Longer than Google's 16,663-byte line limit; the value used is the truncated one. */
  readonly truncated: boolean;
  /** Index of the group this line belongs to (agents, rules and other lines inside it). */
  readonly group?: number | undefined;
}

export type RuleKind = 'allow' | 'disallow';

export interface Rule {
  readonly kind: RuleKind;
  /** Physical line index. */
  readonly line: number;
  /** The pattern as written. */
  readonly pattern: string;
  /** The normalised pattern (see encoding/normalize.ts); `*` and a final `$` kept as written. */
  readonly normalized: string;
  /** Specificity: octets of the normalised pattern. */
  readonly octets: number;
  /** The group this rule belongs to. */
  readonly group: number;
}

export interface AgentLine {
  readonly line: number;
  /** The value as written. */
  readonly value: string;
  /** The product token Google reads from the value (`Googlebot/2.1` → `Googlebot`); empty when none. */
  readonly token: string;
  /** `*`, the fallback group. */
  readonly isStar: boolean;
}

export interface Group {
  readonly index: number;
  readonly agents: readonly AgentLine[];
  readonly rules: readonly Rule[];
  /** Lines other than agents and rules that sit inside the group (Crawl-delay, comments…). */
  readonly otherLines: readonly number[];
  /** First and last physical line of the group (last agent line or rule line, whichever is later). */
  readonly firstLine: number;
  readonly lastLine: number;
}

export interface Sitemap {
  readonly line: number;
  readonly url: string;
}

export type ProblemCode =
  | 'bom'
  | 'invalid-utf8'
  | 'size-limit'
  | 'line-too-long'
  | 'looks-like-html'
  | 'rule-outside-group';

export interface Problem {
  readonly code: ProblemCode;
  readonly span: Span;
  readonly message: string;
}

export interface RobotsFile {
  /** The decoded text the offsets refer to (BOM removed when parsed from bytes). */
  readonly text: string;
  readonly lines: readonly Line[];
  readonly groups: readonly Group[];
  /**
   * Groups by lower-cased product token (`*` for the fallback group). Several groups
   * naming the same token are merged: their rules are pooled.
   */
  readonly groupsByToken: ReadonlyMap<string, readonly number[]>;
  readonly sitemaps: readonly Sitemap[];
  /** Rules that precede every `User-agent` line; no crawler obeys them. */
  readonly orphanRules: readonly Rule[];
  readonly problems: readonly Problem[];
  /** A byte order mark (full or partial) was skipped at the start. */
  readonly hadBom: boolean;
  /** Total UTF-8 size of the body in bytes. */
  readonly byteLength: number;
}

/** Google reads at most this many bytes of a robots.txt (500 KiB). */
export const GOOGLE_SIZE_LIMIT_BYTES = 512_000;
/** Google truncates each line to this many bytes (2083 × 8 − 1). */
export const GOOGLE_MAX_LINE_BYTES = 16_663;
