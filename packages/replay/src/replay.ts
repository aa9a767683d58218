/**
 * The replay (architecture: "Data flow of the replay"): log lines → requests → who asked
 * (claimed crawler, verified or not) → the robots.txt version and fetch state in effect →
 * the one matcher's verdict → Crawl-delay → `AuditRecord` + summary.
 *
 * Pure and streaming: text arrives in chunks, nothing but bounded caches and counters is
 * kept, and the only asynchrony is reverse DNS (when enabled) and a record consumer's
 * backpressure. The hot loop caches resolution per User-Agent string, verification per
 * address, and verdicts per (crawler, URL) per version.
 */

import type { Crawler, ResolvedAgent } from '@robots-lens/kernel/crawlers';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { decideUnderFetchState } from '@robots-lens/fetch';
import { effectivePreferences, preferencesJson, statesPreferences } from '@robots-lens/kernel/preferences';
import type { FetchState } from '@robots-lens/fetch';
import { crawlDelayOf, matcherFor, parseTarget } from '@robots-lens/kernel/match';
import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { fetchStateAfter } from './carried-state';
import type { CarriedState, CarriedStateBuilder } from './carried-state';
import { identifyClient } from './client';
import { directivesFor, isRobotsTxt, ROBOTS_TXT, verdictSlot } from './judgement';
import type { Judgement } from './judgement';
import { crawlDelayCheck } from './crawl-delay';
import { fetchOutcome, fetchPolicyFor, FetchTracker, GOOGLE_FETCH_POLICY, RFC9309_FETCH_POLICY } from './fetch-state';
import type { FetchFailurePolicy } from './fetch-state';
import { ownString, StringInterner } from './log-formats';
import type { LogFormat, LogRequest } from './log-formats';
import { fileSink } from './file-sink';
import type { FileSinkTarget, OpenLog } from './file-sink';
import { LogLineReader } from './log-lines';
import { DEFAULT_MAX_WAITING, DEFAULT_REORDER_WINDOW_MS, TimeOrder } from './time-order';
import type { AuditRecord, ClientKind } from './record';
import type { CrawlDelayScope, ReplayHandlers, ReplayOptions } from './replay-logs';
import type { AuditSummary } from './summary';
import { SummaryBuilder } from './summary-builder';
import { summaryPart } from './summary-part';
import type { SummaryPart } from './summary-part';
import type { CrawlDelayCheck, JudgedRequest } from './summary-builder';
import { isoTime, IsoClock } from './time';
import { CrawlerVerifier } from './verification';
import type { RequestVerification, VerificationStatus } from './verification';
import { RobotsTimeline } from './versions';
import type { VersionInEffect } from './versions';
import type { Writable } from './writable';

interface Identity {
  readonly client: ClientKind;
  readonly crawler: Crawler | undefined;
  /** Chain for verdicts; undefined for browsers and requests without a User-Agent. */
  readonly resolved: ResolvedAgent | undefined;
  readonly token: string;
  /** Shared by every User-Agent string naming the same crawler (or token). */
  readonly selectionKey: string;
  /** Fetch-state key of spoofed requests, kept apart from the real crawler's. */
  readonly spoofedKey: string;
  readonly policy: FetchFailurePolicy;
  /** Verdict caches by version and fetch state (`verdictSlot`). */
  readonly verdicts: (Map<string, Judgement> | undefined)[];
  readonly delays: (number | null | undefined)[];
}

const NOT_APPLICABLE_VERIFICATION: RequestVerification = { status: 'not-applicable', evidence: null };
const MAX_IDENTITIES = 50_000;
const MAX_VERDICTS = 500_000;

/**
 * One replay: feed it files (`beginFile`, `feed`, `endFile` one after the other, or
 * `openFile`, `feedFile`, `closeFile` for files read side by side), read the summary at any
 * time. `feed` returns a promise only when it had to wait (DNS, a slow record consumer);
 * callers must wait for it before feeding more. Text is the only way in: each file's own
 * `LogLineReader` cuts and parses it; requests go through the reorder window (`TimeOrder`)
 * and are judged in time order, whatever file and line they came from.
 */
export class AuditSession {
  readonly timeline: RobotsTimeline;
  private readonly verifier: CrawlerVerifier;
  private readonly tracker = new FetchTracker();
  private readonly summaryBuilder: SummaryBuilder;
  private readonly identities = new Map<string, Identity>();
  private readonly verdictCaches = new Map<string, Map<string, Judgement>>();
  private verdictCount = 0;
  private readonly ruleTexts = new Map<RobotsFile, Map<number, string>>();
  /** Crawler URLs as shared strings, so verdict lookups hash each distinct URL once. */
  private readonly urls = new StringInterner(14);
  private readonly lastRequest = new Map<string, number>();
  private readonly graceMs: number;
  private readonly origin: string | undefined;
  private readonly originScheme: string;
  private readonly crawlDelay: CrawlDelayScope | false;
  private readonly onRecord: ((record: AuditRecord) => void | Promise<void>) | undefined;
  private readonly now: () => number;
  private readonly started: number;
  private readonly order: TimeOrder;
  private readonly open: OpenLog[] = [];
  private current: OpenLog | undefined;
  private stopped = false;
  private readonly signal: ReplayHandlers['signal'];

  /** The file of the request being judged (records name it). */
  private fileName = '';
  private readonly clock = new IsoClock();
  /** The one `JudgedRequest` of requests only counted, refilled for each: most lines of most logs are such, and the summary keeps nothing of it. */
  private readonly onlyCounted: Writable<JudgedRequest> = { timeMs: 0, client: 'browser', crawler: undefined, record: null, robotsFetch: null, crawlDelayCheck: null, beforeFirstVersion: false };

  /**
   * `carry`, when given, makes this a scan: requests update only the state carried to the
   * next shard (fetch state, last requests), with no matching and no summary but the counts.
   */
  constructor(
    private readonly options: ReplayOptions,
    handlers: ReplayHandlers = {},
    private readonly carry?: CarriedStateBuilder,
  ) {
    this.timeline = new RobotsTimeline(options.versions);
    this.verifier = new CrawlerVerifier({ ...(options.ranges ? { ranges: options.ranges } : {}), ...(options.dns ? { dns: options.dns } : {}) });
    this.summaryBuilder = new SummaryBuilder(options.limits);
    this.graceMs = options.graceMs ?? 24 * 3_600_000;
    this.origin = options.origin;
    this.originScheme = options.origin ? options.origin.slice(0, options.origin.indexOf('://')) : 'https';
    this.crawlDelay = options.crawlDelay ?? false;
    this.onRecord = handlers.onRecord;
    this.now = handlers.now ?? (() => 0);
    this.started = this.now();
    this.signal = handlers.signal;
    const settings = { windowMs: options.reorderWindowMs ?? DEFAULT_REORDER_WINDOW_MS, maxWaiting: options.maxWaiting ?? DEFAULT_MAX_WAITING };
    this.order = new TimeOrder(settings, (waiting) => this.released(waiting.file, waiting.request, waiting.line), (file, line, time, behindMs) => this.summaryBuilder.late(file, line, time, behindMs));
    this.summaryBuilder.setReorder(settings);
    if (options.after !== undefined) this.startAfter(options.after);
  }

  /** Starts from the state the shards before this one left (their composed scans). */
  private startAfter(after: CarriedState): void {
    for (const [key, effect] of Object.entries(after.fetches)) this.tracker.seed(key, fetchStateAfter(effect));
    if (!this.crawlDelay) return;
    for (const [id, last] of Object.entries(after.lastRequest)) {
      const time = this.crawlDelay === 'verified' ? last.verified : last.claimed;
      if (time !== null) this.lastRequest.set(id, time);
    }
  }

  /** Everything the summary counted, for a merge with the summaries of other shards. */
  part(): SummaryPart {
    return summaryPart(this.summaryBuilder);
  }

  /** What a scan (see the constructor) leaves for the shards after it. */
  carriedState(): CarriedState | undefined {
    return this.carry?.state(this.summaryBuilder.period());
  }

  /** True once the signal was seen aborted; the session then ignores further input. */
  get cancelled(): boolean {
    return this.stopped || this.open.some((f) => f.reader.stopped);
  }

  /** Lines read from the current file (of `beginFile`) so far. */
  get lines(): number {
    return this.current?.lines ?? 0;
  }

  /** The latest request time read from a file so far (-Infinity before its first request). */
  frontierOf(file: number): number {
    return this.open[file]?.frontier.frontier ?? Infinity;
  }

  /** A damage report about a file (a gzip stream with trailing garbage, …), kept in the summary. */
  warn(message: string): void {
    this.summaryBuilder.warn(message);
  }

  /** Running totals across files, cheap enough for progress reports. */
  counts(): { lines: number; requests: number; parseFailures: number } {
    return this.summaryBuilder.counts();
  }

  /** Stops the replay: further input is ignored and the summary says it was cancelled. */
  cancel(): void {
    this.stopped = true;
    for (const f of this.open) f.reader.stop();
  }

  /** Opens a file to read after the files before it (see `endFile`). */
  beginFile(name: string, format: LogFormat | 'auto' = this.options.format ?? 'auto'): void {
    this.current = this.open[this.openFile(name, format)];
  }

  /** Feeds text of the current file; a trailing partial line waits for the next chunk. */
  feed(chunk: string): void | Promise<void> {
    return this.current?.reader.feed(chunk);
  }

  /** Ends the current file: its last line (without newline) is read, and a pending format detection concludes. */
  endFile(): void | Promise<void> {
    const file = this.current;
    return file === undefined ? undefined : this.closeLog(file);
  }

  /**
   * Opens a file read side by side with the other open ones; returns its number for
   * `feedFile` and `closeFile`. Its requests wait in the reorder window until every open
   * file has read past their time. `firstTime`, when known, is the time of its first
   * request: until it is read, the others need not wait for anything earlier.
   */
  openFile(name: string, format: LogFormat | 'auto' = this.options.format ?? 'auto', firstTime?: number): number {
    const row = this.summaryBuilder.beginFile(name);
    const log = { frontier: this.order.openFile(name, firstTime), lines: 0 } as OpenLog;
    const target: FileSinkTarget = {
      builder: this.summaryBuilder,
      order: this.order,
      onlyCounted: (userAgent) => {
        const identity = this.identify(userAgent);
        return this.onRecord === undefined && identity.resolved === undefined ? identity.client : undefined;
      },
      countOnly: (time, client) => this.countOnly(time, client),
    };
    log.reader = new LogLineReader(fileSink(name, row, log, target), {
      ...(this.options.jsonFields ? { jsonFields: this.options.jsonFields } : {}),
      ...(this.signal ? { signal: this.signal } : {}),
    });
    if (this.stopped) log.reader.stop();
    this.open.push(log);
    log.reader.begin(format);
    return this.open.length - 1;
  }

  feedFile(file: number, chunk: string): void | Promise<void> {
    return this.open[file]?.reader.feed(chunk);
  }

  closeFile(file: number): void | Promise<void> {
    const log = this.open[file];
    return log === undefined ? undefined : this.closeLog(log);
  }

  private closeLog(log: OpenLog): void | Promise<void> {
    const ended = log.reader.end();
    if (ended !== undefined) return ended.then(() => this.order.close(log.frontier));
    return this.order.close(log.frontier);
  }

  /** The summary so far (complete after the last `endFile`). */
  summary(): AuditSummary {
    const honouredBy = CRAWLERS.filter((c) => c.crawlDelay === 'honoured').map((c) => c.token);
    return this.summaryBuilder.build({
      versions: this.timeline.info(),
      lists: (this.options.ranges ?? []).map((l) => ({
        name: l.name,
        url: l.url,
        creationTime: l.creationTime,
        prefixes: l.prefixes.length,
        crawlers: l.crawlers,
        problems: l.problems,
      })),
      reverseDns: this.verifier.usesDns,
      graceMs: this.graceMs,
      policies: [
        { policy: GOOGLE_FETCH_POLICY, appliesTo: 'Google crawlers' },
        { policy: RFC9309_FETCH_POLICY, appliesTo: 'all other crawlers and clients' },
      ],
      crawlDelay: this.crawlDelay ? { scope: this.crawlDelay, honouredBy } : null,
      cancelled: this.cancelled,
      elapsedMs: Math.max(0, this.now() - this.started),
    });
  }

  /** A request whose turn came in the reorder window, judged now. */
  private released(file: string, req: LogRequest, line: number): void | Promise<void> {
    this.fileName = file;
    return this.identified(req, line, this.identify(req.userAgent));
  }

  private identified(req: LogRequest, line: number, identity: Identity): void | Promise<void> {
    if (identity.crawler === undefined) return this.judge(req, line, identity, NOT_APPLICABLE_VERIFICATION);
    const verification = this.verifier.verify(req.ip, identity.crawler);
    if (verification instanceof Promise) return verification.then((v) => this.judge(req, line, identity, v));
    return this.judge(req, line, identity, verification);
  }

  private identify(userAgent: string): Identity {
    let identity = this.identities.get(userAgent);
    if (identity !== undefined) return identity;
    if (this.identities.size >= MAX_IDENTITIES) this.identities.clear();
    const { client, crawler, resolved } = identifyClient(userAgent);
    const token = resolved ? resolved.token : '';
    const selectionKey = crawler ? `crawler:${crawler.id}` : `token:${token.toLowerCase()}`;
    identity = {
      client,
      crawler,
      resolved,
      token,
      selectionKey,
      spoofedKey: `spoofed:${selectionKey}`,
      policy: fetchPolicyFor(crawler),
      verdicts: [],
      delays: [],
    };
    this.identities.set(userAgent, identity);
    return identity;
  }

  /**
   * Judges a request in steps, each giving fields of its record: the fetch of /robots.txt it
   * may be, the verdict in effect (version, fetch state, grace), the Crawl-delay check. The
   * record and what the summary needs besides go to the summary as one `JudgedRequest`.
   */
  private judge(req: LogRequest, logLine: number, identity: Identity, verification: RequestVerification): void | Promise<void> {
    const time = req.time;
    // Browsers and requests without a User-Agent only count, unless someone wants records.
    if (identity.resolved === undefined && this.onRecord === undefined) return this.countOnly(time, identity.client);
    if (identity.resolved === undefined) return this.judged(this.notACrawler(req, logLine, identity.client, verification.status));
    const status = verification.status;
    if (this.carry !== undefined) return this.scanned(req, identity, status, this.carry);
    // One shared copy per distinct URL: verdict lookups hash it once, records never pin a chunk.
    const loggedUrl = this.urls.get(req.url);
    const url = this.origin !== undefined && req.host !== null && loggedUrl.charCodeAt(0) === 0x2f ? this.urls.get(`${this.originScheme}://${req.host}${loggedUrl}`) : loggedUrl;
    const inEffect = this.timeline.at(time);
    const spoofed = status === 'spoofed';
    const stateKey = spoofed ? identity.spoofedKey : identity.selectionKey;
    const robotsFetch = isRobotsTxt(url) && (req.method === 'GET' || req.method === 'HEAD');
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
      file: this.fileName, logLine, time: this.clock.iso(time), ip: ownString(req.ip), method: req.method, url: loggedUrl, status: req.status,
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
    return this.judged({ timeMs: time, client: identity.client, crawler: identity.crawler, record, robotsFetch: fetched, crawlDelayCheck: delayCheck, beforeFirstVersion: inEffect.beforeFirst });
  }

  /** A crawler's request in a scan: the carried state it changes, then it is counted. */
  private scanned(req: LogRequest, identity: Identity, status: VerificationStatus, carry: CarriedStateBuilder): void {
    const spoofed = status === 'spoofed';
    if (isRobotsTxt(req.url) && (req.method === 'GET' || req.method === 'HEAD')) {
      const outcome = fetchOutcome(req.status);
      if (outcome !== 'keep') carry.fetched(spoofed ? identity.spoofedKey : identity.selectionKey, req.time, outcome);
    } else if (identity.client === 'crawler' && !spoofed && identity.crawler!.crawlDelay === 'honoured') {
      carry.requested(identity.crawler!.id, req.time, status === 'verified');
    }
    this.countOnly(req.time, identity.client);
  }

  /** A request that is only counted (see `judge`). */
  private countOnly(time: number, client: ClientKind): void {
    const request = this.onlyCounted;
    request.timeMs = time;
    request.client = client;
    this.summaryBuilder.add(request);
  }

  /** The summary counts the request, then whoever wants records gets its record. */
  private judged(request: JudgedRequest & { readonly record: AuditRecord }): void | Promise<void> {
    this.summaryBuilder.add(request);
    return this.onRecord === undefined ? undefined : this.onRecord(request.record);
  }

  /** The record of a browser's request or one without a User-Agent: robots.txt does not speak to them. */
  private notACrawler(req: LogRequest, logLine: number, client: ClientKind, verification: VerificationStatus): JudgedRequest & { readonly record: AuditRecord } {
    const record: AuditRecord = {
      file: this.fileName, logLine, time: this.clock.iso(req.time), ip: ownString(req.ip), method: req.method, url: ownString(req.url), status: req.status,
      userAgent: req.userAgent, client, crawler: null, agent: '', verification, evidence: null,
      allowed: null, line: null, rule: null, group: null, state: null, reason: 'not-a-crawler', version: null,
      violation: false, robotsFetch: false,
    };
    return { timeMs: req.time, client, crawler: undefined, record, robotsFetch: null, crawlDelayCheck: null, beforeFirstVersion: false };
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
    const verdict = this.verdictFor(inEffect.index, fetchState, identity, url);
    const previous = inEffect.previous;
    const changedAt = inEffect.version.effective;
    if (verdict.allowed === null || fetchState !== 'rules' || previous === undefined || changedAt === null || time - changedAt >= this.graceMs || time < changedAt) return verdict;
    // A crawler that fetched robots.txt after the change had seen the new version: no grace.
    const fetched = this.tracker.get(stateKey)?.lastGoodFetch ?? null;
    if (fetched !== null && fetched >= changedAt) return verdict;
    const before = this.verdictFor(inEffect.index - 1, 'rules', identity, url);
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
    return crawlDelayCheck(delay, last, time);
  }

  /** The verdict of the version at `index` under a fetch state for this identity's chain, cached per URL. */
  private verdictFor(index: number, state: FetchState, identity: Identity, url: string): Judgement {
    const slot = verdictSlot(index, state);
    let cache = identity.verdicts[slot];
    if (cache === undefined) {
      const key = `${slot}\u0000${identity.selectionKey}`;
      cache = this.verdictCaches.get(key);
      if (cache === undefined) {
        cache = new Map();
        this.verdictCaches.set(key, cache);
      }
      identity.verdicts[slot] = cache;
    }
    let verdict = cache.get(url);
    if (verdict !== undefined) return verdict;
    if (this.verdictCount >= MAX_VERDICTS) {
      for (const c of this.verdictCaches.values()) c.clear();
      this.verdictCount = 0;
    }
    const file = this.timeline.versions[index]!.file;
    const decided = decideUnderFetchState(state, matcherFor(file), url, identity.resolved!, this.origin !== undefined ? { origin: this.origin } : {});
    if (decided.outcome === 'not-applicable') {
      verdict = { allowed: null, line: null, rule: null, group: null, reason: parseTarget(url).ok ? 'other-origin' : 'bad-url', state };
    } else if (decided.reason === 'fetch-state') {
      // A record names the state that decided: `unavailable` or `unreachable`.
      verdict = { allowed: decided.allowed, line: null, rule: null, group: null, reason: state === 'unavailable' ? 'unavailable' : 'unreachable', state };
    } else {
      const rule = decided.rule;
      const google = decided.googleLiteral;
      verdict = {
        allowed: decided.allowed,
        line: rule ? rule.line + 1 : null,
        rule: rule ? this.ruleText(file, rule.line) : null,
        group: decided.group ? decided.group.token : null,
        reason: decided.reason,
        ...(google ? { googleLiteral: { allowed: google.allowed, line: google.rule ? google.rule.line + 1 : null } } : {}),
        // Worked out once per URL and crawler, like the verdict, and only for versions that state preferences.
        ...(statesPreferences(file) ? { preferences: preferencesJson(effectivePreferences(file, decided)) } : {}),
        state,
      };
    }
    cache.set(url, verdict);
    this.verdictCount++;
    return verdict;
  }

  private ruleText(file: RobotsFile, line: number): string {
    let texts = this.ruleTexts.get(file);
    if (!texts) {
      texts = new Map();
      this.ruleTexts.set(file, texts);
    }
    let text = texts.get(line);
    if (text === undefined) {
      text = statementText(file, line);
      texts.set(line, text);
    }
    return text;
  }
}
