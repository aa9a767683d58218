/**
 * The judging step's one interface. A request leaves the reorder window in time order,
 * identified and verified, and one judge takes it: the replay judge (verdicts, grace,
 * Crawl-delay: `replay-judge.ts`) or the scan judge (only the state carried to the next
 * shard: `scan-judge.ts`). A session is given one; nothing asks which.
 */

import type { Identity } from './identities';
import type { LogRequest } from './log-formats';
import { ownString } from './log-formats';
import type { Outlet } from './outlet';
import type { AuditRecord } from './record';
import type { ReplayOptions } from './replay-options';
import type { IsoClock } from './time';
import type { RequestVerification } from './verification';
import type { RobotsTimeline } from './versions';

export interface RequestJudge {
  /** Judges a request of `file` (read at `line`) and hands it to the outlet; a promise when the record consumer asks to wait. */
  judge(req: LogRequest, line: number, file: string, identity: Identity, verification: RequestVerification): void | Promise<void>;
}

/** What a judge is made from: the session's settings, its versions, and where judged requests go. */
export interface JudgeInputs {
  readonly options: ReplayOptions;
  readonly timeline: RobotsTimeline;
  readonly outlet: Outlet;
  readonly clock: IsoClock;
}

export type JudgeFactory = (inputs: JudgeInputs) => RequestJudge;

/**
 * A request robots.txt does not speak to (a browser's, or one without a User-Agent), alike in
 * both judges: counted, and given a record only when someone wants records.
 */
export function judgeNotACrawler(req: LogRequest, logLine: number, file: string, identity: Identity, verification: RequestVerification, inputs: JudgeInputs): void | Promise<void> {
  const { outlet, clock } = inputs;
  const client = identity.client;
  if (outlet.onRecord === undefined) return outlet.count(req.time, client);
  const record: AuditRecord = {
    file, logLine, time: clock.iso(req.time), ip: ownString(req.ip), method: req.method, url: ownString(req.url), status: req.status,
    userAgent: req.userAgent, client, crawler: null, agent: '', verification: verification.status, evidence: null,
    allowed: null, line: null, rule: null, group: null, state: null, reason: 'not-a-crawler', version: null,
    violation: false, robotsFetch: false,
  };
  return outlet.judged({ timeMs: req.time, client, crawler: undefined, record, robotsFetch: null, crawlDelayCheck: null, beforeFirstVersion: false });
}
