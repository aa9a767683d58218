/**
 * The AI access summary: the catalogue's crawlers grouped by purpose, and for each what this
 * robots.txt says to it. "Nothing" and "everything" are proved on the rules (a `Disallow: /`
 * no Allow can beat; no Disallow at all), so the words hold for every URL; anything else is
 * "some", said with the paths the rules keep it out of.
 *
 * The words say only what is true for every crawler they name:
 * - a crawler whose operator says it does not honour robots.txt, or a person's agent whose
 *   operator does not say it does, is never counted as kept out: its rules are shown, and it
 *   "may ignore robots.txt" — a statement about the crawler, not about a group;
 * - a usage-control token (Google-Extended) fetches nothing: a group naming it opts out, or
 *   does not; with no such group the file states nothing (whether `*` counts is undocumented).
 */

import { AI_ROBOTS_TXT_URL, CRAWLER_PURPOSES, CRAWLERS } from '../crawlers';
import type { Crawler, CrawlerPurpose } from '../crawlers';
import { matcherFor, pooledRules } from '../match';
import type { SelectedGroup } from '../match';
import type { RobotsFile, Rule } from '../parse';
import { nameList, plural } from '../words';

export type CrawlerAccess = 'nothing' | 'everything' | 'some';

/** What the file says to one crawler, in the words a summary may use (see the module comment). */
export type AccessStatement = 'kept-out' | 'partly-kept-out' | 'not-kept-out' | 'may-ignore' | 'opted-out' | 'not-opted-out' | 'not-stated';

export interface PurposeAccess {
  readonly purpose: CrawlerPurpose;
  /** The purpose in a few words, as the summary starts: "AI training". */
  readonly title: string;
  readonly crawlers: readonly CrawlerAccessEntry[];
  /** One sentence: "AI training: 38 of 42 kept out; Bytespider and DeepSeekBot do not honour robots.txt — enforce at the server." */
  readonly summary: string;
}

const PURPOSE_WORDS: Readonly<Record<CrawlerPurpose, string>> = {
  search: 'Search', 'ai-training': 'AI training', 'ai-search': 'AI answers', 'user-fetch': 'User-initiated fetch', ads: 'Ads', seo: 'SEO tools',
  'social-preview': 'Social previews', archive: 'Archiving', monitoring: 'Monitoring', 'control-token': 'Control tokens', other: 'Other',
};

export interface CrawlerAccessEntry {
  readonly crawler: Crawler;
  /** What the rules let it fetch; for a control token, what its group covers (it fetches nothing itself). */
  readonly access: CrawlerAccess;
  /** The operator (or the list the entry comes from) says it does not honour robots.txt, or it is a person's agent not said to. */
  readonly mayIgnoreRobotsTxt: boolean;
  readonly statement: AccessStatement;
  /** The statement in words: "kept out of /cart/, /checkout/ and 3 more; may fetch the rest". */
  readonly words: string;
  /** The group it obeys; null when none names it or `*`, or when the fetch state decides. */
  readonly group: SelectedGroup | null;
}

/** Paths named before "and N more" in "kept out of …". */
const MAX_PATHS = 2;

/** The facts "may ignore robots.txt" rests on: any catalogue entry, or its copy in a message. */
export type RobotsTxtRespectFacts = Pick<Crawler, 'honoursRobotsTxt' | 'userInitiated' | 'honoursRobotsTxtEvidence'>;

/** Whether the crawler's own side says the rules may not stop it (see the module comment). */
export function mayIgnoreRobotsTxt(crawler: RobotsTxtRespectFacts): boolean {
  return crawler.honoursRobotsTxt === 'no' || (crawler.userInitiated && crawler.honoursRobotsTxt !== 'yes');
}

/** Whose words "may ignore robots.txt" rests on: the operator's, or the list the entry comes from. */
export function ignoreAttribution(crawler: RobotsTxtRespectFacts): string {
  const source = crawler.honoursRobotsTxtEvidence?.source;
  if (source === undefined) return 'not documented';
  return source.startsWith(AI_ROBOTS_TXT_URL) ? 'per the ai.robots.txt list' : "operator's words";
}

/**
 * `decided`: what every crawler may fetch when the fetch state of a fetched robots.txt decides
 * instead of its rules (unreachable: nothing; unavailable: everything).
 */
export function aiAccess(file: RobotsFile, decided?: Exclude<CrawlerAccess, 'some'>): PurposeAccess[] {
  const matcher = matcherFor(file);
  const known = new Map<Crawler, CrawlerAccessEntry>();
  const entryOf = (crawler: Crawler): CrawlerAccessEntry => {
    let found = known.get(crawler);
    if (found === undefined) {
      const selected = decided === undefined ? matcher.select(matcher.resolve(crawler.token)) : undefined;
      const rules = selected ? pooledRules(file, selected.group.groups).filter((rule) => rule.normalized !== '') : [];
      const access = decided ?? (selected ? poolAccess(rules) : 'everything');
      found = { crawler, access, group: selected?.group ?? null, mayIgnoreRobotsTxt: mayIgnoreRobotsTxt(crawler), ...statementOf(crawler, access, rules, selected?.group ?? null, decided) };
      known.set(crawler, found);
    }
    return found;
  };
  return CRAWLER_PURPOSES.flatMap((purpose): PurposeAccess[] => {
    const crawlers = CRAWLERS.filter((c) => c.retired === null && c.purposes.includes(purpose)).map(entryOf);
    if (crawlers.length === 0) return [];
    return [{ purpose, title: PURPOSE_WORDS[purpose], crawlers, summary: summaryOf(PURPOSE_WORDS[purpose], crawlers) }];
  });
}

function poolAccess(rules: readonly Rule[]): CrawlerAccess {
  if (!rules.some((rule) => rule.kind === 'disallow')) return 'everything';
  const root = rules.find((rule) => rule.kind === 'disallow' && rule.normalized === '/');
  // `Disallow: /` matches every path; only an Allow (at least as long) could win somewhere.
  if (root && !rules.some((rule) => rule.kind === 'allow')) return 'nothing';
  return 'some';
}

function statementOf(
  crawler: Crawler,
  access: CrawlerAccess,
  rules: readonly Rule[],
  group: SelectedGroup | null,
  decided: CrawlerAccess | undefined,
): { statement: AccessStatement; words: string } {
  const some = access === 'some' ? keptOutOf(rules) : '';
  if (crawler.controlToken) {
    // It fetches nothing: only a group naming it says anything (docs/spec/ai-preferences.md).
    if (decided !== undefined || group === null || group.via !== 'own-token') {
      return { statement: 'not-stated', words: `not stated: no group names ${crawler.token}` };
    }
    if (access === 'nothing') return { statement: 'opted-out', words: 'opted out: its group disallows everything' };
    return { statement: 'not-opted-out', words: access === 'some' ? `opted out only for ${some.replace(/^kept out of /, '').replace(/; may fetch the rest$/, '')}` : 'not opted out: its group disallows nothing' };
  }
  const ruled = access === 'nothing' ? 'kept out: may fetch nothing' : access === 'some' ? some : 'may fetch everything';
  if (mayIgnoreRobotsTxt(crawler)) {
    const says = crawler.honoursRobotsTxt === 'no' ? 'does not honour robots.txt' : 'may ignore robots.txt';
    return { statement: 'may-ignore', words: `${says} (${ignoreAttribution(crawler)}); its rules: ${ruled}` };
  }
  const statement = access === 'nothing' ? 'kept-out' : access === 'some' ? 'partly-kept-out' : 'not-kept-out';
  return { statement, words: ruled };
}

/** "kept out of /cart/, /checkout/ and 3 more; may fetch the rest": the Disallow patterns, in file order. */
function keptOutOf(rules: readonly Rule[]): string {
  const patterns = [...new Set(rules.filter((rule) => rule.kind === 'disallow').map((rule) => rule.pattern))];
  const shown = patterns.length <= MAX_PATHS + 1 ? patterns : patterns.slice(0, MAX_PATHS);
  const more = patterns.length - shown.length;
  const list = more > 0 ? `${shown.join(', ')} and ${more} more` : nameList(shown);
  const reopened = rules.some((rule) => rule.kind === 'allow') ? ' (except what Allow rules reopen)' : '';
  return `kept out of ${list}${reopened}; may fetch the rest`;
}

function summaryOf(words: string, crawlers: readonly CrawlerAccessEntry[]): string {
  const ruled = crawlers.filter((c) => !c.crawler.controlToken && !c.mayIgnoreRobotsTxt);
  const parts: string[] = [];
  if (ruled.length > 0) {
    const keptOut = ruled.filter((c) => c.statement === 'kept-out').length;
    parts.push(`${keptOut} of ${plural(ruled.length, 'crawler')} kept out`);
    const partly = ruled.filter((c) => c.statement === 'partly-kept-out');
    if (partly.length > 0) parts.push(`${partly.length} kept out of some paths`);
    const open = ruled.filter((c) => c.statement === 'not-kept-out');
    if (open.length > 0) parts.push(`${nameList(open.map((c) => c.crawler.token))} may fetch everything`);
  }
  const refusing = crawlers.filter((c) => !c.crawler.controlToken && c.mayIgnoreRobotsTxt && c.crawler.honoursRobotsTxt === 'no');
  const unsure = crawlers.filter((c) => !c.crawler.controlToken && c.mayIgnoreRobotsTxt && c.crawler.honoursRobotsTxt !== 'no');
  const ignoring: string[] = [];
  if (refusing.length > 0) ignoring.push(`${nameList(refusing.map((c) => c.crawler.token))} ${refusing.length === 1 ? 'does' : 'do'} not honour robots.txt`);
  if (unsure.length > 0) ignoring.push(`${nameList(unsure.map((c) => c.crawler.token))} may ignore ${refusing.length > 0 ? 'it' : 'robots.txt'}`);
  if (ignoring.length > 0) parts.push(`${ignoring.join('; ')} — enforce at the server`);
  const tokens = crawlers.filter((c) => c.crawler.controlToken);
  for (const statement of ['opted-out', 'not-opted-out', 'not-stated'] as const) {
    const these = tokens.filter((c) => c.statement === statement);
    if (these.length > 0) parts.push(`${nameList(these.map((c) => c.crawler.token))} ${statement === 'opted-out' ? 'opted out' : statement === 'not-opted-out' ? 'not opted out' : 'not stated'}`);
  }
  return `${words}: ${parts.join('; ')}.`;
}


/** "ChatGPT-User may ignore robots.txt (operator's words)", or undefined for a crawler the rules may be trusted to stop. */
export function ignoreNote(crawler: RobotsTxtRespectFacts & Pick<Crawler, 'token'>): string | undefined {
  if (!mayIgnoreRobotsTxt(crawler)) return undefined;
  return `${crawler.token} ${crawler.honoursRobotsTxt === 'no' ? 'does not honour' : 'may ignore'} robots.txt (${ignoreAttribution(crawler)})`;
}
