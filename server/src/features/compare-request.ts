/**
 * `robotsLens/compare`: the impact of an edit — the semantic diff from another version of
 * the file (git HEAD, another file; sent as text) to the current buffer, with the one-sentence
 * summary an on-save notification shows. Given access logs, it also counts the logged
 * requests the edit decides differently (streamed from disk, as `robots-lens diff --log`).
 */

import { basename, isAbsolute } from 'node:path';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import { diffRobots, FlipCounter, parseRobots, summarizeDiff, summarizeFlips } from '../core';
import type { LogTally, RobotsFile } from '../core';
import type { ParsedDocument } from '../documents';
import { InputError } from '../node/files';
import { countFlipsInLog } from '../node/log-flips';
import type { CompareParams, CompareRequests, CompareResult } from '../protocol';

export interface CompareDeps {
  /** The origin of a fetched document: requests to other origins are not counted. */
  readonly origin?: string;
}

export async function compareRequest(parsed: ParsedDocument, params: CompareParams, token?: CancellationToken, deps: CompareDeps = {}): Promise<CompareResult> {
  if (typeof params.otherText !== 'string') {
    throw new ResponseError(ErrorCodes.InvalidParams, 'robotsLens/compare needs otherText: the text of the version to compare with.');
  }
  const logFiles = checkedLogFiles(params.logFiles);
  const crawlers = Array.isArray(params.crawlers) ? params.crawlers.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : [];
  const other = parseRobots(params.otherText);
  const diff = diffRobots(other, parsed.file, crawlers.length > 0 ? { crawlers } : {});
  const summary = summarizeDiff(diff);
  if (logFiles.length === 0) return { diff, summary, version: parsed.version };
  const requests = await countRequests(other, parsed.file, logFiles, token, deps);
  const names = requests.logs.map((log) => basename(log.file));
  return { diff, summary: `${summary} ${summarizeFlips(requests.flips, names)}`, requests, version: parsed.version };
}

async function countRequests(oldFile: RobotsFile, newFile: RobotsFile, logFiles: readonly string[], token: CancellationToken | undefined, deps: CompareDeps): Promise<CompareRequests> {
  const counter = new FlipCounter(oldFile, newFile, deps.origin !== undefined ? { origin: deps.origin } : {});
  const abort = new AbortController();
  const listener = token?.onCancellationRequested(() => abort.abort());
  const logs: LogTally[] = [];
  try {
    for (const file of logFiles) logs.push(await countFlipsInLog(file, 'auto', counter, { signal: abort.signal }));
  } catch (error) {
    if (error instanceof InputError) throw new ResponseError(ErrorCodes.InvalidParams, error.message);
    throw error;
  } finally {
    listener?.dispose();
  }
  return { logs, flips: counter.results() };
}

/** Absent or empty: no logs. Otherwise absolute paths only, as for the replay. */
function checkedLogFiles(value: unknown): readonly string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((p): p is string => typeof p === 'string' && p !== '')) {
    throw new ResponseError(ErrorCodes.InvalidParams, '"logFiles" must be a list of file paths.');
  }
  const relative = value.find((p) => !isAbsolute(p));
  if (relative !== undefined) throw new ResponseError(ErrorCodes.InvalidParams, `Log file paths must be absolute: ${relative}`);
  return value;
}
