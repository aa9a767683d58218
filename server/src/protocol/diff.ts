/**
 * The semantic diff as it travels in `robotsLens/compare`: per crawler, the paths whose
 * verdict changes, the group it now uses, and the rules that became dead. Lines are 1-based
 * here, as a user reads them.
 */

import type { CrawlerDto } from './crawler';

export interface VerdictChangeDto {
  readonly kind: 'newly-disallowed' | 'newly-allowed';
  readonly description: string;
  /** The region: a plain prefix (exact claims) or the rule pattern involved (inexact ones). */
  readonly pattern?: string;
  /** Patterns cut out of the region. */
  readonly except?: readonly string[];
  /** True: every path of the region changes this way; false: some do (see `examples`). */
  readonly exact: boolean;
  readonly oldLines: readonly number[];
  readonly newLines: readonly number[];
  readonly examples: readonly string[];
  /** The claim could not be proved within the analysis budget: read it as "may change". */
  readonly undecided?: true;
}

export interface GroupSelectionDto {
  readonly token: string;
  readonly agentLines: readonly number[];
  /** How many groups name the token (their rules are pooled). */
  readonly groups: number;
}

export interface RuleRefDto {
  readonly line: number;
  /** The rule as written, without its comment. */
  readonly text: string;
}

export interface GroupChangeDto {
  readonly kind: 'moved' | 'pooled';
  readonly from: GroupSelectionDto | null;
  readonly to: GroupSelectionDto | null;
  readonly description: string;
  readonly lostRules: readonly RuleRefDto[];
  readonly gainedRules: readonly RuleRefDto[];
}

export interface CrawlerDiffDto {
  /** The crawler's own product token; `*` stands for every crawler the file does not name. */
  readonly token: string;
  /** Present when the token is a catalogue crawler's. */
  readonly crawler?: CrawlerDto;
  readonly chain: readonly string[];
  readonly groupChange?: GroupChangeDto;
  readonly changes: readonly VerdictChangeDto[];
}

export interface ShadowingChangeDto {
  readonly status: 'shadowed' | 'redundant';
  readonly rule: RuleRefDto;
  readonly by: RuleRefDto | null;
  readonly tokens: readonly string[];
  readonly before: 'live' | 'absent';
  readonly description: string;
}

export interface RobotsDiffDto {
  readonly crawlers: readonly CrawlerDiffDto[];
  readonly shadowing: readonly ShadowingChangeDto[];
  /** No crawler's verdicts or group changed. */
  readonly unchanged: boolean;
}
