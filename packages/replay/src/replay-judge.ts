/**
 * The replay judge: a request, in time order, judged in small steps, each giving fields of
 * its record: the fetch of /robots.txt it may be (the crawler's new fetch state), the version
 * and fetch state in effect with grace, the verdict (`Verdicts`), the Crawl-delay check. The
 * record and what the summary needs besides go to the outlet as one `JudgedRequest`.
 *
 * Its carried state is small (fetch states, last request per crawler); a replay after other
 * shards starts from theirs (`ReplayOptions.after`).
 */

import type { FetchState } from '@robots-lens/fetch';
import { crawlDelayOf } from '@robots-lens/kernel/match';
import { fetchStateAfter } from './carried-state';
import type { CarriedState, CarriedStateBuilder } from './carried-state';
import type { ConsultedCollector } from './carried-check';
import { crawlDelayCheck } from './crawl-delay';
import { fetchOutcome, FetchTracker } from './fetch-state';
import type { Identity } from './identities';
import type { CrawlDelayCheck, JudgedRequest } from './judged-request';
import { directivesFor, isRobotsTxt, ROBOTS_TXT } from './judgement';
import type { Judgement } from './judgement';
import { ownString, StringInterner } from './log-formats';
import type { LogRequest } from './log-formats';
import type { Outlet } from './outlet';
import type { AuditRecord } from './record';
import type { CrawlDelayScope, PendingDelayCheck } from './replay-options';
import { judgeNotACrawler } from './request-judge';
import { carryRequest } from './scan-judge';
import type { JudgeFactory, JudgeInputs, RequestJudge } from './request-judge';
import { isoTime } from './time';
import type { IsoClock } from './time';
import type { RequestVerification, VerificationStatus } from './verification';
import { Verdicts } from './verdicts';
import type { RobotsTimeline, VersionInEffect } from './versions';
import type { Writable } from './writable';

/** Cache grace after a version change when the options name none: 24 h. */
export const DEFAULT_GRACE_MS = 24 * 3_600_000;

export const replayJudge: JudgeFactory = (inputs) => new ReplayJudge(inputs, undefined);

/**
 * What a replay of a shard records besides its verdicts: the state its requests leave (what
 * the scan judge would collect from them) and the entries of the state it started in that
 * it read (`carried-check.ts`).
 */
export interface ShardRecorder {
  readonly carry: CarriedStateBuilder;
  readonly consulted: ConsultedCollector;
  /**
   * When set (no records wanted), a crawler's first checked request in the shard is checked
   * as if it had none before and noted here, for the merge to complete (`delay-checks.ts`);
   * the carried last requests are then never read.
   */
  readonly pendingDelayChecks: PendingDelayCheck[] | undefined;
}

/** A replay judge that also records its shard's carried state and what it read (`ShardRecorder`). */
export function recordingReplayJudge(recorder: ShardRecorder): JudgeFactory {
  return (inputs) => new ReplayJudge(inputs, recorder);
}

class ReplayJudge implements RequestJudge {
  private readonly tracker = new FetchTracker();
  private readonly verdicts: Verdicts;
  /** Crawler URLs as shared strings, so verdict lookups hash each distinct URL once. */
  private readonly urls = new StringInterner(14);
  private readonly lastRequest = new Map<string, number>();
  private readonly graceMs: number;
  private readonly origin: string | undefined;
  private readonly originScheme: string;
  private readonly crawlDelay: CrawlDelayScope | false;
  // The inputs' parts the hot path reads, one property away.
  private readonly timeline: RobotsTimeline;
  private readonly outlet: Outlet;
  private readonly clock: IsoClock;

  constructor(
    private readonly inputs: JudgeInputs,
    private readonly recorder: ShardRecorder | undefined,
  ) {
    const options = inputs.options;
    this.timeline = inputs.timeline;
    this.outlet = inputs.outlet;
    this.clock = inputs.clock;
    this.verdicts = new Verdicts(inputs.timeline, options.origin);
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    this.origin = options.origin;
    this.originScheme = options.origin ? options.origin.slice(0, options.origin.indexOf('://')) : 'https';
    this.crawlDelay = options.crawlDelay ?? false;
    if (options.after !== undefined) this.startAfter(options.after);
  }

  /** Starts from the state the shards before this one left (their composed scans). */
  private startAfter(after: CarriedState): void {
    for (const [key, effect] of Object.entries(after.fetches)) this.tracker.seed(key, fetchStateAfter(effect));
    if (!this.crawlDelay || this.recorder?.pendingDelayChecks !== undefined) return;
    for (const [id, last] of Object.entries(after.lastRequest)) {
      const time = this.crawlDelay === 'verified' ? last.verified : last.claimed;
      if (time !== null) this.lastRequest.set(id, time);
    }
  }

  judge(req: LogRequest, logLine: number, file: string, identity: Identity, verification: RequestVerification): void | Promise<void> {
    if (identity.resolved === undefined) return judgeNotACrawler(req, logLine, file, identity, verification, this.inputs);
    const time = req.time;
    const status = verification.status;
    // One shared copy per distinct URL: verdict lookups hash it once, records never pin a chunk.
    const loggedUrl = this.urls.get(req.url);
    const url = this.origin !== undefined && req.host !== null && loggedUrl.charCodeAt(0) === 0x2f ? this.urls.get(`${this.originScheme}://${req.host}${loggedUrl}`) : loggedUrl;
    const inEffect = this.timeline.at(time);
    const spoofed = status === 'spoofed';
    const stateKey = spoofed ? identity.spoofedKey : identity.selectionKey;
    const robotsFetch = isRobotsTxt(url) && (req.method === 'GET' || req.method === 'HEAD');
    if (this.recorder !== undefined) this.record(this.recorder, identity, spoofed, stateKey, robotsFetch, req.status, time, status);
    const fetched = robotsFetch ? this.robotsFetched(stateKey, time, req.status) : null;
    const effective = this.tracker.effective(stateKey, time, identity.policy);
    const verdict = robotsFetch ? ROBOTS_TXT[effective.state] : this.verdictInEffect(inEffect, effective.state, identity, url, stateKey, time);
    const state = verdict.state;
    const note = inEffect.beforeFirst ? `Predates the earliest known version (${inEffect.version.label}), which was used.` : effective.note;
    const isCrawler = identity.client === 'crawler';
    const violation = isCrawler && !spoofed && verdict.allowed === false && state !== 'grace';
    const delayCheck = isCrawler && !spoofed && !robotsFetch ? this.crawlDelayCheck(inEffect.index, identity, status, time) : null;

    const record: Writable<AuditRecord> = {
      // The address may be a view into a big chunk: what is kept must not keep it alive.
      file, logLine, time: this.clock.iso(time), ip: ownString(req.ip), method: req.method, url: loggedUrl, status: req.status,
      userAgent: req.userAgent, client: identity.client, crawler: identity.crawler?.token ?? null, agent: identity.token,
      verification: status, evidence: verification.evidence, allowed: verdict.allowed, line: verdict.line, rule: verdict.rule,
      group: verdict.group, state: verdict.allowed === null ? null : state, reason: verdict.reason,
      version: verdict.allowed === null ? null : inEffect.version.label, violation, robotsFetch,
    };
    // Optional fields are added only when present (no spreads: this runs for every request).
    if (verdict.grace !== undefined) record.grace = verdict.grace;
    if (delayCheck !== null && delayCheck !== 'skipped' && delayCheck.late !== undefined) record.crawlDelay = delayCheck.late;
    if (note !== null) record.note = note;
    // Contract §4: say so when Google's literal reading of percent-escapes would decide otherwise.
    if (verdict.googleLiteral !== undefined && state === 'rules') record.googleLiteral = verdict.googleLiteral;
    if (req.xRobotsTag !== undefined) record.directives = directivesFor(req.xRobotsTag, identity.resolved);
    if (verdict.preferences !== undefined) record.preferences = verdict.preferences;
    return this.outlet.judged({ timeMs: time, client: identity.client, crawler: identity.crawler, record, robotsFetch: fetched, crawlDelayCheck: delayCheck, beforeFirstVersion: inEffect.beforeFirst });
  }

  /**
   * Records what the request changes in the state the shard leaves (`carryRequest`, the scan
   * judge's rule), and notes the fetch state it reads: every request of a crawler reads it
   * (the carried-in one, until the crawler fetches in this shard).
   */
  private record(recorder: ShardRecorder, identity: Identity, spoofed: boolean, stateKey: string, robotsFetch: boolean, httpStatus: number | null, time: number, status: VerificationStatus): void {
    const bit = spoofed ? 2 : 1;
    if ((identity.readNoted & bit) === 0) {
      identity.readNoted |= bit;
      recorder.consulted.fetches.add(stateKey);
    }
    carryRequest(recorder.carry, identity, status, robotsFetch, httpStatus, time);
  }

  /** A crawler's fetch of /robots.txt: its new fetch state, when the status says something (not a 3xx). */
  private robotsFetched(stateKey: string, time: number, status: number | null): JudgedRequest['robotsFetch'] {
    // A crawler not seen fetching before is taken to hold a good copy ('rules').
    const beforeState = this.tracker.get(stateKey)?.state ?? 'rules';
    const after = this.tracker.observe(stateKey, time, status);
    return fetchOutcome(status) === 'keep' ? null : { state: after.state, changed: beforeState !== after.state };
  }

  /**
   * The verdict in effect for a crawler request: the version in effect under the crawler's
   * fetch state, or, within the cache grace after a change, `grace` when the version before
   * decided otherwise and the crawler has not fetched robots.txt since.
   */
  private verdictInEffect(inEffect: VersionInEffect, fetchState: FetchState, identity: Identity, url: string, stateKey: string, time: number): Judgement {
    const verdict = this.verdicts.of(inEffect.index, fetchState, identity, url);
    const previous = inEffect.previous;
    const changedAt = inEffect.version.effective;
    if (verdict.allowed === null || fetchState !== 'rules' || previous === undefined || changedAt === null || time - changedAt >= this.graceMs || time < changedAt) return verdict;
    // A crawler that fetched robots.txt after the change had seen the new version: no grace.
    const fetched = this.tracker.get(stateKey)?.lastGoodFetch ?? null;
    if (fetched !== null && fetched >= changedAt) return verdict;
    const before = this.verdicts.of(inEffect.index - 1, 'rules', identity, url);
    if (before.allowed === null || before.allowed === verdict.allowed) return verdict;
    const { allowed, line, rule, group, reason, preferences } = verdict;
    return { allowed, line, rule, group, reason, ...(preferences ? { preferences } : {}), state: 'grace', grace: { previousVersion: previous.label, previousAllowed: before.allowed, changedAt: isoTime(changedAt) } };
  }

  /** The Crawl-delay check of a crawler's request (null when its crawler does not honour Crawl-delay or checks are off). */
  private crawlDelayCheck(index: number, identity: Identity, status: VerificationStatus, time: number): CrawlDelayCheck | 'skipped' | null {
    if (!this.crawlDelay || identity.crawler!.crawlDelay !== 'honoured') return null;
    if (this.crawlDelay === 'verified' && status !== 'verified') return 'skipped';
    let delay = identity.delays[index];
    if (delay === undefined) delay = identity.delays[index] = crawlDelayOf(this.timeline.versions[index]!.file, identity.resolved!);
    const key = identity.crawler!.id;
    const last = this.lastRequest.get(key);
    this.lastRequest.set(key, time);
    if (this.recorder !== undefined) {
      const pending = this.recorder.pendingDelayChecks;
      // Waiting, nothing carried was seeded: a first check in the shard finds no last request.
      if (pending === undefined) this.recorder.consulted.lastRequest.add(key);
      else if (last === undefined) pending.push({ crawlerId: key, verification: status, time, delaySeconds: delay });
    }
    return crawlDelayCheck(delay, last, time);
  }
}
