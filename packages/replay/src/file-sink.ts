/**
 * What one log file's reader hands on, downstream only: its counts go to the file's row of
 * the summary, its requests to the reorder window (`TimeOrder`), except those only counted
 * (`Identities.onlyCounted`), whose place in time changes nothing and which go straight to
 * the outlet.
 */

import { clfRequest } from './log-formats';
import type { LogLineSink } from './log-lines';
import type { Identities } from './identities';
import type { Outlet } from './outlet';
import type { FileRow } from './summary-builder';
import type { FileFrontier, TimeOrder } from './time-order';

/** Where a file's reader hands things on. */
export interface FileSinkTarget {
  readonly order: TimeOrder;
  readonly identities: Identities;
  readonly outlet: Outlet;
}

export function fileSink(name: string, row: FileRow, frontier: FileFrontier, target: FileSinkTarget): LogLineSink {
  const { order, identities, outlet } = target;
  const builder = outlet.summary;
  return {
    formatChosen: (format, source) => {
      row.format = format;
      row.formatSource = source;
    },
    linesRead: (count) => {
      row.lines += count;
      builder.lines(count);
    },
    skipped: () => {
      row.skipped++;
      builder.skipped();
    },
    request: (req, line) => {
      row.requests++;
      const client = identities.onlyCounted(req.userAgent);
      if (client !== undefined) {
        order.arrived(frontier, line, req.time);
        return outlet.count(req.time, client);
      }
      return order.enqueue(frontier, req, line);
    },
    requestAt: (text, fields, line) => {
      row.requests++;
      const client = identities.onlyCounted(fields.userAgent);
      if (client !== undefined) {
        // Only counted: its time matters to the window, its place in time to nothing.
        order.arrived(frontier, line, fields.time);
        return outlet.count(fields.time, client);
      }
      return order.enqueue(frontier, clfRequest(text, fields), line);
    },
    counted: (time, line) => {
      // Left out by a sieve (a scan): it changes nothing but the counts and the window.
      row.requests++;
      order.arrived(frontier, line, time);
      builder.countedAt(time);
    },
    parseFailure: (line, text, reason) => {
      row.parseFailures++;
      builder.failure(name, line, text, reason);
    },
  };
}
