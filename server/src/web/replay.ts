/**
 * `robotsLens/replay` in a web worker: the same core replay as on the desktop, fed with the
 * log's text that the client reads through VS Code's file system and hands over piece by
 * piece (`robotsLens/readLog`). Progress and cancellation work as on the desktop. A browser
 * has no reverse DNS: claimed crawlers are verified by the IP lists the client finds in the
 * workspace or the extension's storage (`robotsLens/readIpLists`) only, and the result says so.
 */

import type { CancellationToken } from 'vscode-languageserver';
import { replayLogs } from '@robots-lens/replay';
import type { LogInput } from '@robots-lens/replay';
import type { ParsedDocument } from '../documents';
import { checkReplayParams, replayedVersion, ReplayRecords } from '../features/replay-common';
import type { ReplayDeps } from '../features/replay-request';
import type { ReadIpListsResult, ReadLogParams, ReadLogResult, ReplayParams, ReplayResult } from '../protocol';
import { auditSummaryDto } from '../features/wire/replay-summary';
import { webIpLists } from './ip-lists';

/** Lines between two progress notifications, as on the desktop. */
const PROGRESS_EVERY = 20_000;

export const NO_DNS_IN_BROWSER =
  'Reverse DNS verification is not available in the browser: requests that claim to be a crawler are verified only by crawler IP lists ' +
  '(the operators\' files, such as googlebot.json, in the workspace\'s .robots-lens/ip-lists/ folder). ' +
  'To verify by DNS too, replay with robots-lens replay --verify-dns.';

export type ReadLog = (params: ReadLogParams, token: CancellationToken) => Promise<ReadLogResult>;
export type ReadIpLists = (token: CancellationToken) => Promise<ReadIpListsResult>;

export async function webReplay(readLog: ReadLog, readIpLists: ReadIpLists, parsed: ParsedDocument, params: ReplayParams, token: CancellationToken, deps: ReplayDeps): Promise<ReplayResult> {
  const { logFiles, maxRecords, options } = checkReplayParams(params);
  const ranges = webIpLists(await readIpLists(token));
  const warnings = [NO_DNS_IN_BROWSER, ...ranges.warnings];
  const version = replayedVersion(parsed);
  const kept = new ReplayRecords(maxRecords);
  const abort = new AbortController();
  const listener = token.onCancellationRequested(() => abort.abort());
  try {
    const summary = await replayLogs(
      logFiles.map((file) => logInput(readLog, file, token)),
      {
        versions: [version],
        ranges: ranges.lists,
        ...(deps.origin !== undefined ? { origin: deps.origin } : {}),
        ...options,
      },
      {
        signal: abort.signal,
        progressEvery: PROGRESS_EVERY,
        now: () => performance.now(),
        onProgress: (p) => deps.progress({ uri: parsed.uri, file: p.file, lines: p.lines, requests: p.requests, bytesRead: p.bytesRead, bytesTotal: p.bytesTotal }),
        onRecord: kept.add,
      },
    );
    const ruleCounts = kept.ruleCounts();
    if (!summary.cancelled) deps.setCounts(parsed, ruleCounts);
    return { summary: auditSummaryDto(summary), records: kept.records, truncated: kept.truncated, ruleCounts, version: parsed.version, ranges: ranges.source, warnings };
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
