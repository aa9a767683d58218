/**
 * `robotsLens/matrix`: every crawler × every path, decided on the current buffer with the
 * one matcher. The server asks through `FetchedDocuments`, which adds a fetched document's
 * origin and fetch state.
 */

import type { CancellationToken } from 'vscode-languageserver';
import { CRAWLERS, decideUnderFetchState, effectivePreferences, matcherFor, preferencesText, samplePaths, statesPreferences } from '../core';
import type { FetchState } from '../core';
import type { ParsedDocument } from '../documents';
import type { MatrixCell, MatrixParams, MatrixResult, MatrixRow } from '../protocol';

/** More agents or paths than this in one matrix is a mistake, not a question. */
const MAX_MATRIX_CELLS = 200_000;

export function matrix(parsed: ParsedDocument, params: MatrixParams, token: CancellationToken, state: FetchState = 'rules'): MatrixResult {
  const matcher = matcherFor(parsed.file);
  const options = params.origin !== undefined ? { origin: params.origin } : {};
  const agents = params.agents && params.agents.length > 0 ? params.agents : CRAWLERS.filter((c) => c.wellKnown).map((c) => c.token);
  const paths = params.paths && params.paths.length > 0 ? params.paths : samplePaths(parsed.file);
  if (agents.length * paths.length > MAX_MATRIX_CELLS) {
    throw new RangeError(`A matrix of ${agents.length} agent${agents.length === 1 ? '' : 's'} × ${paths.length} path${paths.length === 1 ? '' : 's'} is too large (at most ${MAX_MATRIX_CELLS} cells).`);
  }
  const withPreferences = statesPreferences(parsed.file);
  const rows: MatrixRow[] = [];
  for (const agent of agents) {
    // The caller answers a cancelled request; stop working for it early.
    if (token.isCancellationRequested) break;
    const resolved = matcher.resolve(String(agent));
    const cells = paths.map((path): MatrixCell => {
      const verdict = decideUnderFetchState(state, matcher, path, resolved, options);
      const cell: MatrixCell = { outcome: verdict.outcome, allowed: verdict.allowed, line: verdict.rule ? verdict.rule.line : null, reason: verdict.reason };
      return withPreferences ? { ...cell, preferences: preferencesText(effectivePreferences(parsed.file, verdict)) } : cell;
    });
    const selected = matcher.select(resolved)?.group;
    const crawler = resolved.crawler;
    rows.push({
      agent,
      token: resolved.token,
      ...(crawler ? { crawler: { id: crawler.id, name: crawler.name, operator: crawler.operator, purposes: crawler.purposes } } : {}),
      // No group is in force when the fetch state decides.
      group: selected && state === 'rules' ? { token: selected.token, via: selected.via, agentLines: selected.agentLines, groups: selected.groups } : null,
      cells,
    });
  }
  return { paths, rows };
}
