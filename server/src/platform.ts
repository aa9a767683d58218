/**
 * The server's seam between what runs anywhere and what needs Node: live fetches, reading
 * logs from disk, DNS. `start-server.ts` receives one of these; the Node entry point
 * (`server.ts`) gives it `nodePlatform`, the web worker entry (`web-server.ts`) `webPlatform`,
 * which answers every request it cannot serve with why.
 */

import type { CancellationToken } from 'vscode-languageserver';
import type { ParsedDocument } from './documents';
import type { CheckSitemapsDeps } from './features/check-sitemaps-request';
import type { CompareDeps } from './features/compare-request';
import type { ReplayDeps } from './features/replay-request';
import type {
  CheckSitemapsParams,
  CheckSitemapsResult,
  CheckUrlParams,
  CompareParams,
  CompareResult,
  FetchParams,
  FetchResult,
  RefreshIpListsResult,
  UrlCheckReportDto,
  ReplayParams,
  ReplayResult,
  SurveySitesParams,
  SurveySitesResult,
} from './protocol';

export interface ServerPlatform {
  /** Where the server runs, for messages: `node` or `web worker`. */
  readonly name: string;
  fetchRobots(params: FetchParams): Promise<FetchResult>;
  checkUrl(params: CheckUrlParams): Promise<UrlCheckReportDto>;
  replay(parsed: ParsedDocument, params: ReplayParams, token: CancellationToken, deps: ReplayDeps): Promise<ReplayResult>;
  compare(parsed: ParsedDocument, params: CompareParams, token: CancellationToken, deps: CompareDeps): Promise<CompareResult>;
  checkSitemaps(parsed: ParsedDocument, params: CheckSitemapsParams, token: CancellationToken, deps: CheckSitemapsDeps): Promise<CheckSitemapsResult>;
  /** Fetches many sites' robots.txt and decides them (Survey Sites…). */
  surveySites(params: SurveySitesParams): Promise<SurveySitesResult>;
  /** Downloads the crawler IP lists into the folder the replay reads, reporting each list done. */
  refreshIpLists(progress: (done: number, total: number) => void): Promise<RefreshIpListsResult>;
}
