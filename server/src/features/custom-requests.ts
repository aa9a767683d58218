/**
 * The custom requests of `protocol.ts`, answered from the current buffer with the one
 * matcher: Test URL, the crawler matrix and the file summary.
 */

import type { CancellationToken } from 'vscode-languageserver';
import { CRAWLERS, matcherFor } from '../core';
import type { Finding } from '../core';
import { groupAudience, samplePaths } from '../core/explain';
import type { ParsedDocument } from '../documents';
import type {
  FileSummaryResult,
  MatrixCell,
  MatrixParams,
  MatrixResult,
  MatrixRow,
  TestUrlParams,
  TestUrlResult,
} from '../protocol';

/** More agents or paths than this in one matrix is a mistake, not a question. */
const MAX_MATRIX_CELLS = 200_000;

export function testUrl(parsed: ParsedDocument, params: TestUrlParams): TestUrlResult {
  const matcher = matcherFor(parsed.file);
  const options = params.origin !== undefined ? { origin: params.origin } : {};
  const agents = Array.isArray(params.agents) ? params.agents : [];
  return { verdicts: agents.map((agent) => matcher.decide(String(params.url), String(agent), options)) };
}

export function matrix(parsed: ParsedDocument, params: MatrixParams, token: CancellationToken): MatrixResult {
  const matcher = matcherFor(parsed.file);
  const agents = params.agents && params.agents.length > 0 ? params.agents : CRAWLERS.filter((c) => c.wellKnown).map((c) => c.token);
  const paths = params.paths && params.paths.length > 0 ? params.paths : samplePaths(parsed.file);
  if (agents.length * paths.length > MAX_MATRIX_CELLS) {
    throw new RangeError(`A matrix of ${agents.length} agent${agents.length === 1 ? '' : 's'} × ${paths.length} path${paths.length === 1 ? '' : 's'} is too large (at most ${MAX_MATRIX_CELLS} cells).`);
  }
  const rows: MatrixRow[] = [];
  for (const agent of agents) {
    // The caller answers a cancelled request; stop working for it early.
    if (token.isCancellationRequested) break;
    const resolved = matcher.resolve(String(agent));
    const cells = paths.map((path): MatrixCell => {
      const verdict = matcher.decide(path, resolved);
      return { outcome: verdict.outcome, allowed: verdict.allowed, line: verdict.rule ? verdict.rule.line : null, reason: verdict.reason };
    });
    const selected = matcher.select(resolved)?.group;
    const crawler = resolved.crawler;
    rows.push({
      agent,
      token: resolved.token,
      ...(crawler ? { crawler: { id: crawler.id, name: crawler.name, operator: crawler.operator, purpose: crawler.purpose } } : {}),
      group: selected ? { token: selected.token, via: selected.via, agentLines: selected.agentLines, groups: selected.groups } : null,
      cells,
    });
  }
  return { paths, rows };
}

export function fileSummary(parsed: ParsedDocument, findings: readonly Finding[]): FileSummaryResult {
  const { file } = parsed;
  const count = (severity: Finding['severity']): number => findings.filter((f) => f.severity === severity).length;
  return {
    version: parsed.version,
    groups: file.groups.length,
    rules: file.groups.reduce((n, group) => n + group.rules.length, 0),
    sitemaps: file.sitemaps.length,
    errors: count('error'),
    warnings: count('warning'),
    information: count('information'),
    hints: count('hint'),
    groupSummaries: file.groups.map((group) => {
      const audience = groupAudience(file, group.index);
      return {
        index: group.index,
        line: group.agents[0]?.line ?? group.firstLine,
        agents: group.agents.map((agent) => agent.value),
        rules: group.rules.length,
        crawlers: audience.crawlers.map((user) => user.crawler.token),
        everyOtherCrawler: audience.everyOtherCrawler,
      };
    }),
  };
}
