/**
 * Parsed log lines as compact batches, for a replay whose reading and parsing run on another
 * thread. Structured-cloning a request object per line, or looking its strings up in tables,
 * costs about what parsing does, and so does cloning whole chunks of text; so a batch is
 * mostly numbers, and carries only the text the judging will read:
 *
 * - time, line and status as float64s;
 * - the method and the User-Agent as slots of a small string table that both sides keep in
 *   step (direct-mapped, so bounded): parsers hand out one shared string per User-Agent, so
 *   a repeated value costs a pointer comparison and crosses once;
 * - address, target, host and X-Robots-Tag as ranges of one string per batch (`packed`): for
 *   a combined/common line that is the single stretch of the line from the address to the
 *   end of the target, cut once;
 * - nothing more for requests that the replay only counts (browsers and requests without a
 *   User-Agent, when no records are wanted): time and User-Agent are all it reads of them.
 *
 * `RequestBatchWriter` is the `LogLineSink` of the reading side; `RequestBatchReader` replays
 * a batch into a sink (the replay) on the judging side, with the calls — same order, same
 * values — that a `LogLineReader` would have made there.
 */

import { identifyClient } from './client';
import type { ClfFields, LogFormat, LogRequest } from './log-formats';
import { clfTarget, ownString } from './log-formats';
import type { CancelSignal, LogLineSink } from './log-lines';

/** Float64s per request in `RequestBatch.numbers`: time, line, status. */
const NUMBERS = 3;
/**
 * Int32s per request in `RequestBatch.slots`: kind; start and end in `packed` of the ip, url,
 * host and X-Robots-Tag (-1 when absent); method slot; User-Agent slot.
 */
const SLOTS = 11;
/** Kinds: a request with all its fields, or one that the replay only counts. */
const FULL = 0;
const COUNTED = 1;
const ABSENT = -1;
/** Table sizes (log2) for methods and User-Agents. */
const METHOD_BITS = 6;
const USER_AGENT_BITS = 12;
/** Parse-failure texts are cut here: the summary keeps 300 characters and marks longer ones. */
const FAILURE_TEXT_CHARS = 301;
/**
 * Characters a batch may hold (packed values, new table strings, failure texts) before it is
 * sent, whatever its number of requests: lines may be a megabyte long, and the batches in
 * flight must stay a few megabytes.
 */
export const MAX_BATCH_CHARS = 4 << 20;

export interface ParseFailureEntry {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

/** The typed arrays of a batch; they travel between threads and are reused. */
export interface BatchBuffers {
  readonly numbers: Float64Array<ArrayBuffer>;
  readonly slots: Int32Array<ArrayBuffer>;
}

/** Requests and failures of consecutive lines of one file. */
export interface RequestBatch extends BatchBuffers {
  /** Requests held (the arrays may be longer). */
  readonly count: number;
  /** The requests' strings, by the ranges in `slots`. */
  readonly packed: string;
  /** Table strings new in this batch, in the order their slots (-2 - slot) appear. */
  readonly strings: readonly string[];
  /** Lines that are not requests, in line order. */
  readonly failures: readonly ParseFailureEntry[];
  /** The file's format, when it was chosen while this batch filled. */
  readonly format: { readonly format: LogFormat; readonly source: string } | null;
  /** Lines of the file read up to the end of this batch. */
  readonly lines: number;
}

export interface RequestBatchOptions {
  /**
   * The replay builds a record for every request (someone consumes records), so requests it
   * would otherwise only count need all their fields too.
   */
  readonly recordsWanted: boolean;
}

/** Room for `capacity` requests. */
export function batchBuffers(capacity: number): BatchBuffers {
  return { numbers: new Float64Array(capacity * NUMBERS), slots: new Int32Array(capacity * SLOTS) };
}

function capacityOf(buffers: BatchBuffers): number {
  return Math.min(buffers.numbers.length / NUMBERS, buffers.slots.length / SLOTS);
}

/**
 * The writer's side of a tabled field: a direct-mapped table (a slot holds the value last
 * sent for it), so it is bounded and the reader keeps an identical copy without any signal.
 * The slot is `StringInterner`'s fingerprint (length and four characters).
 */
class FieldSlots {
  private readonly table: (string | undefined)[];
  private readonly mask: number;

  constructor(bits: number) {
    this.table = new Array<string | undefined>(1 << bits).fill(undefined);
    this.mask = (1 << bits) - 1;
  }

  /** The slot of `value`; -2 - slot, with `value` added to `added`, when the reader lacks it. */
  slot(value: string, added: string[]): number {
    const len = value.length;
    let h = Math.imul(len, 0x9e3779b1);
    h = Math.imul(h ^ value.charCodeAt(len - 1), 0x85ebca6b);
    h = Math.imul(h ^ value.charCodeAt(len >> 1), 0xc2b2ae35);
    h = Math.imul(h ^ value.charCodeAt(len >> 2), 0x27d4eb2f);
    h = Math.imul(h ^ value.charCodeAt(len - 1 - (len >> 3)), 0x165667b1);
    return this.slotAt((h ^ (h >>> 15)) & this.mask, value, added);
  }

  /**
   * `slot` with the slot chosen by the caller (a parser that keeps the value in a table of its
   * own already knows one): any choice works, as the reader stores values where it is told.
   */
  slotAt(slot: number, value: string, added: string[]): number {
    const i = slot & this.mask;
    if (this.table[i] === value) return i;
    // Values may be views into a big chunk of text: the table must not keep the chunk alive.
    const own = ownString(value);
    this.table[i] = own;
    added.push(own);
    return -2 - i;
  }
}

/**
 * Collects a file's parsed lines into batches. When a batch is full, `full` is called (and
 * waited for, through the reader): it should `take` the batch and send it.
 */
export class RequestBatchWriter implements LogLineSink {
  private readonly methods = new FieldSlots(METHOD_BITS);
  private readonly userAgents = new FieldSlots(USER_AGENT_BITS);
  /** Per User-Agent slot: 1 when the replay only counts that client's requests. */
  private readonly countedOnly = new Uint8Array(1 << USER_AGENT_BITS);
  private readonly recordsWanted: boolean;
  private buffers: BatchBuffers;
  private capacity: number;
  private count = 0;
  private parts: string[] = [];
  private packedLength = 0;
  private strings: string[] = [];
  private failures: ParseFailureEntry[] = [];
  private format: RequestBatch['format'] = null;
  private fileLines = 0;
  /** Characters of the current batch's strings besides `packed`. */
  private otherChars = 0;

  constructor(
    buffers: BatchBuffers,
    private readonly full: () => void | Promise<void>,
    options: RequestBatchOptions,
  ) {
    this.buffers = buffers;
    this.capacity = capacityOf(buffers);
    this.recordsWanted = options.recordsWanted;
  }

  /** Requests and failures in the current batch. */
  get pending(): number {
    return this.count + this.failures.length;
  }

  /** The next file starts (string tables carry over: the reader keeps its own in step). */
  beginFile(): void {
    this.fileLines = 0;
  }

  /** The batch so far; the writer goes on with `next` (buffers it may fill from scratch). */
  take(next: BatchBuffers): RequestBatch {
    const batch: RequestBatch = {
      count: this.count,
      numbers: this.buffers.numbers,
      slots: this.buffers.slots,
      packed: this.parts.join(''),
      strings: this.strings,
      failures: this.failures,
      format: this.format,
      lines: this.fileLines,
    };
    this.buffers = next;
    this.capacity = capacityOf(next);
    this.count = 0;
    this.parts = [];
    this.packedLength = 0;
    this.strings = [];
    this.failures = [];
    this.format = null;
    this.otherChars = 0;
    return batch;
  }

  formatChosen(format: LogFormat, source: string): void {
    this.format = { format, source };
  }

  linesRead(count: number): void {
    this.fileLines += count;
  }

  requestAt(text: string, fields: Readonly<ClfFields>, line: number): void | Promise<void> {
    const ua = fields.userAgentSlot < 0 ? this.userAgents.slot(fields.userAgent, this.strings) : this.userAgents.slotAt(fields.userAgentSlot, fields.userAgent, this.strings);
    const s = this.begin(fields.time, line, fields.status, ua, fields.userAgent);
    const slots = this.buffers.slots;
    if (slots[s] === FULL && hasBackslash(text, fields.urlStart, fields.urlEnd)) {
      // An escaped target is sent unescaped, as `parse` would return it.
      this.range(s + 1, text.slice(fields.ipStart, fields.ipEnd));
      this.range(s + 3, clfTarget(text, fields));
      slots[s + 5] = ABSENT;
      slots[s + 6] = ABSENT;
      slots[s + 7] = ABSENT;
      slots[s + 8] = ABSENT;
      slots[s + 9] = this.tabled(this.methods.slot(fields.method, this.strings), fields.method);
    } else if (slots[s] === FULL) {
      // The address comes before the target on the line: one cut holds both.
      const at = this.packedLength - fields.ipStart;
      this.pack(text.slice(fields.ipStart, fields.urlEnd));
      slots[s + 1] = at + fields.ipStart;
      slots[s + 2] = at + fields.ipEnd;
      slots[s + 3] = at + fields.urlStart;
      slots[s + 4] = at + fields.urlEnd;
      slots[s + 5] = ABSENT;
      slots[s + 6] = ABSENT;
      slots[s + 7] = ABSENT;
      slots[s + 8] = ABSENT;
      slots[s + 9] = this.tabled(this.methods.slot(fields.method, this.strings), fields.method);
    }
    return this.end();
  }

  request(request: LogRequest, line: number): void | Promise<void> {
    const s = this.begin(request.time, line, request.status, this.userAgents.slot(request.userAgent, this.strings), request.userAgent);
    const slots = this.buffers.slots;
    if (slots[s] === FULL) {
      this.range(s + 1, request.ip);
      this.range(s + 3, request.url);
      this.range(s + 5, request.host ?? undefined);
      this.range(s + 7, request.xRobotsTag);
      slots[s + 9] = this.tabled(this.methods.slot(request.method, this.strings), request.method);
    }
    return this.end();
  }

  parseFailure(line: number, text: string, reason: string): void | Promise<void> {
    const kept = text.length > FAILURE_TEXT_CHARS ? text.slice(0, FAILURE_TEXT_CHARS) : ownString(text);
    this.failures.push({ line, text: kept, reason });
    this.otherChars += kept.length + reason.length;
    return this.end();
  }

  /** Writes what every request has (`ua`: the User-Agent's slot as written); the index of its slots, the kind set. */
  private begin(time: number, line: number, status: number | null, ua: number, userAgent: string): number {
    const n = this.count * NUMBERS;
    const numbers = this.buffers.numbers;
    numbers[n] = time;
    numbers[n + 1] = line;
    numbers[n + 2] = status === null ? NaN : status;
    const s = this.count * SLOTS;
    const slots = this.buffers.slots;
    slots[s + 10] = this.tabled(ua, userAgent);
    slots[s] = !this.recordsWanted && this.counted(ua, userAgent) ? COUNTED : FULL;
    this.count++;
    return s;
  }

  /** A slot as written, counting the characters of a value sent anew. */
  private tabled(slot: number, value: string): number {
    if (slot < 0) this.otherChars += value.length;
    return slot;
  }

  private end(): void | Promise<void> {
    const full = this.pending >= this.capacity || this.packedLength + this.otherChars >= MAX_BATCH_CHARS;
    return full ? this.full() : undefined;
  }

  /** Whether the replay only counts requests with this User-Agent (`ua`: its slot as written). */
  private counted(ua: number, userAgent: string): boolean {
    if (ua >= 0) return this.countedOnly[ua] === 1;
    // New in its slot (first seen, or taking the slot over): classify it.
    const counted = identifyClient(userAgent).resolved === undefined;
    this.countedOnly[-2 - ua] = counted ? 1 : 0;
    return counted;
  }

  /** `value` as a range of the packed text at `slots[at]`, `slots[at + 1]`. */
  private range(at: number, value: string | undefined): void {
    const slots = this.buffers.slots;
    if (value === undefined) {
      slots[at] = ABSENT;
      slots[at + 1] = ABSENT;
      return;
    }
    slots[at] = this.packedLength;
    this.pack(value);
    slots[at + 1] = this.packedLength;
  }

  private pack(value: string): void {
    this.parts.push(value);
    this.packedLength += value.length;
  }
}

/**
 * Replays batches into a sink, keeping its string tables in step with the writer's. One
 * reader per writer; batches must come in the order they were taken.
 */
export class RequestBatchReader {
  private readonly methods: string[] = [];
  private readonly userAgents: string[] = [];
  private counted = 0;
  private halted = false;
  // Where the current batch stands, so a replay paused by the sink resumes in place.
  private next = 0;
  private nextFailure = 0;
  private nextString = 0;

  constructor(private readonly signal?: CancelSignal) {}

  /** True once the signal was seen aborted. */
  get stopped(): boolean {
    return this.halted;
  }

  /** The next batch starts a new file. */
  beginFile(): void {
    this.counted = 0;
  }

  /** Feeds the batch's lines to the sink; returns a promise only when the sink made it wait. */
  replay(batch: RequestBatch, sink: LogLineSink): void | Promise<void> {
    this.next = 0;
    this.nextFailure = 0;
    this.nextString = 0;
    if (batch.format !== null) sink.formatChosen(batch.format.format, batch.format.source);
    return this.run(batch, sink);
  }

  private run(batch: RequestBatch, sink: LogLineSink): void | Promise<void> {
    const { numbers, count } = batch;
    let checked = 0;
    while (this.next < count) {
      if (++checked === 4096) {
        checked = 0;
        if (this.signal?.aborted) {
          this.halted = true;
          return;
        }
      }
      const k = this.next++;
      const line = numbers[k * NUMBERS + 1]!;
      this.failuresBefore(batch, sink, line);
      const request = this.request(batch, k);
      this.count(sink, line);
      const pending = sink.request(request, line);
      if (pending !== undefined) {
        return pending.then(() => {
          if (this.signal?.aborted) {
            this.halted = true;
            return;
          }
          return this.run(batch, sink);
        });
      }
    }
    this.failuresBefore(batch, sink, Infinity);
    this.count(sink, batch.lines);
  }

  /** Request `k` of the batch, with the strings its parser made (a counted one: time and User-Agent). */
  private request(batch: RequestBatch, k: number): LogRequest {
    const { numbers, slots, packed } = batch;
    const n = k * NUMBERS;
    const s = k * SLOTS;
    const time = numbers[n]!;
    const status = numbers[n + 2]!;
    const userAgent = this.tabled(batch, this.userAgents, slots[s + 10]!);
    if (slots[s] === COUNTED) return { time, ip: '', method: '', url: '', status: null, userAgent, host: null };
    const hostStart = slots[s + 5]!;
    const tagStart = slots[s + 7]!;
    const base = {
      time,
      // The address and url may stay views (the replay copies them before keeping them);
      // the host and header are copies, as the parsers make.
      ip: packed.slice(slots[s + 1]!, slots[s + 2]!),
      method: this.tabled(batch, this.methods, slots[s + 9]!),
      url: packed.slice(slots[s + 3]!, slots[s + 4]!),
      status: Number.isNaN(status) ? null : status,
      userAgent,
      host: hostStart === ABSENT ? null : ownString(packed.slice(hostStart, slots[s + 6]!)),
    };
    // The parsers add the header field only when the log has it; so does the copy.
    return tagStart === ABSENT ? base : { ...base, xRobotsTag: ownString(packed.slice(tagStart, slots[s + 8]!)) };
  }

  /** The failures of lines before `line` (the judging side's sink never makes them wait). */
  private failuresBefore(batch: RequestBatch, sink: LogLineSink, line: number): void {
    const failures = batch.failures;
    while (this.nextFailure < failures.length && failures[this.nextFailure]!.line < line) {
      const f = failures[this.nextFailure++]!;
      this.count(sink, f.line);
      void sink.parseFailure(f.line, f.text, f.reason);
    }
  }

  /** Lines up to `line` have been read. */
  private count(sink: LogLineSink, line: number): void {
    if (line > this.counted) {
      sink.linesRead(line - this.counted);
      this.counted = line;
    }
  }

  private tabled(batch: RequestBatch, table: string[], value: number): string {
    if (value >= 0) return table[value]!;
    const s = batch.strings[this.nextString++]!;
    table[-2 - value] = s;
    return s;
  }
}

/** A `\` in text[start, end): a bounded scan (an `indexOf` could run on through the whole chunk). */
function hasBackslash(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 0x5c) return true;
  return false;
}
