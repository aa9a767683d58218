/**
 * `robotsLens/testUrl` and `robotsLens/matrix`: URLs decided for crawlers on the current
 * buffer. A verdict travels as `VerdictDto`, a plain copy of the matcher's answer (the
 * matcher's own verdicts work some fields out only when read). Lines are 0-based.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { CrawlerPurposeDto, RobotsTxtRespectDto, SelectedGroupDto, VerdictOutcomeDto, VerdictReasonDto } from './common';
import type { AgentDto, QuotedSourceDto } from './crawler';
import type { FetchStateNote } from './fetched';

export interface DecidingRuleDto {
  readonly kind: 'allow' | 'disallow';
  readonly line: number;
  readonly pattern: string;
  readonly normalized: string;
  readonly octets: number;
  /** Google's `index.html` rule: `Allow: /dir/index.html` also allows `/dir/` exactly. */
  readonly implicit?: 'index-html';
}

/** Google's open-source parser, comparing escapes literally, would decide otherwise. */
export interface GoogleLiteralDto {
  readonly allowed: boolean;
  readonly rule: DecidingRuleDto | null;
  readonly explanation: string;
}

export interface VerdictDto {
  readonly outcome: VerdictOutcomeDto;
  /** null when not applicable. */
  readonly allowed: boolean | null;
  readonly url: string;
  /** The normalised path + query that was matched; null when not applicable. */
  readonly target: string | null;
  readonly agent: AgentDto;
  readonly group: SelectedGroupDto | null;
  readonly rule: DecidingRuleDto | null;
  readonly reason: VerdictReasonDto;
  /** One or two sentences: what was decided, by what, and why. */
  readonly explanation: string;
  /** Present only when Google's literal reading differs. */
  readonly googleLiteral?: GoogleLiteralDto;
}

export type UsagePreferenceDto = 'allowed' | 'disallowed' | 'unknown';
export type SignalValueDto = 'yes' | 'no' | null;

/** The AI-use preferences in effect for (URL, crawler); not applicable when it may not fetch the URL. */
export interface PreferencesDto {
  readonly applicable: boolean;
  readonly contentUsage: {
    readonly line: number;
    readonly lines: readonly number[];
    readonly preferences: { readonly 'train-ai': UsagePreferenceDto; readonly search: UsagePreferenceDto };
  } | null;
  readonly contentSignal: {
    readonly line: number;
    readonly lines: readonly number[];
    readonly signals: { readonly search: SignalValueDto; readonly 'ai-input': SignalValueDto; readonly 'ai-train': SignalValueDto };
    readonly signalLines: { readonly search: number | null; readonly 'ai-input': number | null; readonly 'ai-train': number | null };
    /** Cloudflare's `use` level, least permissive first: immediate, reference, full. */
    readonly use: 'immediate' | 'reference' | 'full' | null;
    readonly useLine: number | null;
  } | null;
}

/** The matcher's verdict, or the fetch state's (reason `fetch-state`), with the preferences beside it. */
export interface TestUrlVerdict extends VerdictDto {
  readonly preferences?: PreferencesDto;
}

// ── robotsLens/testUrl ────────────────────────────────────────────────────────────────

export interface TestUrlParams {
  /** The robots.txt document; its current (possibly unsaved) buffer is used. */
  readonly uri: string;
  /** A URL (`https://host/path?q`) or a path (`/path?q`). */
  readonly url: string;
  /** Tokens (`Googlebot`) or full User-Agent headers; one verdict each, in this order. */
  readonly agents: readonly string[];
  /** The origin the robots.txt governs; URLs on other origins are then not applicable. */
  readonly origin?: string;
}

export interface TestUrlResult {
  readonly verdicts: readonly TestUrlVerdict[];
  /** Present on a fetched document whose robots.txt was unreachable or unavailable: why no rule decided. */
  readonly fetchState?: FetchStateNote;
}

/** Decides a URL for each agent with the one matcher, on the unsaved buffer. */
export const TestUrlRequest = new RequestType<TestUrlParams, TestUrlResult, void>('robotsLens/testUrl');

// ── robotsLens/matrix ─────────────────────────────────────────────────────────────────

export interface MatrixParams {
  readonly uri: string;
  /** Default: the catalogue's well-known crawlers. */
  readonly agents?: readonly string[];
  /** Default: paths derived from the file's own rules (each rule's literal prefix and a path it matches). */
  readonly paths?: readonly string[];
  /** The origin the robots.txt governs; URLs on other origins are then not applicable. */
  readonly origin?: string;
}

export interface MatrixCell {
  readonly outcome: VerdictOutcomeDto;
  /** null when the path is not applicable (not a path or URL). */
  readonly allowed: boolean | null;
  /** Line of the deciding rule; null when no rule decided. */
  readonly line: number | null;
  readonly reason: VerdictReasonDto;
  /** The AI-use preferences in effect, in words; present only when the file states any. */
  readonly preferences?: string;
}

export interface MatrixRow {
  /** The agent as asked. */
  readonly agent: string;
  /** The product token it resolved to. */
  readonly token: string;
  readonly crawler?: {
    readonly id: string;
    readonly token: string;
    readonly name: string;
    readonly operator: string;
    readonly purposes: readonly CrawlerPurposeDto[];
    /** With the two below, whether the crawler may ignore robots.txt, and on whose words. */
    readonly honoursRobotsTxt: RobotsTxtRespectDto;
    readonly userInitiated: boolean;
    readonly honoursRobotsTxtEvidence: QuotedSourceDto | null;
  };
  /** The group the agent uses; null when no group applies (everything allowed). */
  readonly group: Pick<SelectedGroupDto, 'token' | 'via' | 'agentLines' | 'groups'> | null;
  /** One cell per path, in the order of `MatrixResult.paths`. */
  readonly cells: readonly MatrixCell[];
}

/** What a bounded matrix left out; every cell it does return is judged on the whole path. */
export interface MatrixTruncation {
  /** Paths left out because they are longer than the server judges. */
  readonly longPaths: number;
  /** Paths left out beyond the most paths one matrix has. */
  readonly extraPaths: number;
  /** Agents (rows) left out beyond the most cells one matrix has. */
  readonly extraAgents: number;
  /** One sentence saying what was left out and the bounds. */
  readonly message: string;
}

export interface MatrixResult {
  readonly paths: readonly string[];
  readonly rows: readonly MatrixRow[];
  /** Present when the matrix asked for was larger than the server judges: what was left out and why. */
  readonly truncated?: MatrixTruncation;
  /** Present on a fetched document whose robots.txt was unreachable or unavailable: why no rule decided. */
  readonly fetchState?: FetchStateNote;
}

/** Every crawler × every path, decided on the current buffer. */
export const MatrixRequest = new RequestType<MatrixParams, MatrixResult, void>('robotsLens/matrix');
