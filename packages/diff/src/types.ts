/**
 * The shape of a semantic diff between two versions of a robots.txt: per crawler, the
 * paths whose verdict changes (as robots.txt patterns a reader can check), the group it
 * now uses, the rules that became dead, and — with a log — how many real requests flip.
 * Line numbers in this data are 1-based, as a user reads them.
 */

import type { LogFormat } from '@robots-lens/replay/logs';
import type { Crawler } from '@robots-lens/kernel/crawlers';

export type VerdictChangeKind = 'newly-disallowed' | 'newly-allowed';

/**
 * One set of paths whose verdict changes in one direction.
 *
 * The region is written in robots.txt pattern syntax and read on normalised paths (path +
 * query, as the matcher compares them): the paths `pattern` matches, minus those any
 * `except` pattern matches. `/robots.txt` itself is always allowed and is only named in
 * `except` when `pattern` is aimed at it (longer than `/`).
 */
export interface VerdictChange {
  readonly kind: VerdictChangeKind;
  /** One sentence for people, naming the region and the rule lines that decide it. */
  readonly description: string;
  /** The region: a plain prefix (exact claims) or the rule pattern involved (inexact ones). */
  readonly pattern?: string;
  /** Patterns cut out of the region: longer prefixes and wildcard rules whose paths do not change this way. */
  readonly except?: readonly string[];
  /**
   * True: every path of the region changes this way (proved on the rules of both
   * versions). False: *some* paths matching `pattern` change this way — `examples` shows
   * verified ones — and every path that changes this way without being in an exact region
   * matches the pattern of some inexact change.
   */
  readonly exact: boolean;
  /** Lines (1-based) of the rules that decide the region in the old version; empty: no rule matched (allowed). */
  readonly oldLines: readonly number[];
  /** Lines (1-based) of the rules that decide the region in the new version. */
  readonly newLines: readonly number[];
  /** Paths of the region whose change was checked with the real matcher on both files. */
  readonly examples: readonly string[];
  /**
   * The claim could not be proved within the analysis budget (many interacting wildcard
   * rules): read it as "may change". Absent in the normal case.
   */
  readonly undecided?: true;
}

/** The group a crawler uses in one version, `null` when no group applies (everything allowed). */
export interface GroupSelection {
  /** The chain token that selected the group (`*` for the fallback group), as written in the file. */
  readonly token: string;
  /** Lines (1-based) of the `User-agent` lines naming the token. */
  readonly agentLines: readonly number[];
  /** How many groups name the token (their rules are pooled). */
  readonly groups: number;
}

export interface RuleRef {
  /** Line (1-based) in its version. */
  readonly line: number;
  /** The rule as written, without its comment: `Disallow: /cart/`. */
  readonly text: string;
}

export interface GroupChange {
  /**
   * `moved`: the crawler now uses another group (or none). `pooled`: it uses the same
   * token, but the number of groups naming it changed (reported only next to verdict
   * changes, to explain them; merging or splitting groups alone changes nothing).
   */
  readonly kind: 'moved' | 'pooled';
  readonly from: GroupSelection | null;
  readonly to: GroupSelection | null;
  readonly description: string;
  /** Rules of the old group that the crawler no longer gets (same kind and pattern absent from the new group). */
  readonly lostRules: readonly RuleRef[];
  /** Rules of the new group that it did not get before. */
  readonly gainedRules: readonly RuleRef[];
}

export interface CrawlerDiff {
  /** The crawler's own product token; `*` stands for every crawler the file does not name. */
  readonly token: string;
  /** The catalogue entry, when the token is a catalogue crawler's. */
  readonly crawler?: Crawler;
  /** The tokens it looks for, in order. */
  readonly chain: readonly string[];
  readonly groupChange?: GroupChange;
  /** Exact changes first (in path order), then inexact ones. Empty: no verdict changes. */
  readonly changes: readonly VerdictChange[];
}

export interface ShadowingChange {
  readonly status: 'shadowed' | 'redundant';
  /** The rule in the new version. */
  readonly rule: RuleRef;
  /** Shadowed: the rule that always matches too and wins. Redundant: the rule that takes over (null: "no rule ⇒ allowed"). */
  readonly by: RuleRef | null;
  /** `User-agent` tokens of the pools where the rule is newly dead, as written (`*` for the fallback group). */
  readonly tokens: readonly string[];
  /** `live`: the same rule could decide in the old version; `absent`: the rule is new and dead on arrival. */
  readonly before: 'live' | 'absent';
  readonly description: string;
}

export interface RobotsDiff {
  /** Crawlers whose verdicts or group change, in catalogue order, then other tokens, then `*`. */
  readonly crawlers: readonly CrawlerDiff[];
  /** Rules of the new version that can no longer decide anything (shadowed) or could be removed (redundant). */
  readonly shadowing: readonly ShadowingChange[];
  /** No crawler's verdicts or group changed. */
  readonly unchanged: boolean;
}

export interface DiffOptions {
  /**
   * Crawlers to compare: product tokens or User-Agent headers (`*` for crawlers the files do
   * not name). Default: the catalogue, every token either file names, and `*`.
   */
  readonly crawlers?: readonly string[];
  /**
   * Work allowed per analysis (one unit: one wildcard rule stepped over one character)
   * before regions with interacting wildcard rules are marked undecided. Default 3,000,000;
   * all crawlers of one diff together get five times as much.
   */
  readonly budget?: number;
}

/** How the requests of one crawler token in a log fare under the two versions. */
export interface FlipCount {
  /** The crawler's product token (catalogue token when known); `*` when the User-Agent names none. */
  readonly token: string;
  /** Catalogue id, when the catalogue knows the crawler. */
  readonly crawler?: string;
  /** Requests counted (same origin, not from browsers). */
  readonly requests: number;
  readonly newlyDisallowed: number;
  readonly newlyAllowed: number;
  /** Of each kind, the first requests for up to five distinct URLs, in log order. */
  readonly examples: { readonly newlyDisallowed: readonly FlipExample[]; readonly newlyAllowed: readonly FlipExample[] };
}

/** A logged request the new version decides differently: where to find it, and which lines decide it. */
export interface FlipExample {
  /** The request target, as logged. */
  readonly url: string;
  /** When it was made, ISO 8601 UTC (as the replay's records); absent when the request came without a time. */
  readonly time?: string;
  /** Line (1-based) of the rule deciding it in the old version; null: no rule matched (allowed). */
  readonly oldLine: number | null;
  /** Line (1-based) of the rule deciding it in the new version; null: no rule matched (allowed). */
  readonly newLine: number | null;
}

export interface FlipOptions {
  /** Origin the robots.txt governs; requests to other origins are not counted. */
  readonly origin?: string;
  /** Count requests whose User-Agent looks like a person's browser too. Default false. */
  readonly includeBrowsers?: boolean;
}

/** One logged request: who asked, for what, and when (epoch milliseconds, UTC) if known. */
export interface RequestSample {
  readonly agent: string;
  readonly url: string;
  readonly time?: number;
}

/** What one log held, for the reader of the counts. */
export interface LogTally {
  readonly file: string;
  /** The format read (detected from the first lines unless given). */
  readonly format: LogFormat;
  readonly lines: number;
  readonly requests: number;
  /** Lines that are not a request in that format. */
  readonly unreadable: number;
  /** Damage met while reading (trailing garbage after gzip data, a cut-short gzip): what was read before it was counted. */
  readonly warnings?: readonly string[];
}
