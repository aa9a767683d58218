/**
 * `robotsLens/matrix`: every crawler × every path, decided on the current buffer with the
 * one matcher. The server asks through `FetchedDocuments`, which adds a fetched document's
 * origin and fetch state. The work is bounded (path length, paths, cells) and done in slices
 * that give the event loop a turn, so a `$/cancelRequest` is seen and honoured mid-way.
 */

import type { CancellationToken } from 'vscode-languageserver';
import { countOf, formatCount } from '@robots-lens/kernel/words';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { decideUnderFetchState } from '@robots-lens/fetch';
import { effectivePreferences, preferencesText, statesPreferences } from '@robots-lens/kernel/preferences';
import { matcherFor } from '@robots-lens/kernel/match';
import { samplePaths } from '@robots-lens/editor/explain';
import type { FetchState } from '@robots-lens/fetch';
import type { ParsedDocument } from '../documents';
import type { MatrixCell, MatrixParams, MatrixResult, MatrixRow, MatrixTruncation } from '../protocol';
import { nextTurn } from '../run-safe';
import { optionalText, optionalTextList, paramsObject } from './request-params';

/** More cells than this in one matrix is a mistake, not a question: later agents are left out. */
export const MAX_MATRIX_CELLS = 200_000;
/** Columns of one matrix at most. */
export const MAX_MATRIX_PATHS = 2_000;
/** Longer paths are left out rather than cut: a verdict on a cut path would speak of another URL. */
export const MAX_MATRIX_PATH_LENGTH = 16_384;
/** Work between two turns of the event loop: cells, and characters of paths judged. */
const SLICE_CELLS = 256;
const SLICE_CHARACTERS = 1_000_000;

export async function matrix(parsed: ParsedDocument, params: MatrixParams, token: CancellationToken, state: FetchState = 'rules'): Promise<MatrixResult> {
  const checked = paramsObject(params, 'robotsLens/matrix');
  const origin = optionalText(checked, 'origin');
  const askedAgents = optionalTextList(checked, 'agents');
  const askedPaths = optionalTextList(checked, 'paths');
  const matcher = matcherFor(parsed.file);
  const options = origin !== undefined ? { origin } : {};
  const allAgents = askedAgents && askedAgents.length > 0 ? askedAgents : CRAWLERS.filter((c) => c.wellKnown).map((c) => c.token);
  const wantedPaths = askedPaths && askedPaths.length > 0 ? askedPaths : samplePaths(parsed.file);
  const shortPaths = wantedPaths.filter((path) => path.length <= MAX_MATRIX_PATH_LENGTH);
  const paths = shortPaths.slice(0, MAX_MATRIX_PATHS);
  const agents = allAgents.slice(0, Math.max(1, Math.floor(MAX_MATRIX_CELLS / Math.max(1, paths.length))));
  const truncated = truncation(wantedPaths.length - shortPaths.length, shortPaths.length - paths.length, allAgents.length - agents.length);

  const withPreferences = statesPreferences(parsed.file);
  const rows: MatrixRow[] = [];
  let sliceCells = 0;
  let sliceCharacters = 0;
  for (const agent of agents) {
    const resolved = matcher.resolve(agent);
    const cells: MatrixCell[] = [];
    for (const path of paths) {
      if (sliceCells >= SLICE_CELLS || sliceCharacters >= SLICE_CHARACTERS) {
        sliceCells = 0;
        sliceCharacters = 0;
        // nextTurn: a web worker has no setImmediate.
        await new Promise<void>((resolve) => nextTurn(resolve));
        // The caller answers a cancelled request; stop working for it.
        if (token.isCancellationRequested) return { paths, rows, ...(truncated ? { truncated } : {}) };
      }
      const verdict = decideUnderFetchState(state, matcher, path, resolved, options);
      const cell: MatrixCell = { outcome: verdict.outcome, allowed: verdict.allowed, line: verdict.rule ? verdict.rule.line : null, reason: verdict.reason };
      cells.push(withPreferences ? { ...cell, preferences: preferencesText(effectivePreferences(parsed.file, verdict)) } : cell);
      sliceCells++;
      sliceCharacters += path.length + agent.length;
    }
    const selected = matcher.select(resolved)?.group;
    const crawler = resolved.crawler;
    rows.push({
      agent,
      token: resolved.token,
      ...(crawler
        ? {
            crawler: {
              id: crawler.id,
              token: crawler.token,
              name: crawler.name,
              operator: crawler.operator,
              purposes: crawler.purposes,
              honoursRobotsTxt: crawler.honoursRobotsTxt,
              userInitiated: crawler.userInitiated,
              honoursRobotsTxtEvidence: crawler.honoursRobotsTxtEvidence,
            },
          }
        : {}),
      // No group is in force when the fetch state decides.
      group: selected && state === 'rules' ? { token: selected.token, via: selected.via, agentLines: selected.agentLines, groups: selected.groups } : null,
      cells,
    });
  }
  return { paths, rows, ...(truncated ? { truncated } : {}) };
}

function truncation(longPaths: number, extraPaths: number, extraAgents: number): MatrixTruncation | undefined {
  if (longPaths === 0 && extraPaths === 0 && extraAgents === 0) return undefined;
  const parts: string[] = [];
  if (longPaths > 0) parts.push(`${countOf(longPaths, 'path')} longer than ${formatCount(MAX_MATRIX_PATH_LENGTH)} characters`);
  if (extraPaths > 0) parts.push(`${countOf(extraPaths, 'path')} beyond the first ${formatCount(MAX_MATRIX_PATHS)}`);
  if (extraAgents > 0) parts.push(`${countOf(extraAgents, 'agent')} beyond ${formatCount(MAX_MATRIX_CELLS)} cells`);
  return { longPaths, extraPaths, extraAgents, message: `Left out of the matrix: ${parts.join('; ')}.` };
}
