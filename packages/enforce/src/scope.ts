/**
 * Which crawlers a snippet is for: named by token, by purpose, or the catalogue crawlers whose
 * operator says (or is reported to) not honour robots.txt. Only crawlers that send requests
 * can be blocked: usage-control tokens (Google-Extended) are left out, and said so.
 */

import { CRAWLERS, crawlerByToken } from '@robots-lens/kernel/crawlers';
import type { Crawler, CrawlerPurpose } from '@robots-lens/kernel/crawlers';

export interface EnforceScope {
  /** Catalogue tokens (`GPTBot`, `Bytespider`). */
  readonly crawlers?: readonly string[];
  /** Every catalogue crawler with one of these purposes. */
  readonly purposes?: readonly CrawlerPurpose[];
  /** Every catalogue crawler whose `honoursRobotsTxt` is `no` or `partly`. */
  readonly notHonouring?: boolean;
}

export type ScopeResult =
  | { readonly ok: true; readonly crawlers: readonly Crawler[]; readonly notes: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** The catalogue crawlers in `scope`, in catalogue order. */
export function crawlersInScope(scope: EnforceScope): ScopeResult {
  const chosen = new Set<Crawler>();
  for (const token of scope.crawlers ?? []) {
    const crawler = crawlerByToken(token);
    if (crawler === undefined) {
      return { ok: false, message: `"${token}" is not in the crawler catalogue: a server can only recognise catalogue crawlers by their User-Agent names (robots-lens crawlers lists them).` };
    }
    chosen.add(crawler);
  }
  for (const crawler of CRAWLERS) {
    if (scope.purposes?.some((p) => crawler.purposes.includes(p))) chosen.add(crawler);
    if (scope.notHonouring && (crawler.honoursRobotsTxt === 'no' || crawler.honoursRobotsTxt === 'partly')) chosen.add(crawler);
  }
  const notes: string[] = [];
  const requesting = CRAWLERS.filter((c) => chosen.has(c) && !c.controlToken);
  const control = CRAWLERS.filter((c) => chosen.has(c) && c.controlToken);
  if (control.length > 0) notes.push(`${control.map((c) => c.token).join(', ')}: usage-control token${control.length === 1 ? '' : 's'} that send${control.length === 1 ? 's' : ''} no requests, so there is nothing to block.`);
  if (requesting.length === 0) return { ok: false, message: 'No crawler that sends requests is in scope: name crawlers with --crawlers, purposes with --purpose, or use --not-honouring.' };
  return { ok: true, crawlers: requesting, notes };
}
