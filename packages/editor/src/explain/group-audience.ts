/**
 * Who uses a group: every catalogue crawler whose chain of tokens selects it (by its own
 * token, by fallback such as Googlebot-Image → Googlebot, or by falling back to `*`),
 * asked of the same matcher that decides verdicts, so hover and Test URL agree.
 */

import { CRAWLERS, documentedCrawlerOf } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { matcherFor } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';

export interface GroupUser {
  readonly crawler: Crawler;
  /** The chain token that selected the group. */
  readonly token: string;
  readonly via: 'own-token' | 'fallback' | 'star';
}

export interface GroupAudience {
  readonly group: number;
  /** Catalogue crawlers that use the group, in catalogue order. */
  readonly crawlers: readonly GroupUser[];
  /** Tokens the group names that are no catalogue crawler's own token: crawlers sending them use it. */
  readonly otherTokens: readonly string[];
  /** The `*` group: any crawler without a group of its own (or of its fallbacks) uses it too. */
  readonly everyOtherCrawler: boolean;
  /** `User-agent` lines whose value has no product token and names no documented one (`123Spider`): they govern nobody. */
  readonly linesWithoutToken: readonly number[];
}

const OWN_TOKENS = new Set(CRAWLERS.map((crawler) => tokenKey(crawler.token)));

export function groupAudience(file: RobotsFile, group: number): GroupAudience {
  const matcher = matcherFor(file);
  const crawlers: GroupUser[] = [];
  for (const crawler of CRAWLERS) {
    const selected = matcher.select(matcher.resolve(crawler.token));
    if (selected && selected.group.groups.includes(group)) {
      crawlers.push({ crawler, token: selected.group.token, via: selected.group.via });
    }
  }
  const otherTokens: string[] = [];
  const linesWithoutToken: number[] = [];
  const seen = new Set<string>();
  let star = false;
  for (const agent of file.groups[group]?.agents ?? []) {
    if (agent.isStar) {
      star = true;
      continue;
    }
    const key = tokenKey(agent.token);
    if (key === '') {
      if (documentedCrawlerOf(agent.value) === undefined) linesWithoutToken.push(agent.line);
    }
    else if (!OWN_TOKENS.has(key) && !seen.has(key)) {
      seen.add(key);
      otherTokens.push(agent.token);
    }
  }
  // Every `*` group is pooled, so being in the pool is what counts.
  const everyOtherCrawler = star && (file.groupsByToken.get('*') ?? []).includes(group);
  return { group, crawlers, otherTokens, everyOtherCrawler, linesWithoutToken };
}

/** `Googlebot-Image → Googlebot → *`: the order in which a crawler looks for groups. */
export function chainText(chain: readonly string[]): string {
  return chain.join(' → ');
}
