/**
 * Totals across the sites of a survey, per agent, with the sites behind every number, and
 * their words. The four categories never add into one another: "every tested path" counts
 * only sites where the whole site is not proved, and a site counted as wholly disallowed
 * because its robots.txt could not be fetched is said to be so.
 */

import { plural } from '@robots-lens/kernel/words';
import type { SiteSurvey, SurveyCategory } from './site-survey';

export interface AgentTotals {
  readonly agent: string;
  /** Every URL disallowed, proved from the rules. */
  readonly site: readonly string[];
  /** Every URL disallowed because robots.txt was unreachable (429, 5xx, no answer). */
  readonly siteByFetchState: readonly string[];
  readonly allTested: readonly string[];
  readonly someTested: readonly string[];
  readonly none: readonly string[];
}

export interface SurveyTotals {
  readonly sites: number;
  /** Sites with no answer at all (DNS, refused, timed out): stated, never dropped. */
  readonly failed: readonly string[];
  readonly agents: readonly AgentTotals[];
}

export function surveyTotals(sites: readonly SiteSurvey[], agents: readonly string[]): SurveyTotals {
  return {
    sites: sites.length,
    failed: sites.filter((s) => s.failed !== undefined).map((s) => s.site),
    agents: agents.map((agent) => {
      const by = (test: (a: SiteSurvey['agents'][number]) => boolean): string[] =>
        sites.filter((s) => s.agents.some((a) => a.agent === agent && test(a))).map((s) => s.site);
      return {
        agent,
        site: by((a) => a.category === 'site' && a.by === 'rules'),
        siteByFetchState: by((a) => a.category === 'site' && a.by === 'fetch-state'),
        allTested: by((a) => a.category === 'all-tested'),
        someTested: by((a) => a.category === 'some-tested'),
        none: by((a) => a.category === 'none'),
      };
    }),
  };
}

/**
 * One line per agent: "GPTBot: whole site disallowed on 4 of 20 sites (1 of them because
 * robots.txt was unreachable); every tested path, not proved for the whole site, on 6; some
 * tested paths on 3; none on 7", each number followed by its sites when `withSites`.
 */
export function totalsLines(totals: SurveyTotals, withSites = true): string[] {
  const lines: string[] = [];
  const list = (sites: readonly string[]): string => (withSites && sites.length > 0 ? ` (${sites.map(hostOf).join(', ')})` : '');
  for (const a of totals.agents) {
    const whole = a.site.length + a.siteByFetchState.length;
    const unreachable = a.siteByFetchState.length > 0 ? `, ${a.siteByFetchState.length} of them only because robots.txt was unreachable${list(a.siteByFetchState)}` : '';
    lines.push(
      `${a.agent}: whole site disallowed on ${whole} of ${plural(totals.sites, 'site')}${list(a.site)}${unreachable}; ` +
        `every tested path, not proved for the whole site, on ${a.allTested.length}${list(a.allTested)}; ` +
        `some tested paths on ${a.someTested.length}${list(a.someTested)}; none on ${a.none.length}${list(a.none)}.`,
    );
  }
  lines.push(
    totals.failed.length === 0
      ? `Every site answered.`
      : `${plural(totals.failed.length, 'site')} gave no answer (counted as unreachable, every URL disallowed): ${totals.failed.map(hostOf).join(', ')}.`,
  );
  return lines;
}

/** `https://example.com` → `example.com`; other schemes and ports stay written out. */
export function hostOf(origin: string): string {
  return origin.startsWith('https://') ? origin.slice('https://'.length) : origin;
}

/** What a category rests on: the survey's agent, or its copy on the wire (nulls for absent). */
export interface CategoryFacts {
  readonly category: SurveyCategory;
  readonly by?: 'rules' | 'fetch-state' | null | undefined;
  readonly line?: number | null | undefined;
  readonly disallowed: number;
  readonly paths: number;
}

/** The category of one crawler on one site, in words that say how it is known. */
export function categoryWords(agent: CategoryFacts): string {
  switch (agent.category) {
    case 'site':
      return agent.by === 'rules'
        ? `whole site disallowed, proved from the rules (line ${agent.line} matches every URL and no Allow can win; /robots.txt itself stays allowed)`
        : 'whole site disallowed: robots.txt is unreachable';
    case 'all-tested':
      return `every tested path disallowed (${agent.disallowed} of ${agent.paths}), not proved for the whole site`;
    case 'some-tested':
      return `some tested paths disallowed (${agent.disallowed} of ${agent.paths})`;
    case 'none':
      return `no tested path disallowed (of ${agent.paths})`;
  }
}
