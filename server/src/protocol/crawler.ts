/**
 * A crawler catalogue entry as it travels inside verdicts and diffs. The views read a few of
 * its fields; the whole entry is sent, as before this folder existed, so nothing the client
 * showed is lost. Plain data: strings, booleans and lists.
 */

import type { CrawlerPurposeDto, RobotsTxtRespectDto } from './common';

/** The words a fact rests on, and where they were read. */
export interface QuotedSourceDto {
  readonly source: string;
  readonly words: string;
}

export interface CrawlerDto {
  readonly id: string;
  readonly name: string;
  readonly operator: string;
  /** The main purpose first. */
  readonly purposes: readonly CrawlerPurposeDto[];
  readonly honoursRobotsTxt: RobotsTxtRespectDto;
  readonly honoursRobotsTxtEvidence: QuotedSourceDto | null;
  readonly userInitiated: boolean;
  readonly retired: string | null;
  readonly retiredEvidence: QuotedSourceDto | null;
  readonly description: string;
  /** The crawler's own product token, e.g. `Googlebot-Image`. */
  readonly token: string;
  /** Tokens the crawler looks for, in order. */
  readonly chain: readonly string[];
  readonly ignoresStar: boolean;
  readonly controlToken: boolean;
  readonly crawlDelay: 'honoured' | 'ignored' | 'unknown';
  readonly crawlDelayNote: string;
  readonly userAgentMarkers: readonly string[];
  readonly verification: { readonly ipRangeUrls: readonly string[]; readonly reverseDnsSuffixes: readonly string[]; readonly method: string };
  readonly wellKnown: boolean;
  readonly sources: readonly string[];
  /** YYYY-MM-DD. */
  readonly checked: string;
  readonly notes?: string;
}

/** What a user-given agent or a logged User-Agent header resolved to. */
export interface AgentDto {
  /** What the user gave, unchanged. */
  readonly input: string;
  readonly kind: 'token' | 'user-agent-header';
  /** Present when the catalogue knows the agent. */
  readonly crawler?: CrawlerDto;
  /** Product token used. */
  readonly token: string;
  /** Tokens tried in order; the first that names a group selects it. */
  readonly chain: readonly string[];
  readonly explanation: string;
}
