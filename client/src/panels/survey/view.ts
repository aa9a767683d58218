/**
 * What the Survey panel shows, built from the server's answer: the totals first (the answer),
 * then the sites × crawlers matrix, each cell its category in words with the tested paths and
 * their deciding lines, and which line of the fetched file a click reveals. Pure, so it is
 * tested without a workbench; every value reaches the page as text.
 */

import { categoryWords, hostOf } from '@robots-lens/fetch/survey';
import type { SurveyAgentDto, SurveySiteDto, SurveySitesResult } from '../../../../server/src/protocol';

export interface SurveyCellView {
  /** Short words for the cell: "whole site", "every tested path", "some paths", "none". */
  readonly label: string;
  readonly category: SurveyAgentDto['category'];
  /** The category in full words, then one line per tested path with its deciding line. */
  readonly detail: string;
  /** The 1-based line of the fetched file a click reveals; null when no rule decides (no file, or no line). */
  readonly line: number | null;
}

export interface SurveyRowView {
  readonly site: string;
  /** "200", "503 (unreachable)", "no answer". */
  readonly status: string;
  readonly failed: boolean;
  /** What the fetch means for every URL of the site. */
  readonly explanation: string;
  readonly cells: readonly SurveyCellView[];
}

export interface SurveyView {
  readonly documentName: string;
  /** The answer first: per crawler the totals in words, then the failed sites. */
  readonly summary: readonly string[];
  readonly agents: readonly string[];
  readonly paths: readonly string[];
  readonly rows: readonly SurveyRowView[];
}

export const CATEGORY_LABELS: Readonly<Record<SurveyAgentDto['category'], string>> = {
  site: 'whole site',
  'all-tested': 'every tested path',
  'some-tested': 'some paths',
  none: 'none',
};

export function surveyView(result: SurveySitesResult, documentName: string): SurveyView {
  return {
    documentName,
    summary: result.totals,
    agents: result.agents,
    paths: result.paths,
    rows: result.sites.map((site) => ({
      site: hostOf(site.site),
      status: site.status === null ? 'no answer' : site.state === 'rules' ? String(site.status) : `${site.status} (${site.state})`,
      failed: site.failed !== null,
      explanation: site.failed ?? site.explanation,
      cells: result.agents.map((agent) => cellView(site, agent)),
    })),
  };
}

function cellView(site: SurveySiteDto, agentName: string): SurveyCellView {
  const agent = site.agents.find((a) => a.agent === agentName);
  const verdicts = site.verdicts.filter((v) => v.agent === agentName);
  if (agent === undefined) return { label: '', category: 'none', detail: '', line: null };
  const lines = [categoryWords(agent)];
  for (const v of verdicts) {
    const by = v.line !== null ? ` by line ${v.line}: ${v.rule ?? ''}` : v.reason === 'fetch-state' ? ` (robots.txt ${site.state})` : ' (no rule)';
    lines.push(`${v.path}: ${v.allowed ? 'allowed' : 'disallowed'}${by}`);
  }
  // The line that answers: the proof's Disallow, else the first tested path's disallowing line, else any deciding line.
  const line = site.text === null ? null : (agent.line ?? verdicts.find((v) => !v.allowed && v.line !== null)?.line ?? verdicts.find((v) => v.line !== null)?.line ?? null);
  return { label: CATEGORY_LABELS[agent.category], category: agent.category, detail: lines.join('\n'), line };
}

/** The sites a text file lists: one a line, blank lines and `#` comments left out. */
export function sitesIn(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
