/**
 * What the replay panel shows of a finished replay: the summary, the rows of the table, the
 * Purpose filter's choices, the cards and the chart. Pure, so it is tested without a
 * workbench; every value from the log reaches the page as text.
 */

import type { AuditSummaryDto, ReplayResult } from '../../../../server/src/protocol';
import { hasIpLists, replayCards } from './cards';
import type { ReplayCard } from './cards';
import { replayChart } from './chart';
import type { ReplayChart } from './chart';
import { purposeFilterOptions, purposesOfCrawlers } from './purposes';
import { replayRow } from './row';
import type { ReplayRow } from './row';

export interface ReplayResultView {
  readonly title: string;
  readonly logFiles: readonly string[];
  readonly summary: AuditSummaryDto;
  readonly rows: readonly ReplayRow[];
  /** The purposes the Purpose filter offers, in the catalogue's order. */
  readonly purposes: readonly string[];
  readonly truncated: boolean;
  readonly ranges: string;
  readonly hasIpLists: boolean;
  readonly cards: readonly ReplayCard[];
  readonly chart: ReplayChart | null;
  readonly warnings: readonly string[];
  /**
   * Catalogue crawlers that fetched what robots.txt disallows them (requests not shown
   * spoofed): offered "Enforce for N crawlers…", server rules that refuse them exactly that.
   */
  readonly enforceable: readonly string[];
}

/** `title`: the robots.txt as the workspace names it; `logFiles`: the logs as the panel names them. */
export function replayResultView(result: ReplayResult, title: string, logFiles: readonly string[]): ReplayResultView {
  const purposesOf = purposesOfCrawlers(result.summary);
  const rows = result.records.map((record) => replayRow(record, purposesOf));
  return {
    title,
    logFiles,
    enforceable: enforceable(result.summary),
    summary: result.summary,
    rows,
    purposes: purposeFilterOptions(result.summary),
    truncated: result.truncated,
    ranges: result.ranges,
    hasIpLists: hasIpLists(result.ranges),
    cards: replayCards(result.summary, result.ranges),
    chart: replayChart(rows),
    warnings: result.warnings,
  };
}

/** The crawlers that violated robots.txt in the log, once each, in the summary's order; a spoofed claim is not the crawler. */
export function enforceable(summary: AuditSummaryDto): string[] {
  const seen = new Set<string>();
  for (const row of summary.crawlers) {
    if (row.client === 'crawler' && row.violations > 0 && row.verification !== 'spoofed' && row.crawlerId !== '') seen.add(row.crawler);
  }
  return [...seen];
}
