/**
 * `robotsLens/fileSummary`: the counts the status bar and CodeLens show — groups, rules,
 * sitemaps, findings by severity, and who each group is for.
 */

import { groupAudience } from '@robots-lens/editor/explain';
import type { Finding } from '@robots-lens/editor/lint';
import type { ParsedDocument } from '../documents';
import type { FileSummaryResult } from '../protocol';

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
