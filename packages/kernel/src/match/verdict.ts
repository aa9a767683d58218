import type { ResolvedAgent } from '../crawlers';
import type { RuleKind } from '../parse';

/** Why a verdict came out as it did. */
export type VerdictReason =
  /** A rule of the selected group matched and decided. */
  | 'rule'
  /** A group was selected but none of its rules matched: allowed. */
  | 'no-matching-rule'
  /** No token of the crawler's chain names a group: allowed. */
  | 'no-group'
  /** `/robots.txt` itself is always allowed. */
  | 'robots-txt'
  /** The URL is on another origin: this robots.txt does not govern it. */
  | 'other-origin'
  /**
   * robots.txt was unavailable (every URL allowed) or unreachable (every URL disallowed) when
   * fetched: the fetch state decides, not rules (docs/spec/robots-semantics.md §5; see `decideUnderFetchState`).
   */
  | 'fetch-state';

export interface SelectedGroup {
  /** The chain token that selected the group (`*` for the fallback group). */
  readonly token: string;
  /** The groups pooled under that token, in file order. */
  readonly groups: readonly number[];
  /** The `User-agent` lines naming the token. */
  readonly agentLines: readonly number[];
  /** Position of `token` in the crawler's chain. */
  readonly chainIndex: number;
  readonly via: 'own-token' | 'fallback' | 'star';
  /**
   * The token is one its operator documents outside RFC 9309's grammar (`MJ12bot`): the group
   * is the one naming it whole, which RFC 9309 and Google's parser would read as another token
   * (docs/spec/robots-semantics.md §3).
   */
  readonly outsideGrammar?: true;
}

export interface DecidingRule {
  readonly kind: RuleKind;
  readonly line: number;
  readonly pattern: string;
  readonly normalized: string;
  readonly octets: number;
  /** Google's `index.html` rule: `Allow: /dir/index.html` also allows `/dir/` exactly. */
  readonly implicit?: 'index-html';
}

export interface GoogleLiteralDifference {
  readonly allowed: boolean;
  readonly rule: DecidingRule | null;
  readonly explanation: string;
}

export interface Verdict {
  readonly outcome: 'allowed' | 'disallowed' | 'not-applicable';
  /** null when not applicable. */
  readonly allowed: boolean | null;
  readonly url: string;
  /** The normalised path + query that was matched; null when not applicable. */
  readonly target: string | null;
  readonly agent: ResolvedAgent;
  readonly group: SelectedGroup | null;
  readonly rule: DecidingRule | null;
  readonly reason: VerdictReason;
  /** One or two sentences a user can trust: what was decided, by what, and why. */
  readonly explanation: string;
  /** Present only when Google's open-source parser, comparing escapes literally, would decide otherwise. */
  readonly googleLiteral?: GoogleLiteralDifference | undefined;
  /**
   * False when the explanation is the same for every URL this rule (or reason) decides for
   * this crawler and group, so a batch may write it once; absent or true when it may speak
   * of the URL.
   */
  readonly explanationReadsUrl?: boolean;
}

/**
 * A verdict as a plain object. The matcher's verdicts work out some fields only when they
 * are read, so spreading one (`{ ...verdict }`) would drop them: copy with this instead.
 */
export function plainVerdict(verdict: Verdict): Verdict {
  const { outcome, allowed, url, target, agent, group, rule, reason, explanation, googleLiteral } = verdict;
  return { outcome, allowed, url, target, agent, group, rule, reason, explanation, ...(googleLiteral ? { googleLiteral } : {}) };
}
