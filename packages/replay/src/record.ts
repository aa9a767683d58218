/**
 * One judged request of a replay. Plain JSON data: the CLI prints it, the exports write it,
 * the editor panel receives it over postMessage unchanged.
 */

import type { PreferencesJson } from '@robots-lens/kernel/preferences';
import type { RobotsState } from './fetch-state';
import type { VerificationEvidence, VerificationStatus } from './verification';

/** Who the User-Agent says is asking. */
export type ClientKind =
  /** A catalogue crawler (the claim may still be spoofed). */
  | 'crawler'
  /** A usage-control token such as Google-Extended, which never sends requests: suspicious. */
  | 'control-token'
  /** Not in the catalogue and not a browser: tools, scripts, unknown bots. Judged by its token's chain. */
  | 'other-client'
  /** A person's browser; robots.txt does not apply. */
  | 'browser'
  /** No User-Agent at all. */
  | 'no-user-agent';

/** Why a request got its verdict. */
export type AuditReason =
  /** A rule of the selected group decided. */
  | 'rule'
  | 'no-matching-rule'
  | 'no-group'
  /** /robots.txt itself is always allowed. */
  | 'robots-txt'
  /** The URL is on another origin than the one given. */
  | 'other-origin'
  /** The logged target is not a URL or path. */
  | 'bad-url'
  /** The crawler's last robots.txt fetch was a 4xx: everything allowed. */
  | 'unavailable'
  /** The crawler's last robots.txt fetch was a 429/5xx: everything disallowed. */
  | 'unreachable'
  /** Browsers and requests without a User-Agent: robots.txt does not speak to them. */
  | 'not-a-crawler';

export interface AuditRecord {
  /** Log file (as given) and 1-based line number in it. */
  readonly file: string;
  readonly logLine: number;
  /** ISO 8601 UTC. */
  readonly time: string;
  readonly ip: string;
  readonly method: string;
  readonly url: string;
  readonly status: number | null;
  readonly userAgent: string;
  readonly client: ClientKind;
  /** Product token of the catalogue crawler claimed (`Googlebot`), or null. */
  readonly crawler: string | null;
  /** The token whose chain selected the group ('' for browsers and requests without a User-Agent). */
  readonly agent: string;
  readonly verification: VerificationStatus;
  /** What the verification rests on (list and date, or PTR and forward names); null when not applicable. */
  readonly evidence: VerificationEvidence | null;
  /** null when robots.txt does not apply (browsers, other origins). */
  readonly allowed: boolean | null;
  /** 1-based line of the deciding rule, and the rule as written. */
  readonly line: number | null;
  readonly rule: string | null;
  /** The User-agent token of the group used (`*` for the fallback group). */
  readonly group: string | null;
  /** State the request was judged in; null when robots.txt does not apply. */
  readonly state: RobotsState | null;
  readonly reason: AuditReason;
  /** Label of the robots.txt version in effect; null when robots.txt does not apply. */
  readonly version: string | null;
  /** A claimed, not spoofed, catalogue crawler fetched a URL it was not allowed to. */
  readonly violation: boolean;
  /** The request is itself a fetch of /robots.txt. */
  readonly robotsFetch: boolean;
  /** Within the cache grace after a change, the old and new versions disagree: either verdict was legitimate. */
  readonly grace?: { readonly previousVersion: string; readonly previousAllowed: boolean; readonly changedAt: string };
  /** Gap to the same crawler's previous request was shorter than the Crawl-delay of its group. */
  readonly crawlDelay?: { readonly gapSeconds: number; readonly delaySeconds: number };
  /**
   * Google's open-source parser compares percent-escapes literally and would decide
   * otherwise (docs/spec/robots-semantics.md §4): its verdict and deciding line. The verdict above follows RFC 9309.
   */
  readonly googleLiteral?: { readonly allowed: boolean; readonly line: number | null };
  /** Extra context: long-outage policy applied, request before the first known version, … */
  readonly note?: string;
  /**
   * Page-level directives from the logged X-Robots-Tag, as they apply to this crawler
   * (docs/spec/robots-semantics.md §8): indexing, not crawling — reported beside the crawl verdict, never as it.
   */
  readonly directives?: { readonly header: string; readonly effective: string; readonly noindex: boolean };
  /**
   * The AI-use preferences in effect beside the verdict (Content-Usage, Content-Signal; lines
   * 1-based), present only when the robots.txt version states any. Not applicable when disallowed.
   */
  readonly preferences?: PreferencesJson;
}
