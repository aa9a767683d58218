/**
 * `robotsLens/replay` in a web worker: the same core replay as on the desktop, fed with the
 * log's text that the client reads through VS Code's file system and hands over piece by
 * piece (`robotsLens/readLog`). Progress and cancellation work as on the desktop. A browser
 * has no reverse DNS: claimed crawlers are verified by the IP lists the client finds in the
 * workspace or the extension's storage (`robotsLens/readIpLists`) only, and the result says so.
 */

import type { CancellationToken } from 'vscode-languageserver';
import { replayLogs } from '../core';
import type { AuditRecord, LogInput, RobotsVersion } from '../core';
import type { ParsedDocument } from '../documents';
import type { ReplayDeps } from '../features/replay-request';
import type { ReadIpListsResult, ReadLogParams, ReadLogResult, ReplayParams, ReplayResult } from '../protocol';
import { webIpLists } from './ip-lists';

const DEFAULT_MAX_RECORDS = 100_000;
/** Lines between two progress notifications, as on the desktop. */
const PROGRESS_EVERY = 20_000;

export const NO_DNS_IN_BROWSER =
  'Reverse DNS verification is not available in the browser: requests that claim to be a crawler are verified only by crawler IP lists ' +
  '(the operators\' files, such as googlebot.json, in the workspace\'s .robots-lens/ip-lists/ folder). ' +
  'To verify by DNS too, replay with robots-lens replay --verify-dns.';

export type ReadLog = (params: ReadLogParams, token: CancellationToken) => Promise<ReadLogResult>;
export type ReadIpLists = (token: CancellationToken) => Promise<ReadIpListsResult>;

export async function webReplay(readLog: ReadLog, readIpLists: ReadIpLists, parsed: ParsedDocument, params: ReplayParams, token: CancellationToken, deps: ReplayDeps): Promise<ReplayResult> {
  const logFiles = Array.isArray(params?.logFiles) ? params.logFiles.filter((f): f is string => typeof f === 'string' && f !== '') : [];
  if (logFiles.length === 0) throw new Error('"logFiles" must be a non-empty list of file paths.');
  const maxRecords = typeof params.maxRecords === 'number' && params.maxRecords >= 0 ? Math.floor(params.maxRecords) : DEFAULT_MAX_RECORDS;
  const graceHours = typeof params.graceHours === 'number' && params.graceHours >= 0 ? params.graceHours : undefined;
  const ranges = webIpLists(await readIpLists(token));
  const warnings = [NO_DNS_IN_BROWSER, ...ranges.warnings];
  const version: RobotsVersion = { label: labelOf(parsed.uri), effective: null, source: parsed.uri, file: parsed.file };
  const records: AuditRecord[] = [];
  let truncated = false;
  const counts = new Map<number, number>();
  const abort = new AbortController();
  const listener = token.onCancellationRequested(() => abort.abort());
  try {
    const summary = await replayLogs(
      logFiles.map((file) => logInput(readLog, file, token)),
      {
        versions: [version],
        ranges: ranges.lists,
        ...(deps.origin !== undefined ? { origin: deps.origin } : {}),
        ...(graceHours !== undefined ? { graceMs: graceHours * 3_600_000 } : {}),
        crawlDelay: params.crawlDelay === true ? 'verified' : false,
      },
      {
        signal: abort.signal,
        progressEvery: PROGRESS_EVERY,
        now: () => performance.now(),
        onProgress: (p) => deps.progress({ uri: parsed.uri, file: p.file, lines: p.lines, requests: p.requests, bytesRead: p.bytesRead, bytesTotal: p.bytesTotal }),
        onRecord: (record) => {
          if (record.line !== null) counts.set(record.line - 1, (counts.get(record.line - 1) ?? 0) + 1);
          if (records.length < maxRecords) records.push(record);
          else truncated = true;
        },
      },
    );
    const ruleCounts = [...counts].sort((a, b) => a[0] - b[0]).map(([line, requests]) => ({ line, requests }));
    if (!summary.cancelled) deps.setCounts(parsed, ruleCounts);
    return { summary, records, truncated, ruleCounts, version: parsed.version, ranges: ranges.source, warnings };
  } finally {
    listener.dispose();
  }
}

/** A log as the core reads it: pieces asked of the client one at a time, as the replay needs them. */
function logInput(readLog: ReadLog, file: string, token: CancellationToken): LogInput {
  const read = { bytes: 0, total: null as number | null };
  return {
    name: file,
    chunks: {
      async *[Symbol.asyncIterator]() {
        for (let index = 0; ; index++) {
          const piece = await readLog({ file, index }, token);
          read.bytes = piece.bytesRead;
          read.total = piece.bytesTotal;
          if (piece.text === null) return;
          yield piece.text;
        }
      },
    },
    progress: () => ({ bytesRead: read.bytes, bytesTotal: read.total }),
  };
}

function labelOf(uri: string): string {
  const slash = uri.lastIndexOf('/');
  try {
    return decodeURIComponent(uri.slice(slash + 1)) || uri;
  } catch {
    return uri;
  }
}
