/**
 * `robotsLens/aiAccess`: the catalogue's crawlers by purpose, what this robots.txt lets each
 * fetch, and the AI-use preferences per path. Lines are 0-based.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { CrawlerPurposeDto, RobotsTxtRespectDto, SelectedGroupDto } from './common';
import type { FetchStateNote } from './fetched';

export interface AiAccessParams {
  readonly uri: string;
}

/** One catalogue crawler of a purpose, and what this robots.txt lets it fetch. */
export interface AiAccessCrawler {
  readonly token: string;
  readonly name: string;
  readonly operator: string;
  readonly purposes: readonly CrawlerPurposeDto[];
  /** `nothing` and `everything` hold for every URL (proved on the rules); else `some`. */
  readonly access: 'nothing' | 'everything' | 'some';
  readonly honoursRobotsTxt: RobotsTxtRespectDto;
  /** The operator's words on robots.txt, when the catalogue quotes them. */
  readonly honoursRobotsTxtWords?: string;
  readonly userInitiated: boolean;
  /** The operator (or the list it comes from) says it does not honour robots.txt, or a person's agent not said to: the rules may not stop it. */
  readonly mayIgnoreRobotsTxt: boolean;
  /** What the file says to it; `may-ignore` whenever `mayIgnoreRobotsTxt`; the `*-opted-out` and `not-stated` ones only for control tokens. */
  readonly statement: 'kept-out' | 'partly-kept-out' | 'not-kept-out' | 'may-ignore' | 'opted-out' | 'not-opted-out' | 'not-stated';
  /** The statement in words: "kept out of /cart/, /checkout/ and 3 more; may fetch the rest". */
  readonly words: string;
  /** The group it obeys; null when no group names it or `*`, or when the fetch state decides. */
  readonly group: Pick<SelectedGroupDto, 'token' | 'via' | 'agentLines'> | null;
}

export interface AiAccessPurpose {
  readonly purpose: CrawlerPurposeDto;
  /** "AI training". */
  readonly title: string;
  /** "AI training: 38 of 42 crawlers kept out; Bytespider and DeepSeekBot do not honour robots.txt — enforce at the server." */
  readonly summary: string;
  readonly crawlers: readonly AiAccessCrawler[];
}

/** A group that states AI-use preferences, as a column of the preferences table. */
export interface AiAccessPreferenceGroup {
  /** "User-agent: * (line 7)". */
  readonly label: string;
  /** The group's User-agent lines. */
  readonly agentLines: readonly number[];
  /** Tokens of the catalogue crawlers that obey it. */
  readonly crawlers: readonly string[];
  /** The `*` group: crawlers the catalogue does not list obey it too. */
  readonly everyOtherCrawler: boolean;
}

export interface AiAccessPreferenceCell {
  readonly allowed: boolean;
  /** The preferences in words, or "not applicable: not crawlable". */
  readonly text: string;
  /** The Content-Usage and Content-Signal lines in effect. */
  readonly lines: readonly number[];
}

export interface AiAccessResult {
  /** The document version judged. */
  readonly version: number;
  readonly purposes: readonly AiAccessPurpose[];
  readonly preferences: {
    readonly groups: readonly AiAccessPreferenceGroup[];
    /** Groups some crawler obeys that state no preferences. */
    readonly silentGroups: number;
    readonly paths: readonly string[];
    /** `cells[p][g]`: path `paths[p]` for group `groups[g]`. */
    readonly cells: readonly (readonly AiAccessPreferenceCell[])[];
  };
  /** Present on a fetched document whose robots.txt was unreachable or unavailable: the fetch state decides, not the rules. */
  readonly fetchState?: FetchStateNote;
}

/** The catalogue's crawlers by purpose, what each may fetch, and the AI-use preferences per path, on the current buffer. */
export const AiAccessRequest = new RequestType<AiAccessParams, AiAccessResult, void>('robotsLens/aiAccess');
