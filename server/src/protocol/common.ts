/**
 * Small wire shapes several requests share: the fetch state, a crawler's purposes, why a
 * verdict came out as it did, the group a crawler uses. Declared here, not taken from the
 * core, so the client's contract changes only when this folder does.
 */

/** RFC 9309's three answers to "what does this robots.txt say". */
export type FetchStateDto = 'rules' | 'unavailable' | 'unreachable';

/** What a crawler's requests are for; the catalogue's fixed list. */
export type CrawlerPurposeDto =
  | 'search'
  | 'ai-training'
  | 'ai-search'
  | 'user-fetch'
  | 'ads'
  | 'seo'
  | 'social-preview'
  | 'archive'
  | 'monitoring'
  | 'control-token'
  | 'other';

/** Whether the operator says the crawler follows robots.txt. */
export type RobotsTxtRespectDto = 'yes' | 'no' | 'partly' | 'unknown';

/** Why a verdict came out as it did (`fetch-state`: the fetch state decided, not a rule). */
export type VerdictReasonDto = 'rule' | 'no-matching-rule' | 'no-group' | 'robots-txt' | 'other-origin' | 'fetch-state';

export type VerdictOutcomeDto = 'allowed' | 'disallowed' | 'not-applicable';

/** The group a crawler uses. Lines are 0-based. */
export interface SelectedGroupDto {
  /** The chain token that selected the group (`*` for the fallback group). */
  readonly token: string;
  /** The groups pooled under that token, in file order. */
  readonly groups: readonly number[];
  /** The `User-agent` lines naming the token. */
  readonly agentLines: readonly number[];
  /** Position of `token` in the crawler's chain. */
  readonly chainIndex: number;
  readonly via: 'own-token' | 'fallback' | 'star';
}

/** The log formats the replay reads. */
export type LogFormatDto = 'combined' | 'common' | 'json' | 'w3c' | 'alb' | 'cloudfront' | 'cloudflare';
