/** A site of a survey as the wire carries it. */

import type { SiteSurvey } from '@robots-lens/fetch/survey';
import type { SurveySiteDto } from '../../protocol';

export function surveySiteDto(site: SiteSurvey): SurveySiteDto {
  return {
    site: site.site,
    status: site.fetch.status,
    state: site.fetch.state,
    finalUrl: site.fetch.finalUrl,
    otherOrigin: site.fetch.otherOrigin,
    explanation: site.fetch.explanation,
    failed: site.failed ?? null,
    groups: site.groups,
    rules: site.rules,
    sitemaps: site.sitemaps.length,
    verdicts: site.verdicts.map((v) => ({ agent: v.agent, path: v.path, allowed: v.allowed, line: v.line, rule: v.rule, reason: v.reason })),
    agents: site.agents.map((a) => ({ agent: a.agent, category: a.category, by: a.by ?? null, line: a.line ?? null, disallowed: a.disallowed, paths: a.paths })),
    text: site.text ?? null,
  };
}
