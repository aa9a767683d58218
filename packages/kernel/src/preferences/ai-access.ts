/**
 * The AI access summary: the catalogue's crawlers grouped by purpose, and for each purpose
 * how many may fetch nothing, everything, or some of the site under this robots.txt. "Nothing"
 * and "everything" are proved on the rules (a `Disallow: /` no Allow can beat; no Disallow at
 * all), so the words hold for every URL; anything else is "some".
 */

import { CRAWLER_PURPOSES, CRAWLERS } from '../crawlers';
import type { Crawler, CrawlerPurpose } from '../crawlers';
import { matcherFor, pooledRules } from '../match';
import type { SelectedGroup } from '../match';
import type { RobotsFile } from '../parse';
import { plural } from '../words';

export type CrawlerAccess = 'nothing' | 'everything' | 'some';

export interface PurposeAccess {
  readonly purpose: CrawlerPurpose;
  /** The purpose in a few words, as the summary starts: "AI training". */
  readonly title: string;
  readonly crawlers: readonly CrawlerAccessEntry[];
  /** One sentence: "AI training: 9 of 11 known crawlers may fetch nothing; Bytespider and meta-externalagent may fetch everything." */
  readonly summary: string;
}

const PURPOSE_WORDS: Readonly<Record<CrawlerPurpose, string>> = {
  search: 'Search', 'ai-training': 'AI training', 'ai-search': 'AI answers', 'user-fetch': 'User-initiated fetch', ads: 'Ads', seo: 'SEO tools',
  'social-preview': 'Social previews', archive: 'Archiving', monitoring: 'Monitoring', 'control-token': 'Control tokens', other: 'Other',
};

export interface CrawlerAccessEntry {
  readonly crawler: Crawler;
  readonly access: CrawlerAccess;
  /** A person's agent that the operator does not say follows robots.txt. */
  readonly mayIgnoreRobotsTxt: boolean;
  /** The group it obeys; null when none names it or `*`, or when the fetch state decides. */
  readonly group: SelectedGroup | null;
}

/** Names listed before "and N more". */
const MAX_NAMES = 6;

/**
 * `decided`: what every crawler may fetch when the fetch state of a fetched robots.txt decides
 * instead of its rules (unreachable: nothing; unavailable: everything).
 */
export function aiAccess(file: RobotsFile, decided?: Exclude<CrawlerAccess, 'some'>): PurposeAccess[] {
  const matcher = matcherFor(file);
  const known = new Map<Crawler, { access: CrawlerAccess; group: SelectedGroup | null }>();
  const reading = (crawler: Crawler): { access: CrawlerAccess; group: SelectedGroup | null } => {
    if (decided !== undefined) return { access: decided, group: null };
    let found = known.get(crawler);
    if (found === undefined) {
      const selected = matcher.select(matcher.resolve(crawler.token));
      found = { access: selected ? poolAccess(file, selected.group.groups) : 'everything', group: selected?.group ?? null };
      known.set(crawler, found);
    }
    return found;
  };
  return CRAWLER_PURPOSES.flatMap((purpose): PurposeAccess[] => {
    const crawlers = CRAWLERS.filter((c) => c.retired === null && c.purposes.includes(purpose)).map((crawler): CrawlerAccessEntry => ({
      crawler,
      ...reading(crawler),
      mayIgnoreRobotsTxt: crawler.userInitiated && crawler.honoursRobotsTxt !== 'yes',
    }));
    if (crawlers.length === 0) return [];
    return [{ purpose, title: PURPOSE_WORDS[purpose], crawlers, summary: summaryOf(PURPOSE_WORDS[purpose], crawlers) }];
  });
}

function poolAccess(file: RobotsFile, groups: readonly number[]): CrawlerAccess {
  const rules = pooledRules(file, groups).filter((rule) => rule.normalized !== '');
  if (!rules.some((rule) => rule.kind === 'disallow')) return 'everything';
  const root = rules.find((rule) => rule.kind === 'disallow' && rule.normalized === '/');
  // `Disallow: /` matches every path; only an Allow (at least as long) could win somewhere.
  if (root && !rules.some((rule) => rule.kind === 'allow')) return 'nothing';
  return 'some';
}

function summaryOf(words: string, crawlers: PurposeAccess['crawlers']): string {
  const nothing = crawlers.filter((c) => c.access === 'nothing');
  const everything = crawlers.filter((c) => c.access === 'everything');
  const some = crawlers.length - nothing.length - everything.length;
  const parts = [`${nothing.length} of ${plural(crawlers.length, 'known crawler')} may fetch nothing`];
  if (everything.length > 0) parts.push(`${names(everything.map(label))} may fetch everything`);
  if (some > 0) parts.push(`${some} may fetch some paths`);
  return `${words}: ${parts.join('; ')}.`;
}

function label(entry: PurposeAccess['crawlers'][number]): string {
  return entry.mayIgnoreRobotsTxt ? `${entry.crawler.token} (user-initiated; may ignore robots.txt)` : entry.crawler.token;
}

function names(list: readonly string[]): string {
  if (list.length === 1) return list[0]!;
  if (list.length <= MAX_NAMES) return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `${list.slice(0, MAX_NAMES).join(', ')} and ${list.length - MAX_NAMES} more`;
}
