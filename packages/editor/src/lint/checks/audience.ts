/**
 * Who a group speaks to, shared by the checks that name crawlers in their messages: the
 * tokens a group's User-agent lines name, and the catalogue crawlers whose chain selects it
 * (docs/spec/robots-semantics.md §3). Not a check itself.
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { contains, patternLanguage } from '@robots-lens/kernel/match';
import type { AgentLine, Group, RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';

/** A catalogue crawler that uses a group, and through which token of its chain. */
export interface GroupUser {
  readonly crawler: Crawler;
  /** The lower-cased token (or `*`) that selected the group. */
  readonly key: string;
  /** The token is the crawler's own (not a fallback such as Googlebot for Googlebot-Image, nor `*`). */
  readonly own: boolean;
}

/** The lookup key of an agent line: `*`, the lower-cased token, or '' when it names nobody. */
export function agentKey(agent: AgentLine): string {
  return agent.isStar ? '*' : tokenKey(agent.token);
}

/** The distinct keys a group is pooled under, in line order. */
export function groupKeys(group: Group): string[] {
  const keys: string[] = [];
  for (const agent of group.agents) {
    const key = agentKey(agent);
    if (key !== '' && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

const usersCache = new WeakMap<RobotsFile, ReadonlyMap<number, readonly GroupUser[]>>();

/**
 * Catalogue crawlers by the index of every group they use. A crawler uses all groups pooled
 * under the first token of its chain that names a group. Computed once per parsed file:
 * the catalogue is small, so this is one pass over it.
 */
export function groupUsers(file: RobotsFile): ReadonlyMap<number, readonly GroupUser[]> {
  let users = usersCache.get(file);
  if (users) return users;
  const map = new Map<number, GroupUser[]>();
  for (const crawler of CRAWLERS) {
    for (const token of crawler.chain) {
      const key = token === '*' ? '*' : tokenKey(token);
      const groups = file.groupsByToken.get(key);
      if (!groups) continue;
      const user: GroupUser = { crawler, key, own: key === tokenKey(crawler.token) };
      for (const g of groups) {
        const list = map.get(g);
        if (list) list.push(user);
        else map.set(g, [user]);
      }
      break;
    }
  }
  users = map;
  usersCache.set(file, users);
  return users;
}

/** Crawlers that actually send requests (usage-control tokens never do). */
export function requestingUsers(file: RobotsFile, group: number): GroupUser[] {
  return (groupUsers(file).get(group) ?? []).filter((u) => !u.crawler.controlToken);
}

/** `A`, `A and B`, `A, B and C`, `A, B, C, D and 7 more`. */
export function nameList(names: readonly string[], max = 6): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= max) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, max - 1).join(', ')} and ${names.length - (max - 1)} more`;
}

/** A rule in canonical spelling, as a quick fix writes it: `Disallow: /x`. */
export function canonicalRule(rule: Rule): string {
  return `${rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${rule.pattern}`;
}

/** `line 5`, `lines 5–9` (1-based), for a range of physical lines. */
export function lineRange(first: number, last: number): string {
  return first === last ? `line ${first + 1}` : `lines ${first + 1}–${last + 1}`;
}

const EVERYTHING = patternLanguage('/');

/**
 * The pattern matches every path: `/`, `/*`, a lone `*`, and the like. A pattern that
 * matches `/` has no literal other than `/`, so only such short patterns are put to the
 * (exact) proof.
 */
export function matchesEverything(normalized: string): boolean {
  // An empty pattern matches nothing, whatever its glob says.
  if (normalized === '' || normalized.length > 16 || !/^[*/]*\$?$/.test(normalized)) return false;
  return contains(patternLanguage(normalized), EVERYTHING) === true;
}
