/**
 * `robotsLens/compare`: the impact of an edit — the semantic diff from another version of
 * the file (git HEAD, another file; sent as text) to the current buffer, with the one-sentence
 * summary an on-save notification shows.
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { diffRobots, parseRobots, summarizeDiff } from '../core';
import type { ParsedDocument } from '../documents';
import type { CompareParams, CompareResult } from '../protocol';

export function compareRequest(parsed: ParsedDocument, params: CompareParams): CompareResult {
  if (typeof params.otherText !== 'string') {
    throw new ResponseError(ErrorCodes.InvalidParams, 'robotsLens/compare needs otherText: the text of the version to compare with.');
  }
  const crawlers = Array.isArray(params.crawlers) ? params.crawlers.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : [];
  const diff = diffRobots(parseRobots(params.otherText), parsed.file, crawlers.length > 0 ? { crawlers } : {});
  return { diff, summary: summarizeDiff(diff), version: parsed.version };
}
