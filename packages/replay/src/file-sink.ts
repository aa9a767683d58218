/**
 * What one log file's reader tells the replay session: its counts go to the file's row of the
 * summary, its requests to the reorder window (`TimeOrder`), except those only counted, whose
 * place in time changes nothing and which are counted at once.
 */

import { clfRequest } from './log-formats';
import type { LogLineReader, LogLineSink } from './log-lines';
import type { ClientKind } from './record';
import type { FileRow, SummaryBuilder } from './summary-builder';
import type { FileFrontier, TimeOrder } from './time-order';

/** A log file open in a session: its reader and where its reading stands in time. */
export interface OpenLog {
  readonly frontier: FileFrontier;
  reader: LogLineReader;
  lines: number;
}

/** The session's side of a file's sink. */
export interface FileSinkTarget {
  readonly builder: SummaryBuilder;
  readonly order: TimeOrder;
  /** The client of a request that is only counted (see `AuditSession.judge`), else undefined. */
  onlyCounted(userAgent: string): ClientKind | undefined;
  countOnly(time: number, client: ClientKind): void;
}

export function fileSink(name: string, row: FileRow, log: OpenLog, target: FileSinkTarget): LogLineSink {
  const { builder, order } = target;
  const frontier = log.frontier;
  return {
    formatChosen: (format, source) => {
      row.format = format;
      row.formatSource = source;
    },
    linesRead: (count) => {
      log.lines += count;
      row.lines += count;
      builder.lines(count);
    },
    skipped: () => {
      row.skipped++;
      builder.skipped();
    },
    request: (req, line) => {
      row.requests++;
      const client = target.onlyCounted(req.userAgent);
      if (client !== undefined) {
        order.arrived(frontier, line, req.time);
        return target.countOnly(req.time, client);
      }
      return order.enqueue(frontier, req, line);
    },
    requestAt: (text, fields, line) => {
      row.requests++;
      const client = target.onlyCounted(fields.userAgent);
      if (client !== undefined) {
        // Only counted: its time matters to the window, its place in time to nothing.
        order.arrived(frontier, line, fields.time);
        return target.countOnly(fields.time, client);
      }
      return order.enqueue(frontier, clfRequest(text, fields), line);
    },
    parseFailure: (line, text, reason) => {
      row.parseFailures++;
      builder.failure(name, line, text, reason);
    },
  };
}
