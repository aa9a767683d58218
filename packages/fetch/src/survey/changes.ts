/**
 * A watch: what changed on a site between two surveys — status, fetch state, redirects,
 * bytes, each agent's category and each tested verdict. The semantic diff of the rules
 * themselves is the diff package's (the CLI runs it on the two files' text).
 */

import type { SiteSurvey, SurveyAgent, SurveyCategory } from './site-survey';

/** How much of the site a category disallows, to tell "newly" from "no longer". */
const EXTENT: Readonly<Record<SurveyCategory, number>> = { none: 0, 'some-tested': 1, 'all-tested': 2, site: 3 };

const WHERE: Readonly<Record<SurveyCategory, string>> = {
  site: 'on the whole site',
  'all-tested': 'on every tested path',
  'some-tested': 'on some tested paths',
  none: 'on no tested path',
};

/** Sentences, each about `current.site`; empty when nothing a survey records changed. */
export function siteChanges(previous: SiteSurvey, current: SiteSurvey): string[] {
  const out: string[] = [];
  const was = previous.fetch;
  const now = current.fetch;
  if (was.status !== now.status) out.push(`status ${was.status ?? 'no answer'} → ${now.status ?? 'no answer'}`);
  if (was.state !== now.state) out.push(`robots.txt ${was.state} → ${now.state}`);
  const redirects = (hops: SiteSurvey['fetch']['hops']): string => hops.filter((h) => h.location !== null).map((h) => `${h.status} ${h.location}`).join(', ') || 'none';
  if (redirects(was.hops) !== redirects(now.hops)) out.push(`redirects ${redirects(was.hops)} → ${redirects(now.hops)}`);
  if (was.bytes !== now.bytes) out.push(`bytes ${was.bytes ?? 'none'} → ${now.bytes ?? 'none'}`);
  const before = new Map(previous.agents.map((a) => [a.agent, a]));
  for (const agent of current.agents) {
    const old = before.get(agent.agent);
    if (old === undefined) continue;
    const change = categoryChange(old, agent);
    if (change !== undefined) out.push(change);
  }
  const verdictsBefore = new Map(previous.verdicts.map((v) => [`${v.agent}\n${v.path}`, v]));
  for (const v of current.verdicts) {
    const old = verdictsBefore.get(`${v.agent}\n${v.path}`);
    if (old === undefined || old.allowed === v.allowed) continue;
    const by = v.line !== null ? ` (line ${v.line}: ${v.rule ?? ''})` : v.reason === 'fetch-state' ? ` (robots.txt ${now.state})` : '';
    out.push(`${v.agent}: ${v.path} now ${v.allowed ? 'allowed' : 'disallowed'}${by}`);
  }
  return out;
}

function categoryChange(old: SurveyAgent, now: SurveyAgent): string | undefined {
  if (old.category === now.category) return undefined;
  if (EXTENT[now.category] > EXTENT[old.category]) return `${now.agent} newly disallowed ${WHERE[now.category]} (before: ${WHERE[old.category]})`;
  return `${now.agent} no longer disallowed ${WHERE[old.category]} (now: ${WHERE[now.category]})`;
}
