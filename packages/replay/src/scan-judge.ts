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
import type { RequestVerification } from './verification';

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
    carryRequest(this.carry, req, identity, verification);
    this.inputs.outlet.count(req.time, identity.client);
  }
}

/**
 * What a crawler's request changes in the carried state: its fetch state, or its last request
 * for Crawl-delay. The replay judge records the same when a replay leaves its shard's state
 * (`ReplayJudge.record`); `scan-sieve.test.ts` holds the two equal.
 */
function carryRequest(carry: CarriedStateBuilder, req: LogRequest, identity: Identity, verification: RequestVerification): void {
  if (identity.resolved === undefined) return;
  const spoofed = verification.status === 'spoofed';
  if (isRobotsTxt(req.url) && (req.method === 'GET' || req.method === 'HEAD')) {
    const outcome = fetchOutcome(req.status);
    if (outcome !== 'keep') carry.fetched(spoofed ? identity.spoofedKey : identity.selectionKey, req.time, outcome);
  } else if (identity.client === 'crawler' && !spoofed && identity.crawler!.crawlDelay === 'honoured') {
    carry.requested(identity.crawler!.id, req.time, verification.status === 'verified');
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
