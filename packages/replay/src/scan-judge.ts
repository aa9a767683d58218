/**
 * The scan judge (`robots-lens replay-scan`): a shard's requests, in time order, change only
 * the state carried to the shards after it (each crawler's robots.txt fetch state, last
 * requests for Crawl-delay); no matching, and the summary only counts them.
 */

import type { CarriedStateBuilder } from './carried-state';
import { identifyClient } from './client';
import { fetchOutcome } from './fetch-state';
import type { Identity } from './identities';
import { isRobotsTxt } from './judgement';
import type { ClfFields, LogRequest } from './log-formats';
import type { LineSieve } from './log-lines';
import { judgeNotACrawler } from './request-judge';
import type { JudgeFactory, JudgeInputs, RequestJudge } from './request-judge';
import type { RequestVerification, VerificationStatus } from './verification';

/** A judge that collects a scan into `carry`. */
export function scanJudge(carry: CarriedStateBuilder): JudgeFactory {
  return (inputs) => new ScanJudge(carry, inputs);
}

class ScanJudge implements RequestJudge {
  constructor(
    private readonly carry: CarriedStateBuilder,
    private readonly inputs: JudgeInputs,
  ) {}

  judge(req: LogRequest, line: number, file: string, identity: Identity, verification: RequestVerification): void | Promise<void> {
    if (identity.resolved === undefined) return judgeNotACrawler(req, line, file, identity, verification, this.inputs);
    const robotsFetch = isRobotsTxt(req.url) && (req.method === 'GET' || req.method === 'HEAD');
    carryRequest(this.carry, identity, verification.status, robotsFetch, req.status, req.time);
    this.inputs.outlet.count(req.time, identity.client);
  }
}

/**
 * What a crawler's request changes in the carried state: its fetch state (a fetch of
 * robots.txt whose status says something), or its last request for Crawl-delay. The scan
 * judge and the replay judge (when a replay leaves its shard's state, `ReplayJudge.record`)
 * both call it; `scan-sieve.test.ts` holds their states equal.
 */
export function carryRequest(carry: CarriedStateBuilder, identity: Identity, status: VerificationStatus, robotsFetch: boolean, httpStatus: number | null, time: number): void {
  const spoofed = status === 'spoofed';
  if (robotsFetch) {
    const outcome = fetchOutcome(httpStatus);
    if (outcome !== 'keep') carry.fetched(spoofed ? identity.spoofedKey : identity.selectionKey, time, outcome);
  } else if (identity.client === 'crawler' && !spoofed && identity.crawler!.crawlDelay === 'honoured') {
    carry.requested(identity.crawler!.id, time, status === 'verified');
  }
}

/** User-Agents whose answer a sieve keeps (a log has few distinct ones; past this it starts again). */
const SIEVE_USER_AGENTS = 4096;

/**
 * Tells the lines the scan judge may need whole from those it only counts. A line it needs
 * fetches /robots.txt, so its target ends in `/robots.txt` (the judge and the reorder window
 * both ask that of the target, unescaped: a target with a backslash is wanted too), or
 * comes from a crawler that honours Crawl-delay: its User-Agent is identified as the
 * catalogue does (`identifyClient`), the answer kept per User-Agent.
 */
export function scanSieve(): LineSieve {
  const honoured = new Map<string, boolean>();
  const ROBOTS = '/robots.txt';
  return {
    wants(text: string, fields: Readonly<ClfFields>): boolean {
      const urlEnd = fields.urlEnd;
      if (urlEnd - fields.urlStart >= ROBOTS.length && text.startsWith(ROBOTS, urlEnd - ROBOTS.length)) return true;
      const userAgent = fields.userAgent;
      let wanted = honoured.get(userAgent);
      if (wanted === undefined) {
        if (honoured.size >= SIEVE_USER_AGENTS) honoured.clear();
        const crawler = identifyClient(userAgent).crawler;
        wanted = crawler !== undefined && crawler.crawlDelay === 'honoured';
        honoured.set(userAgent, wanted);
      }
      if (wanted) return true;
      for (let i = fields.urlStart; i < urlEnd; i++) if (text.charCodeAt(i) === 0x5c) return true;
      return false;
    },
  };
}
