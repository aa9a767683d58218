/**
 * The end of the replay's one way: a judged request is counted by the summary and then, when
 * someone wants records, its record goes to the record consumer (JSON lines, CSV, a panel).
 * Nothing here looks back up the stream.
 */

import type { JudgedRequest } from './judged-request';
import type { AuditRecord, ClientKind } from './record';
import type { SummaryBuilder } from './summary-builder';
import type { Writable } from './writable';

export type RecordConsumer = (record: AuditRecord) => void | Promise<void>;

export class Outlet {
  /** The one `JudgedRequest` of requests only counted, refilled for each: most lines of most logs are such, and the summary keeps nothing of it. */
  private readonly onlyCounted: Writable<JudgedRequest> = { timeMs: 0, client: 'browser', crawler: undefined, record: null, robotsFetch: null, crawlDelayCheck: null, beforeFirstVersion: false };

  constructor(
    readonly summary: SummaryBuilder,
    readonly onRecord: RecordConsumer | undefined,
  ) {}

  /** A request that is only counted: no record, no verdict. */
  count(time: number, client: ClientKind): void {
    const request = this.onlyCounted;
    request.timeMs = time;
    request.client = client;
    this.summary.add(request);
  }

  /** The summary counts the request, then whoever wants records gets its record (a promise pauses the replay). */
  judged(request: JudgedRequest & { readonly record: AuditRecord }): void | Promise<void> {
    this.summary.add(request);
    return this.onRecord === undefined ? undefined : this.onRecord(request.record);
  }
}
