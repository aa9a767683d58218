/**
 * What the comparison panel shows, built from the server's answer: the semantic diff grouped
 * by crawler (a heading naming the crawlers, each change with its examples and the lines
 * that decide it before and now), the rules that can no longer decide anything, and, when
 * counted, the logged requests and sitemap URLs the edit flips. Pure, so it is tested without
 * a workbench; every value reaches the page as text.
 */

import { displayToken, groupCrawlerDiffs, preferenceLineChanges } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { CompareResult, CrawlerDiffDto } from '../../../../server/src/protocol';
import { compareRequestsView } from './requests-view';
import type { CompareRequestsView } from './requests-view';
import { compareSitemapsView, sitemapOfferView } from './sitemaps-view';
import type { CompareSitemapsView, SitemapOfferView } from './sitemaps-view';

/** Crawler names spelled out in a heading (as the CLI's `diff`). */
const NAMES_IN_HEADING = 8;

export interface CompareChangeView {
  readonly kind: 'newly-disallowed' | 'newly-allowed';
  readonly description: string;
  readonly examples: readonly string[];
  readonly exact: boolean;
  readonly undecided: boolean;
  /** 1-based lines in the buffer compared. */
  readonly newLines: readonly number[];
  /** 1-based lines in the other version. */
  readonly oldLines: readonly number[];
}

export interface CompareGroupView {
  readonly heading: string;
  readonly groupChange?: string;
  readonly changes: readonly CompareChangeView[];
}

export interface CompareLineChangeView {
  readonly kind: 'added' | 'removed';
  /** `Content-Signal: ai-train=no`, as written. */
  readonly text: string;
  /** `in the User-agent: * group`, or `outside any group`. */
  readonly where: string;
  /** 1-based, in the buffer when added (a link), in the other version when removed. */
  readonly line: number;
}

export interface CompareView {
  readonly title: string;
  readonly summary: string;
  readonly groups: readonly CompareGroupView[];
  readonly shadowing: readonly { readonly description: string; readonly line: number }[];
  /** Content-Signal and Content-Usage lines added or removed: they change no verdict, so the groups above never show them. */
  readonly preferenceLines: readonly CompareLineChangeView[];
  /** Present when a log was counted. */
  readonly requests?: CompareRequestsView;
  /** Why the latest replayed log was not counted, when it was not. */
  readonly logLeftOut?: string;
  /** What the buttons of the sitemap section offer. */
  readonly sitemapOffer: SitemapOfferView;
  /** Present once the user had the sitemaps counted. */
  readonly sitemaps?: CompareSitemapsView;
}

function heading(crawlers: readonly CrawlerDiffDto[]): string {
  const ordered = [...crawlers.filter((c) => c.token === '*'), ...crawlers.filter((c) => c.token !== '*')];
  const names = ordered.slice(0, NAMES_IN_HEADING).map((c) => displayToken(c));
  const more = crawlers.length - names.length;
  const count = crawlers.length > 1 ? ` (${crawlers.length} crawlers)` : '';
  return `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}${count}`;
}

/**
 * `sitemapUrls`: the buffer's `Sitemap:` values, offered to be counted; `texts`: both versions
 * compared, for the preference lines an edit adds or removes.
 */
export function compareView(
  result: CompareResult & { readonly logLeftOut?: string },
  documentName: string,
  otherLabel: string,
  sitemapUrls: readonly string[] = [],
  texts?: { readonly old: string; readonly new: string },
): CompareView {
  return {
    title: `${otherLabel} → ${documentName}`,
    summary: result.summary,
    groups: groupCrawlerDiffs(result.diff.crawlers).map((group) => ({
      heading: heading(group.crawlers),
      ...(group.groupChange ? { groupChange: group.groupChange.description } : {}),
      changes: group.changes.map((change) => ({
        kind: change.kind,
        description: change.description,
        // Inexact descriptions carry their examples already.
        examples: change.exact ? change.examples : [],
        exact: change.exact,
        undecided: change.undecided === true,
        newLines: change.newLines,
        oldLines: change.oldLines,
      })),
    })),
    shadowing: result.diff.shadowing.map((s) => ({ description: s.description, line: s.rule.line })),
    preferenceLines: texts
      ? preferenceLineChanges(parseRobots(texts.old), parseRobots(texts.new)).map((change) => ({
          kind: change.kind,
          text: change.text,
          where: change.agents.length === 0 ? 'outside any group' : `in the User-agent: ${agentList(change.agents)} group`,
          line: change.line,
        }))
      : [],
    ...(result.requests ? { requests: compareRequestsView(result.requests) } : {}),
    ...(result.logLeftOut !== undefined ? { logLeftOut: result.logLeftOut } : {}),
    sitemapOffer: sitemapOfferView(sitemapUrls),
    ...(result.sitemaps ? { sitemaps: compareSitemapsView(result.sitemaps) } : {}),
  };
}

/** "*", "GPTBot, CCBot", "a, b, c and 36 more": a group's User-agent values, at most three spelled out. */
function agentList(agents: readonly string[]): string {
  return agents.length > 3 ? `${agents.slice(0, 3).join(', ')} and ${agents.length - 3} more` : agents.join(', ');
}

/** The buffer's `Sitemap:` values with an http(s) URL: what "Count URLs in your sitemaps" reads. */
export function sitemapUrlsOf(text: string): string[] {
  return [...new Set(parseRobots(text).sitemaps.map((s) => s.url).filter((url) => /^https?:\/\//i.test(url)))];
}
