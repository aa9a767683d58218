/**
 * What both replays of `robotsLens/replay` share, the desktop's (logs streamed from disk) and
 * the web worker's (logs asked of the client): the params, checked once, so bad values are
 * answered as InvalidParams naming the field the same way on both; the version replayed; and
 * the records kept. No Node here: the web bundle reaches this file.
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { AuditRecord, ReplayOptions, RobotsVersion } from '@robots-lens/replay';
import type { ParsedDocument } from '../documents';
import type { AuditRecordDto, ReplayCount, ReplayParams } from '../protocol';
import { auditRecordDto } from './wire/replay';

export const DEFAULT_MAX_RECORDS = 100_000;
/** The longest cache grace: crawlers refetch robots.txt within a day; a year is past any use (and 1e308 hours is no time at all). */
const MAX_GRACE_HOURS = 8760;

/** The longest reorder window: more would only hold more requests in memory. */
const MAX_REORDER_WINDOW_MINUTES = 7 * 24 * 60;

export interface CheckedReplayParams {
  /** Non-empty strings, at least one; whether they must be absolute paths is the caller's to say. */
  readonly logFiles: readonly string[];
  readonly maxRecords: number;
  /** The replay options the params set (grace, reorder window, Crawl-delay). */
  readonly options: Pick<ReplayOptions, 'graceMs' | 'reorderWindowMs' | 'crawlDelay'>;
}

export function checkReplayParams(params: ReplayParams): CheckedReplayParams {
  const logFiles = checkedLogFiles(params?.logFiles);
  const graceHours = optionalNumber(params.graceHours, 'graceHours');
  if (graceHours !== undefined && graceHours > MAX_GRACE_HOURS) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"graceHours" must be at most ${MAX_GRACE_HOURS} (a year).`);
  }
  const reorderWindowMinutes = optionalNumber(params.reorderWindowMinutes, 'reorderWindowMinutes');
  if (reorderWindowMinutes !== undefined && reorderWindowMinutes > MAX_REORDER_WINDOW_MINUTES) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"reorderWindowMinutes" must be at most ${MAX_REORDER_WINDOW_MINUTES} (7 days).`);
  }
  const maxRecords = Math.floor(optionalNumber(params.maxRecords, 'maxRecords') ?? DEFAULT_MAX_RECORDS);
  return {
    logFiles,
    maxRecords,
    options: {
      ...(graceHours !== undefined ? { graceMs: graceHours * 3_600_000 } : {}),
      ...(reorderWindowMinutes !== undefined ? { reorderWindowMs: reorderWindowMinutes * 60_000 } : {}),
      crawlDelay: params.crawlDelay === true ? 'verified' : false,
    },
  };
}

/** The document's current buffer as the replay's single version, in effect all along. */
export function replayedVersion(parsed: ParsedDocument): RobotsVersion {
  return { label: labelOf(parsed.uri), effective: null, source: parsed.uri, file: parsed.file };
}

/**
 * The records a replay returns (the first `maxRecords`, kept in their wire shape, so the
 * core's objects are not held after the replay) and the requests decided per rule line, for hover.
 */
export class ReplayRecords {
  readonly records: AuditRecordDto[] = [];
  truncated = false;
  private readonly counts = new Map<number, number>();

  constructor(private readonly maxRecords: number) {}

  readonly add = (record: AuditRecord): void => {
    if (record.line !== null) this.counts.set(record.line - 1, (this.counts.get(record.line - 1) ?? 0) + 1);
    if (this.records.length < this.maxRecords) this.records.push(auditRecordDto(record));
    else this.truncated = true;
  };

  /** Requests decided per rule line (0-based), in line order. */
  ruleCounts(): ReplayCount[] {
    return [...this.counts].sort((a, b) => a[0] - b[0]).map(([line, requests]) => ({ line, requests }));
  }
}

function checkedLogFiles(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((p): p is string => typeof p === 'string' && p !== '')) {
    throw new ResponseError(ErrorCodes.InvalidParams, '"logFiles" must be a non-empty list of file paths.');
  }
  return value;
}

function optionalNumber(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must be a number of at least 0.`);
  }
  return value;
}

function labelOf(uri: string): string {
  const slash = uri.lastIndexOf('/');
  try {
    return decodeURIComponent(uri.slice(slash + 1)) || uri;
  } catch {
    return uri;
  }
}
