/**
 * The scan judge (`robots-lens replay-scan`): a shard's requests, in time order, change only
 * the state carried to the shards after it (each crawler's robots.txt fetch state, last
 * requests for Crawl-delay); no matching, and the summary only counts them.
 */

import type { CarriedStateBuilder } from './carried-state';
import { fetchOutcome } from './fetch-state';
import type { Identity } from './identities';
import { isRobotsTxt } from './judgement';
import type { LogRequest } from './log-formats';
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
    const spoofed = verification.status === 'spoofed';
    if (isRobotsTxt(req.url) && (req.method === 'GET' || req.method === 'HEAD')) {
      const outcome = fetchOutcome(req.status);
      if (outcome !== 'keep') this.carry.fetched(spoofed ? identity.spoofedKey : identity.selectionKey, req.time, outcome);
    } else if (identity.client === 'crawler' && !spoofed && identity.crawler!.crawlDelay === 'honoured') {
      this.carry.requested(identity.crawler!.id, req.time, verification.status === 'verified');
    }
    this.inputs.outlet.count(req.time, identity.client);
  }
}
