/**
 * The batch's way in: what decides a URL read as the bytes of its UTF-8, with no string
 * made of it, for `test --batch`, which answers millions of URLs straight from the bytes it
 * reads. It gives the rule `RobotsMatcher.decide` gives, or declines and the caller decides
 * the URL as text; the matcher's meaning is not repeated here, only read faster.
 */

import { parseTarget } from './target';
import { googleAgreesOnPlainPath, isOwnTargetBytes } from './google-literal';
import { isPathStart, ROBOTS_TXT } from './matcher';
import type { RobotsMatcher } from './matcher';
import type { DecidingRule } from './verdict';

/**
 * What decides a URL: a rule, no rule (null), the path `/robots.txt` itself, or its being on
 * another origin than the one governed (not applicable), named.
 */
export type PlainUrlDecider = DecidingRule | null | 'robots-txt' | { readonly otherOrigin: string };

/** The longest scheme and authority `otherOrigin` reads (a host name is at most 253 characters). */
const MAX_PLAIN_PREFIX = 1024;

export class UrlBytesDecider {
  /** The scheme and authority of the last URL `otherOrigin` read, and their origin: a batch's URLs come in runs on one. */
  private lastPrefix: { readonly bytes: Uint8Array; readonly origin: { readonly otherOrigin: string } | undefined } | undefined;

  constructor(private readonly matcher: RobotsMatcher) {}

  /**
   * What decides whether `agent` may fetch the URL `bytes[start, end)`: the verdict's `rule`
   * that `decide(url, agent, { origin })` gives, null when no rule matches (allowed),
   * 'robots-txt' for the path `/robots.txt` itself (always allowed), or `{ otherOrigin }` for
   * an absolute URL on another origin (not applicable). The bytes are the URL's UTF-8, and
   * valid (a batch reads them so). Undefined when it cannot be told this way (an agent
   * without a group, an automaton not built yet, a URL that is not plainly absolute or on
   * the origin), or when `googleAgrees` asks for a verdict without a `googleLiteral` and
   * Google's literal reading might differ (a path to normalise, or a rule whose two readings
   * differ matches it): then `decide` the URL as text.
   */
  decider(agent: string, bytes: Uint8Array, start: number, end: number, origin: string, googleAgrees: boolean): PlainUrlDecider | undefined {
    const selected = this.matcher.select(agent);
    const from = start + origin.length;
    if (bytes[from] !== 0x2f || !startsWithText(bytes, start, end, origin)) return this.otherOrigin(bytes, start, end, origin);
    if (!selected) return undefined;
    // `decide` compares the path cut at `#`, as sent: `/robots.txt?x` and `/robots.tx%74` take the rules.
    if (bytes[from + 1] === 0x72 && startsWithText(bytes, from, end, ROBOTS_TXT) && (from + ROBOTS_TXT.length === end || bytes[from + ROBOTS_TXT.length] === 0x23)) return 'robots-txt';
    if (googleAgrees && !isOwnTargetBytes(bytes, from, end)) return undefined;
    const pool = selected.set.pool;
    const winner = pool.rules.bestInBytes(bytes, from, end);
    if (winner === null || (googleAgrees && !googleAgreesOnPlainPath(pool, bytes, from, end))) return undefined;
    return winner ? winner.decides : null;
  }

  /**
   * The origin of the URL `bytes[start, end)` when it is absolute and on another origin than
   * `governed`, as `decide` reads it: `parseTarget` of its scheme and authority, which are all
   * its origin is made of. Undefined when they name the governed one written otherwise
   * (`HTTPS://`, `:443`), when it has no host, or for a path: `decide` tells those.
   */
  private otherOrigin(bytes: Uint8Array, start: number, end: number, governed: string): { readonly otherOrigin: string } | undefined {
    let colon = start;
    while (colon < end && bytes[colon] !== 0x3a) colon++;
    if (colon + 2 >= end || bytes[colon + 1] !== 0x2f || bytes[colon + 2] !== 0x2f) return undefined;
    let authorityEnd = colon + 3;
    while (authorityEnd < end && !isPathStart(bytes[authorityEnd]!)) authorityEnd++;
    // No origin is that long; whatever it is, `decide` says it.
    if (authorityEnd - start > MAX_PLAIN_PREFIX) return undefined;
    // `parseTarget` trims what it reads, the URL or (here) its start: with a space in the
    // start the two could read differently; and the start is read a byte a character. A URL
    // such as that (or a host in UTF-8) takes `decide`.
    for (let i = start; i < authorityEnd; i++) if (bytes[i] === 0x20 || bytes[i]! >= 0x80) return undefined;
    let last = this.lastPrefix;
    if (last === undefined || !sameBytes(last.bytes, bytes, start, authorityEnd)) {
      const prefix = bytes.slice(start, authorityEnd);
      const parsed = parseTarget(String.fromCharCode(...prefix));
      const origin = parsed.ok ? parsed.target.origin : null;
      this.lastPrefix = last = { bytes: prefix, origin: origin === null ? undefined : { otherOrigin: origin } };
    }
    return last.origin !== undefined && last.origin.otherOrigin !== governed ? last.origin : undefined;
  }
}

/** Are `bytes[from, end)` the bytes `kept`? */
function sameBytes(kept: Uint8Array, bytes: Uint8Array, from: number, end: number): boolean {
  if (kept.length !== end - from) return false;
  for (let k = 0; k < kept.length; k++) if (kept[k] !== bytes[from + k]) return false;
  return true;
}

/** Do `bytes[from, end)` start with `text`, character for byte? */
function startsWithText(bytes: Uint8Array, from: number, end: number, text: string): boolean {
  if (end - from < text.length) return false;
  for (let k = 0; k < text.length; k++) if (bytes[from + k] !== text.charCodeAt(k)) return false;
  return true;
}
