/**
 * `robotsLens/replay`: the access-log audit for the editor, run in the server against the
 * current (possibly unsaved) buffer as the single robots.txt version. Logs are streamed from
 * disk (`replayLogFiles`), progress goes out as `robotsLens/replayProgress`, the LSP
 * cancellation token stops the replay between chunks, and the records returned are capped.
 * The per-rule counts are kept for hover, as if the client had sent `robotsLens/replayCounts`.
 */

import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import { plural } from '@robots-lens/kernel/words';
import type { IpRangeList } from '@robots-lens/replay/identity';
import type { ParsedDocument } from '../documents';
import { InputError } from '../node/files';
import { replayLogFiles } from '../node/log-reader';
import { distinctFiles, repeatSentence } from '../node/same-files';
import { defaultRangesDir, loadRangeLists } from '../node/ranges';
import type { ReplayCount, ReplayParams, ReplayProgressParams, ReplayResult } from '../protocol';
import { checkReplayParams, replayedVersion, ReplayRecords } from './replay-common';
import { auditSummaryDto } from './wire/replay-summary';

/** Lines between two progress notifications. */
const PROGRESS_EVERY = 20_000;

export interface ReplayDeps {
  readonly progress: (params: ReplayProgressParams) => void;
  /** Keeps the counts for hover, tied to the version replayed. */
  readonly setCounts: (parsed: ParsedDocument, counts: readonly ReplayCount[]) => void;
  /** The origin of a fetched document, when known. */
  readonly origin?: string;
  /** Folder of IP range lists; default `defaultRangesDir()` when it exists. */
  readonly rangesDir?: string;
}

export async function replayRequest(parsed: ParsedDocument, params: ReplayParams, token: CancellationToken, deps: ReplayDeps): Promise<ReplayResult> {
  const { logFiles: named, maxRecords, options } = checkReplayParams(params);
  const relative = named.find((p) => !isAbsolute(p));
  if (relative !== undefined) throw new ResponseError(ErrorCodes.InvalidParams, `Log file paths must be absolute: ${relative}`);
  // The same log twice (or through a link) is read once, and the warnings say so.
  const { files: logFiles, repeats } = distinctFiles(named);
  const warnings: string[] = repeats.map(repeatSentence);
  const ranges = await loadRanges(deps.rangesDir, warnings);

  const version = replayedVersion(parsed);
  const kept = new ReplayRecords(maxRecords);
  const abort = new AbortController();
  const listener = token.onCancellationRequested(() => abort.abort());
  let summary;
  try {
    summary = await replayLogFiles(
      logFiles,
      {
        versions: [version],
        ranges: ranges.lists,
        ...(deps.origin !== undefined ? { origin: deps.origin } : {}),
        ...options,
        onWarning: (message) => warnings.push(message),
      },
      {
        signal: abort.signal,
        progressEvery: PROGRESS_EVERY,
        onProgress: (p) =>
          deps.progress({ uri: parsed.uri, file: p.file, lines: p.lines, requests: p.requests, bytesRead: p.bytesRead, bytesTotal: p.bytesTotal }),
        onRecord: kept.add,
      },
    );
  } catch (error) {
    if (error instanceof InputError) throw new ResponseError(ErrorCodes.InvalidParams, error.message);
    throw error;
  } finally {
    listener.dispose();
  }
  const ruleCounts = kept.ruleCounts();
  if (!summary.cancelled) deps.setCounts(parsed, ruleCounts);
  return { summary: auditSummaryDto(summary), records: kept.records, truncated: kept.truncated, ruleCounts, version: parsed.version, ranges: ranges.source, warnings };
}

async function loadRanges(dir: string | undefined, warnings: string[]): Promise<{ lists: IpRangeList[]; source: string }> {
  const folder = dir ?? defaultRangesDir();
  if (!existsSync(folder)) return { lists: [], source: `none (${folder} does not exist: run robots-lens ranges --refresh)` };
  try {
    const loaded = await loadRangeLists(folder);
    warnings.push(...loaded.warnings);
    return { lists: loaded.lists, source: `${plural(loaded.lists.length, 'list')} from ${folder}` };
  } catch (error) {
    warnings.push(error instanceof Error ? error.message : String(error));
    return { lists: [], source: `none (${folder} could not be read)` };
  }
}
