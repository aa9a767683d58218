/**
 * `robotsLens/compare`: the impact of an edit — the semantic diff from another version of
 * the file (git HEAD, another file; sent as text) to the current buffer, with the one-sentence
 * summary an on-save notification shows. Given access logs, it also counts the logged
 * requests the edit decides differently (streamed from disk, as `robots-lens diff --log`);
 * given sitemaps, the URLs they list that it newly blocks or allows, read by the same reader
 * as `robots-lens diff --sitemap` (`node/sitemap-flips.ts`).
 */

import { basename, isAbsolute } from 'node:path';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import { diffRobots, FlipCounter, summarizeDiff, summarizeFlips } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import { sitemapFlipsSentence } from '@robots-lens/sitemaps';
import type { LogTally, RobotsDiff } from '@robots-lens/diff';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { SitemapFlips } from '@robots-lens/sitemaps';
import type { ParsedDocument } from '../documents';
import { InputError } from '../node/files';
import { countFlipsInLog } from '../node/log-flips';
import { isSitemapUrl } from '../node/sitemap-source';
import { sitemapFlips } from '../node/sitemap-flips';
import type { CompareParams, CompareRequests, CompareResult, CompareSitemaps, SitemapFlipsDto } from '../protocol';
import { flipCountDto, logTallyDto, robotsDiffDto } from './wire/compare';
import { sitemapFlipsDto, sitemapReportDto } from './wire/sitemaps';

export interface CompareDeps {
  /** The origin of a fetched document: requests to other origins are not counted. */
  readonly origin?: string;
}

export async function compareRequest(parsed: ParsedDocument, params: CompareParams, token?: CancellationToken, deps: CompareDeps = {}): Promise<CompareResult> {
  if (typeof params.otherText !== 'string') {
    throw new ResponseError(ErrorCodes.InvalidParams, 'robotsLens/compare needs otherText: the text of the version to compare with.');
  }
  const label: unknown = (params as { otherLabel?: unknown }).otherLabel;
  if (label !== undefined && typeof label !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, '"otherLabel" must be text: the name of the version compared with.');
  const logFiles = checkedLogFiles(params.logFiles);
  const sitemaps = checkedSitemaps(params.sitemaps);
  const crawlers = Array.isArray(params.crawlers) ? params.crawlers.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : [];
  const other = parseRobots(params.otherText);
  const diff = diffRobots(other, parsed.file, crawlers.length > 0 ? { crawlers } : {});
  let summary = summarizeDiff(diff);
  let requests: CompareRequests | undefined;
  if (logFiles.length > 0) {
    requests = await countRequests(other, parsed.file, logFiles, token, deps);
    summary = `${summary} ${summarizeFlips(requests.flips, requests.logs.map((log) => basename(log.file)))}`;
  }
  let listed: CompareSitemaps | undefined;
  if (sitemaps.length > 0) {
    listed = await countListed(other, parsed.file, diff, sitemaps, token, deps);
    summary = `${summary} ${sitemapFlipsSentence(withOrigin(listed.flips))}`;
  }
  return { diff: robotsDiffDto(diff), summary, ...(requests ? { requests } : {}), ...(listed ? { sitemaps: listed } : {}), version: parsed.version };
}

/** The core's sentence asks for `origin` present (undefined when none); the wire leaves it out. */
function withOrigin(flips: SitemapFlipsDto): SitemapFlips {
  return { ...flips, origin: flips.origin };
}

/** The listed URLs the edit flips; a cancelled comparison also ends the fetch in flight. */
async function countListed(oldFile: RobotsFile, newFile: RobotsFile, diff: RobotsDiff, sitemaps: readonly string[], token: CancellationToken | undefined, deps: CompareDeps): Promise<CompareSitemaps> {
  const abort = new AbortController();
  const listener = token?.onCancellationRequested(() => abort.abort());
  try {
    const read = await sitemapFlips(sitemaps, oldFile, newFile, diff, deps.origin, {
      signal: abort.signal,
      regularFilesOnly: true,
      isCancelled: () => token?.isCancellationRequested === true,
    });
    return { flips: sitemapFlipsDto(read.flips), sitemaps: read.sitemaps.map(sitemapReportDto) };
  } finally {
    listener?.dispose();
  }
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
  return { logs: logs.map(logTallyDto), flips: counter.results().map(flipCountDto) };
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

/** Absent or empty: no sitemaps. Otherwise absolute file paths or http(s) URLs, as for Check Sitemaps…. */
function checkedSitemaps(value: unknown): readonly string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((p): p is string => typeof p === 'string' && p !== '')) {
    throw new ResponseError(ErrorCodes.InvalidParams, '"sitemaps" must be a list of file paths or http(s) URLs.');
  }
  const bad = value.find((p) => !isSitemapUrl(p) && !isAbsolute(p));
  if (bad !== undefined) throw new ResponseError(ErrorCodes.InvalidParams, `"sitemaps" holds absolute file paths or http(s) URLs, not "${bad}".`);
  return [...new Set(value)];
}
