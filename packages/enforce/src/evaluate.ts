/**
 * A plan evaluated the way the servers evaluate their text: the first recognition entry that
 * matches names the crawler, the first rule whose expression matches decides. JavaScript's
 * engine reads the PCRE subset the plans use (look-around included) with the same
 * first-match semantics, so the tests and `enforce --check` compare this with the matcher.
 */

import { escapedByte } from '@robots-lens/kernel/encoding';
import type { EnforcePlan } from './plan';

/** What the compiled rules do with one request. */
export interface CompiledDecision {
  /** The crawler recognised in scope, by catalogue id; null when none is. */
  readonly crawler: string | null;
  readonly block: boolean;
}

/** The path every crawler may fetch, never blocked. */
export const ROBOTS_TXT_TARGET = '/robots.txt';

/** Evaluates `plan` for a request: its User-Agent header and its raw target as octets (`rawTarget`). */
export class PlanEvaluator {
  private readonly who: readonly { readonly test: RegExp; readonly crawler: string | null }[];
  private readonly rules: ReadonlyMap<string, readonly { readonly test: RegExp; readonly allow: boolean }[]>;

  constructor(plan: EnforcePlan) {
    this.who = plan.who.map((e) => ({ test: new RegExp(e.source, 'i'), crawler: e.crawler?.id ?? null }));
    this.rules = new Map(plan.crawlers.map((c) => [c.crawler.id, c.rules.map((r) => ({ test: new RegExp(`^${r.regex.source}`), allow: r.allow }))]));
  }

  /** `target` is the raw request-target, one character per octet (see `rawTarget`). */
  decide(userAgent: string, target: string): CompiledDecision {
    const entry = this.who.find((e) => e.test.test(userAgent));
    const crawler = entry?.crawler ?? null;
    if (crawler === null || target === ROBOTS_TXT_TARGET) return { crawler, block: false };
    const first = this.rules.get(crawler)?.find((r) => r.test.test(target));
    return { crawler, block: first !== undefined && !first.allow };
  }
}

/**
 * A target as a server reads it, one character per octet: UTF-8 for text, and an invalid
 * byte kept by the log reader as a surrogate escape is that very byte again.
 */
export function rawTarget(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out += text[i];
      continue;
    }
    const byte = escapedByte(c);
    if (byte >= 0) {
      out += String.fromCharCode(byte);
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else cp = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) cp = 0xfffd;
    out += utf8(cp);
  }
  return out;
}

function utf8(cp: number): string {
  const f = String.fromCharCode;
  if (cp < 0x800) return f(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
  if (cp < 0x10000) return f(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  return f(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
}
