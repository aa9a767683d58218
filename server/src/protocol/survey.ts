/**
 * `robotsLens/surveySites`: many sites' robots.txt fetched in the server (desktop only), each
 * decided for some crawlers and paths, with per crawler the category `robots-lens survey`
 * gives: the whole site disallowed (proved), every tested path, some, none.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { FetchStateDto, VerdictReasonDto } from './common';

export interface SurveySitesParams {
  /** Sites (`example.com` means https) or URLs on them, as a file of sites lists them. */
  readonly sites: readonly string[];
  readonly agents: readonly string[];
  /** Paths (and queries) starting with `/`. */
  readonly paths: readonly string[];
  /** Limit per fetch; default 10 000 ms. */
  readonly timeoutMs?: number;
}

export interface SurveyVerdictDto {
  readonly agent: string;
  readonly path: string;
  readonly allowed: boolean;
  /** The deciding rule's line, 1-based; null when no rule decides. */
  readonly line: number | null;
  readonly rule: string | null;
  readonly reason: VerdictReasonDto;
}

export interface SurveyAgentDto {
  readonly agent: string;
  readonly category: 'site' | 'all-tested' | 'some-tested' | 'none';
  /** For `site`: proved from the rules, or by the fetch state. */
  readonly by: 'rules' | 'fetch-state' | null;
  /** For `site` proved from the rules: the Disallow that matches every URL, 1-based. */
  readonly line: number | null;
  readonly disallowed: number;
  readonly paths: number;
}

export interface SurveySiteDto {
  readonly site: string;
  readonly status: number | null;
  readonly state: FetchStateDto;
  readonly finalUrl: string;
  readonly otherOrigin: boolean;
  /** What the fetch means for every URL of the site. */
  readonly explanation: string;
  /** Why no answer came (the site failed), else null. */
  readonly failed: string | null;
  readonly groups: number;
  readonly rules: number;
  readonly sitemaps: number;
  readonly verdicts: readonly SurveyVerdictDto[];
  readonly agents: readonly SurveyAgentDto[];
  /** The fetched file's text when its rules apply, else null. */
  readonly text: string | null;
}

export interface SurveySitesResult {
  readonly sites: readonly SurveySiteDto[];
  readonly agents: readonly string[];
  readonly paths: readonly string[];
  /** Per crawler, the totals in words, with the sites behind each number; then the failed sites. */
  readonly totals: readonly string[];
}

/** Surveys sites in the server: their robots.txt fetched politely, the verdicts and categories. */
export const SurveySitesRequest = new RequestType<SurveySitesParams, SurveySitesResult, void>('robotsLens/surveySites');
