/**
 * The AI-use preferences in effect per path, for the AI access view: one column per group of
 * the file that states preferences (as the catalogue's crawlers and every other crawler reach
 * it, merged groups pooled), one row per path. A cell holds what `effectivePreferences` says
 * beside the verdict of that group for that path, so a path the group disallows has none.
 */

import { CRAWLERS } from '../crawlers';
import type { ResolvedAgent } from '../crawlers';
import { matcherFor, patternLanguage } from '../match';
import type { SelectedGroup } from '../match';
import type { RobotsFile } from '../parse';
import { effectivePreferences } from './effective';
import type { EffectivePreferences } from './model';
import { preferenceStatements } from './read';
import { preferencesText } from './text';

/** A group (or groups pooled under one token) that states preferences. */
export interface PreferenceGroup {
  /** "User-agent: GPTBot, CCBot (line 71)": the User-agent values of the pooled groups. */
  readonly label: string;
  readonly selected: SelectedGroup;
  /** Tokens of the catalogue's crawlers (retired ones left out) that obey it. */
  readonly crawlers: readonly string[];
  /** Every crawler the catalogue does not list obeys it: it is the `*` group. */
  readonly everyOtherCrawler: boolean;
}

export interface PathPreferenceCell {
  /** The group's crawlers may fetch the path. */
  readonly allowed: boolean;
  readonly preferences: EffectivePreferences;
  /** The preferences in words (`preferencesText`). */
  readonly text: string;
}

export interface PathPreferences {
  readonly groups: readonly PreferenceGroup[];
  /** Groups that state nothing and are obeyed by some crawler: their crawlers get no preferences. */
  readonly silentGroups: number;
  readonly paths: readonly string[];
  /** `cells[p][g]`: path `paths[p]` for group `groups[g]`. */
  readonly cells: readonly (readonly PathPreferenceCell[])[];
}

/** The `*` group as a crawler the catalogue does not list reaches it. */
const ANY_OTHER_CRAWLER: ResolvedAgent = { input: '*', kind: 'token', token: '*', chain: ['*'], explanation: 'every crawler without a group of its own' };

/**
 * The preferences per path for every group that states any. `paths` come first (the caller's
 * sample of the file's paths), then each Content-Usage path the file names (where the rule
 * starts to apply), at most `limit` in all.
 */
export function preferencesByPath(file: RobotsFile, paths: readonly string[], limit = 60): PathPreferences {
  const matcher = matcherFor(file);
  const statements = preferenceStatements(file);
  const stating = new Set([...statements.contentUsage, ...statements.contentSignals].map((statement) => statement.group).filter((group) => group >= 0));

  // Every crawler that reaches a pool gets the same verdicts: the first one asks for all of them.
  const pools = new Map<string, { selected: SelectedGroup; agent: ResolvedAgent; crawlers: string[]; everyOtherCrawler: boolean }>();
  const reach = (agent: ResolvedAgent, crawler: string | null): void => {
    const selected = matcher.select(agent)?.group;
    if (!selected) return;
    const key = selected.groups.join(',');
    let pool = pools.get(key);
    if (!pool) {
      pool = { selected, agent, crawlers: [], everyOtherCrawler: false };
      pools.set(key, pool);
    }
    if (crawler === null) pool.everyOtherCrawler = true;
    else pool.crawlers.push(crawler);
  };
  for (const crawler of CRAWLERS) if (crawler.retired === null) reach(matcher.resolve(crawler.token), crawler.token);
  reach(ANY_OTHER_CRAWLER, null);

  const all = [...pools.values()];
  const groups = all
    .filter((pool) => pool.selected.groups.some((group) => stating.has(group)))
    .sort((a, b) => (a.selected.groups[0] ?? 0) - (b.selected.groups[0] ?? 0))
    .map((pool) => ({ group: { label: labelOf(file, pool.selected), selected: pool.selected, crawlers: pool.crawlers, everyOtherCrawler: pool.everyOtherCrawler } satisfies PreferenceGroup, agent: pool.agent }));

  const wanted = new Set<string>();
  for (const path of paths) wanted.add(path);
  for (const rule of statements.contentUsage) {
    if (rule.normalized === null || rule.group < 0) continue;
    const prefix = patternLanguage(rule.normalized).literalPrefix;
    if (prefix.startsWith('/')) wanted.add(prefix);
  }
  const rows = groups.length === 0 ? [] : [...wanted].slice(0, limit);
  const cells = rows.map((path) =>
    groups.map(({ agent }): PathPreferenceCell => {
      const verdict = matcher.decide(path, agent);
      const preferences = effectivePreferences(file, verdict);
      return { allowed: verdict.allowed === true, preferences, text: preferencesText(preferences) };
    }),
  );
  return { groups: groups.map(({ group }) => group), silentGroups: all.length - groups.length, paths: rows, cells };
}

function labelOf(file: RobotsFile, selected: SelectedGroup): string {
  const values: string[] = [];
  for (const index of selected.groups) for (const agent of file.groups[index]?.agents ?? []) if (!values.includes(agent.value)) values.push(agent.value);
  const first = selected.agentLines[0];
  return `User-agent: ${values.join(', ')}${first !== undefined ? ` (line ${first + 1})` : ''}`;
}
