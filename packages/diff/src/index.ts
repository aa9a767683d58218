/**
 * The impact of an edit: a semantic diff between two versions of a robots.txt. For each
 * crawler, the paths whose verdict changes (as patterns, exact where the rules allow it,
 * verified against the one matcher), the group it now uses, the rules that became dead,
 * and — fed a log — how many real requests flip.
 *
 * Entry points: `diffRobots(old, new)` → `RobotsDiff`; `countFlips(old, new, requests)` or a
 * streaming `FlipCounter`; `groupCrawlerDiffs`, `summarizeDiff` and `summarizeFlips` for display;
 * `preferenceLineChanges` for the Content-Signal and Content-Usage lines an edit adds or removes.
 */
export { diffRobots, targetFor } from './diff';
export { countFlips, FlipCounter } from './flips';
export { displayToken, groupCrawlerDiffs, summarizeDiff, summarizeFlips } from './summary';
export { preferenceLineChanges } from './preference-lines';
export type { PreferenceLineChange } from './preference-lines';
export type { CrawlerDiffGroup } from './summary';
export type { CrawlerTarget } from './selection';
export type {
  CrawlerDiff,
  DiffOptions,
  FlipCount,
  FlipExample,
  FlipOptions,
  GroupChange,
  GroupSelection,
  LogTally,
  RequestSample,
  RobotsDiff,
  RuleRef,
  ShadowingChange,
  VerdictChange,
  VerdictChangeKind,
} from './types';
