/**
 * One replayed request as the page gets it: only what it shows, filters and sorts on, under
 * short keys, since a replay posts up to tens of thousands of them at once.
 */

import type { AuditRecordDto } from '../../../../server/src/protocol';

export interface ReplayRow {
  readonly t: string;
  readonly ip: string;
  readonly m: string;
  readonly u: string;
  readonly s: number | null;
  /** Crawler token, else the agent token, else the client kind. */
  readonly c: string;
  /** The crawler's purposes from the catalogue ("ai-training, ai-search"); '' for other clients. */
  readonly p: string;
  readonly k: string;
  readonly v: string;
  readonly a: boolean | null;
  readonly l: number | null;
  readonly r: string | null;
  readonly x: boolean;
  readonly ua: string;
}

/** `purposesOf`: a crawler's purposes as the Purpose filter reads them. */
export function replayRow(r: AuditRecordDto, purposesOf: (crawler: string | null) => string): ReplayRow {
  return {
    t: r.time,
    ip: r.ip,
    m: r.method,
    u: r.url,
    s: r.status,
    c: r.crawler ?? (r.agent !== '' ? r.agent : r.client),
    p: purposesOf(r.crawler),
    k: r.client,
    v: r.verification,
    a: r.allowed,
    l: r.line,
    r: r.rule,
    x: r.violation,
    ua: r.userAgent,
  };
}
