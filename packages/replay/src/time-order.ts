/**
 * The reorder window: requests read from one or more logs wait here until no request read
 * later can be earlier, then leave in time order. Logs written by several workers or CDN
 * nodes are out of order by seconds to minutes; merged files are out of order by design.
 * Verdicts depend on time (fetch state, versions, grace, Crawl-delay), never on line order.
 */

import type { LogRequest } from './log-formats';

/**
 * Default reorder window: a line may come this much earlier than the latest line before it in
 * its file. Requests wait this long in log time, and waiting costs: a replay of a log at 20
 * lines/s runs ~10% slower with one minute and ~25% slower with ten (measured).
 */
export const DEFAULT_REORDER_WINDOW_MS = 60_000;
/** Default bound on requests waiting in the window; past it the earliest is judged early. */
export const DEFAULT_MAX_WAITING = 200_000;

/** A request waiting for its turn, with where it was read. */
export interface WaitingRequest {
  readonly request: LogRequest;
  readonly file: string;
  readonly line: number;
  /** Order of arrival, the last tie-break (identical requests). */
  readonly seq: number;
}

/**
 * Requests in time order. Of requests in the same millisecond (logs often have whole
 * seconds), fetches of /robots.txt come first, since a crawler reads robots.txt before it
 * crawls by it, ordered among themselves by what they are (address, User-agent, status), so
 * the fetch state they leave does not depend on where they were read; other requests keep
 * the order they were read in, which changes no count.
 */
export function comesBefore(a: WaitingRequest, b: WaitingRequest): boolean {
  const x = a.request;
  const y = b.request;
  if (x.time !== y.time) return x.time < y.time;
  const rx = isRobotsPath(x.url);
  const ry = isRobotsPath(y.url);
  if (rx !== ry) return rx;
  if (!rx) return a.seq < b.seq;
  if (x.url !== y.url) return x.url < y.url;
  if (x.ip !== y.ip) return x.ip < y.ip;
  if (x.userAgent !== y.userAgent) return x.userAgent < y.userAgent;
  if (x.status !== y.status) return (x.status ?? -1) < (y.status ?? -1);
  if (x.method !== y.method) return x.method < y.method;
  return a.seq < b.seq;
}

function isRobotsPath(url: string): boolean {
  return url.endsWith('/robots.txt');
}

/**
 * Waiting requests, earliest first (`comesBefore`): a run of those that arrived in order
 * (most of a log: appending costs nothing) and a binary min-heap of the others.
 */
export class WaitingRequests {
  private readonly heap: WaitingRequest[] = [];
  private readonly run: (WaitingRequest | undefined)[] = [];
  private runStart = 0;

  get size(): number {
    return this.heap.length + this.run.length - this.runStart;
  }

  /** The earliest waiting request. */
  peek(): WaitingRequest | undefined {
    const first = this.run[this.runStart];
    const top = this.heap[0];
    if (first === undefined || top === undefined) return first ?? top;
    return comesBefore(top, first) ? top : first;
  }

  push(item: WaitingRequest): void {
    const last = this.run.length > this.runStart ? this.run[this.run.length - 1] : undefined;
    if (last === undefined || comesBefore(last, item)) this.run.push(item);
    else this.heapPush(item);
  }

  /** Removes and returns the earliest waiting request. */
  pop(): WaitingRequest | undefined {
    const first = this.run[this.runStart];
    const top = this.heap[0];
    if (first === undefined || (top !== undefined && comesBefore(top, first))) return this.heapPop();
    this.run[this.runStart++] = undefined;
    if (this.runStart === this.run.length) {
      this.run.length = 0;
      this.runStart = 0;
    } else if (this.runStart >= 4096 && this.runStart * 2 >= this.run.length) {
      this.run.splice(0, this.runStart);
      this.runStart = 0;
    }
    return first;
  }

  private heapPush(item: WaitingRequest): void {
    const heap = this.heap;
    let i = heap.length;
    heap.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!comesBefore(item, heap[parent]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = item;
  }

  private heapPop(): WaitingRequest | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    const n = heap.length;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && comesBefore(heap[right]!, heap[left]!) ? right : left;
      if (!comesBefore(heap[child]!, last)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

/**
 * Times of requests not yet behind the threshold, counted: those that arrived in order in a
 * run (most), the others in a min-heap. Only the count is wanted.
 */
class WindowTimes {
  private readonly run: number[] = [];
  private runStart = 0;
  private readonly heap: number[] = [];

  /** Adds `time` (not behind `threshold`) after dropping what is; returns the count. */
  add(time: number, threshold: number): number {
    const run = this.run;
    while (this.runStart < run.length && run[this.runStart]! < threshold) this.runStart++;
    if (this.runStart === run.length) {
      run.length = 0;
      this.runStart = 0;
    } else if (this.runStart >= 4096 && this.runStart * 2 >= run.length) {
      run.splice(0, this.runStart);
      this.runStart = 0;
    }
    const heap = this.heap;
    while (heap.length > 0 && heap[0]! < threshold) this.pop();
    if (run.length === this.runStart || run[run.length - 1]! <= time) run.push(time);
    else this.push(time);
    return run.length - this.runStart + heap.length;
  }

  private push(time: number): void {
    const heap = this.heap;
    let i = heap.length;
    heap.push(time);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= time) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = time;
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop()!;
    const n = heap.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && heap[right]! < heap[left]! ? right : left;
      if (heap[child]! >= last) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
  }
}

/** Where a file's reading stands: the latest request time read from it so far. */
export interface FileFrontier {
  readonly name: string;
  frontier: number;
  open: boolean;
}

/** What the window was asked to hold and what came too late for it. */
export interface ReorderSettings {
  readonly windowMs: number;
  readonly maxWaiting: number;
}

/**
 * Merges the requests of the files open at once into one stream in time order. A file's
 * request may be up to `windowMs` earlier than the latest one read before it from that file;
 * a request is judged once every open file has read past its time by more than the window.
 * A request that comes later than that ("late") is judged at once, out of order, and counted.
 */
export class TimeOrder {
  private readonly waiting = new WaitingRequests();
  private readonly files: FileFrontier[] = [];
  private seq = 0;
  /** Requests earlier than this are judged; -Infinity until every open file has a request. */
  private threshold = -Infinity;
  private lastJudged = -Infinity;

  constructor(
    private readonly settings: ReorderSettings,
    private readonly judge: (waiting: WaitingRequest) => void | Promise<void>,
    private readonly late: (file: string, line: number, time: number, behindMs: number) => void,
  ) {}

  /** A file to merge; `firstTime` (its first request's, when known) stands for its reading until it is read. */
  openFile(name: string, firstTime = -Infinity): FileFrontier {
    const file: FileFrontier = { name, frontier: firstTime, open: true };
    this.files.push(file);
    // From the frontiers, not -Infinity: a file opened at its first request's time would
    // otherwise never move the threshold (`arrived` updates it only from the file at the
    // minimum), and everything read would wait until maxWaiting forced it out.
    this.updateThreshold();
    return file;
  }

  /** A request of `file` read at `line`, whose judgement does not depend on order (only counted). */
  arrived(file: FileFrontier, line: number, time: number): void {
    const frontier = file.frontier;
    if (time > frontier) {
      file.frontier = time;
      if (frontier - this.settings.windowMs <= this.threshold) this.updateThreshold();
    } else if (time === frontier) {
      // Nothing moved (logs have many lines per second): the threshold stands.
    } else if (time < frontier - this.settings.windowMs || time < this.lastJudged) {
      this.late(file.name, line, time, Math.max(frontier, this.lastJudged) - time);
    }
    const sieved = this.sieved;
    if (sieved !== undefined && time >= this.threshold && sieved.add(time, this.threshold) > this.settings.maxWaiting) this.exact = false;
  }

  /** A request to judge in time order; a returned promise pauses the reader. */
  enqueue(file: FileFrontier, request: LogRequest, line: number): void | Promise<void> {
    this.arrived(file, line, request.time);
    // Sieved, a request that goes at once may pass one that waits here but went already in
    // a full reading (there, requests left out by the sieve release what is past): see `sieve`.
    if (this.sieved !== undefined && request.time < this.threshold && (this.waiting.peek()?.request.time ?? Infinity) < this.threshold) this.exact = false;
    this.waiting.push({ request, file: file.name, line, seq: this.seq++ });
    return this.release();
  }

  /**
   * From now on only some requests are enqueued, the others only `arrived` (a sieved scan),
   * and `exact` tells whether the enqueued ones were still judged in the order a reading that
   * enqueued every request would have judged them. It is, unless (1) an enqueued request
   * arrived behind the threshold while another waited behind it (the full reading may have let
   * that one go earlier, at a request the sieve left out), or (2) the requests at or past the
   * threshold, all of them, could have been more than `maxWaiting` (the full reading may have
   * judged some early). Otherwise both judge the enqueued ones in `comesBefore` order.
   */
  sieve(): void {
    this.sieved = new WindowTimes();
  }

  /** See `sieve`. */
  exact = true;
  private sieved: WindowTimes | undefined;

  /** The file is read to its end: what waited for it may go. */
  close(file: FileFrontier): void | Promise<void> {
    file.open = false;
    this.updateThreshold();
    return this.release();
  }

  /** Requests still waiting. */
  get size(): number {
    return this.waiting.size;
  }

  private updateThreshold(): void {
    let min = Infinity;
    for (const f of this.files) if (f.open && f.frontier < min) min = f.frontier;
    this.threshold = min - this.settings.windowMs;
  }

  /** Judges what may go: what every open file has read past, and the earliest beyond the bound. */
  private release(): void | Promise<void> {
    const waiting = this.waiting;
    for (;;) {
      const next = waiting.peek();
      if (next === undefined) return;
      if (next.request.time >= this.threshold && waiting.size <= this.settings.maxWaiting) return;
      waiting.pop();
      if (next.request.time > this.lastJudged) this.lastJudged = next.request.time;
      const pending = this.judge(next);
      if (pending !== undefined) return pending.then(() => this.release());
    }
  }
}
