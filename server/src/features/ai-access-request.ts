/**
 * `robotsLens/aiAccess`: the catalogue's crawlers grouped by purpose, what this robots.txt
 * lets each fetch (the core's `aiAccess`), and the AI-use preferences in effect per path for
 * every group that states any. On a fetched robots.txt that was unreachable or unavailable,
 * the fetch state decides for every crawler and no group is in force, so no preference is.
 */

import { aiAccess, preferencesByPath } from '@robots-lens/kernel/ai-access';
import { allowedByFetchState } from '@robots-lens/fetch';
import { samplePaths } from '@robots-lens/editor/explain';
import type { FetchState } from '@robots-lens/fetch';
import type { PathPreferences, PurposeAccess } from '@robots-lens/kernel/ai-access';
import type { ParsedDocument } from '../documents';
import type { AiAccessCrawler, AiAccessPreferenceCell, AiAccessResult } from '../protocol';

export function aiAccessResult(parsed: ParsedDocument, state: FetchState = 'rules'): AiAccessResult {
  const allowed = allowedByFetchState(state);
  const purposes = aiAccess(parsed.file, allowed === null ? undefined : allowed ? 'everything' : 'nothing');
  const preferences: PathPreferences =
    allowed === null ? preferencesByPath(parsed.file, samplePaths(parsed.file)) : { groups: [], silentGroups: 0, paths: [], cells: [] };
  return {
    version: parsed.version,
    purposes: purposes.map((purpose) => ({ purpose: purpose.purpose, title: purpose.title, summary: purpose.summary, crawlers: purpose.crawlers.map(crawlerOf) })),
    preferences: {
      groups: preferences.groups.map((group) => ({ label: group.label, agentLines: group.selected.agentLines, crawlers: group.crawlers, everyOtherCrawler: group.everyOtherCrawler })),
      silentGroups: preferences.silentGroups,
      paths: preferences.paths,
      cells: preferences.cells.map((row) => row.map(cellOf)),
    },
  };
}

function crawlerOf(entry: PurposeAccess['crawlers'][number]): AiAccessCrawler {
  const { crawler, group } = entry;
  const words = crawler.honoursRobotsTxtEvidence?.words;
  return {
    token: crawler.token,
    name: crawler.name,
    operator: crawler.operator,
    purposes: crawler.purposes,
    access: entry.access,
    honoursRobotsTxt: crawler.honoursRobotsTxt,
    ...(words !== undefined ? { honoursRobotsTxtWords: words } : {}),
    userInitiated: crawler.userInitiated,
    mayIgnoreRobotsTxt: entry.mayIgnoreRobotsTxt,
    statement: entry.statement,
    words: entry.words,
    group: group ? { token: group.token, via: group.via, agentLines: group.agentLines } : null,
  };
}

function cellOf(cell: PathPreferences['cells'][number][number]): AiAccessPreferenceCell {
  const { contentUsage, contentSignal } = cell.preferences;
  const lines = [...(contentUsage ? [contentUsage.line] : []), ...(contentSignal ? [contentSignal.line] : [])];
  return { allowed: cell.allowed, text: cell.text, lines };
}
