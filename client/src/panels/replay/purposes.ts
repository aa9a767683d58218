/**
 * The replay panel's Purpose column: each logged crawler's purposes from the catalogue, as
 * the summary's crawler rows carry them and `robots-lens replay` counts them per purpose.
 */

import type { AuditSummaryDto, CrawlerPurposeDto } from '../../../../server/src/protocol';

/** Purposes joined by ", ", the main one first; '' for a client that is no catalogue crawler. */
export function purposesOfCrawlers(summary: Pick<AuditSummaryDto, 'crawlers'>): (crawler: string | null) => string {
  const byToken = new Map<string, string>();
  for (const row of summary.crawlers) if (!byToken.has(row.crawler)) byToken.set(row.crawler, row.purposes.join(', '));
  return (crawler) => (crawler === null ? '' : (byToken.get(crawler) ?? ''));
}

/** The purposes the filter offers: those of the crawlers logged, in the catalogue's fixed order. */
export function purposeFilterOptions(summary: Pick<AuditSummaryDto, 'byPurpose'>): CrawlerPurposeDto[] {
  return summary.byPurpose.map((row) => row.purpose);
}
