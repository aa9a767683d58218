/**
 * Diffs for reading: crawlers with identical changes side by side (most crawlers fall
 * back to `*` and change together), and one sentence for a notification.
 */

import { ruleList } from './describe';
import type { CrawlerDiff, FlipCount, GroupChange, GroupSelection, RobotsDiff, VerdictChange } from './types';
import { countOf, formatCount, plural } from '@robots-lens/kernel/words';

/** Crawlers named in the sentence about logged requests; the rest are counted. */
const CRAWLERS_IN_FLIP_SENTENCE = 3;

export interface CrawlerDiffGroup {
  /** Crawlers with exactly these changes, in the diff's order. */
  readonly crawlers: readonly CrawlerDiff[];
  readonly groupChange?: GroupChange;
  readonly changes: readonly VerdictChange[];
}

/**
 * Crawlers whose changes (and group change) are identical, grouped. A crawler's move to a
 * group that names it is the same change as another's to a group that names that one, when
 * both leave the same group and lose and gain the same rules: the block edit's one group of
 * 39 AI crawlers is one section, not 39. Such a section's group change is said for all of
 * them at once (`sharedGroupChange`).
 */
export function groupCrawlerDiffs(crawlers: readonly CrawlerDiff[]): CrawlerDiffGroup[] {
  const groups = new Map<string, { crawlers: CrawlerDiff[]; changes: readonly VerdictChange[] }>();
  for (const crawler of crawlers) {
    const key = JSON.stringify([groupChangeKey(crawler), crawler.changes]);
    const group = groups.get(key);
    if (group) group.crawlers.push(crawler);
    else groups.set(key, { crawlers: [crawler], changes: crawler.changes });
  }
  return [...groups.values()].map(({ crawlers: members, changes }) => {
    const groupChange = members.length === 1 ? members[0]!.groupChange : sharedGroupChange(members);
    return { crawlers: members, ...(groupChange ? { groupChange } : {}), changes };
  });
}

/** What identifies a group change regardless of which crawler makes it: a group that names the crawler itself is "its own". */
function groupChangeKey(crawler: CrawlerDiff): unknown {
  const change = crawler.groupChange;
  if (!change) return null;
  // A pooling change names the crawler's token: alike only for the same token.
  if (change.kind !== 'moved') return change;
  return { kind: change.kind, from: selectionKey(change.from, crawler), to: selectionKey(change.to, crawler), lost: change.lostRules, gained: change.gainedRules, quiet: crawler.changes.length === 0 };
}

function selectionKey(selection: GroupSelection | null, crawler: CrawlerDiff): unknown {
  if (!selection) return null;
  return ownGroup(selection, crawler) ? { own: true, groups: selection.groups } : selection;
}

function ownGroup(selection: GroupSelection, crawler: CrawlerDiff): boolean {
  return selection.token !== '*' && selection.token.toLowerCase() === crawler.token.toLowerCase();
}

/**
 * The group change of several crawlers that moved alike, in words true for each of them:
 * "Each now uses the group naming it (new lines 97, 98 and 37 more) instead of the
 * User-agent: * group (old line 7). They no longer get the * rules … Rules they now get: …".
 */
function sharedGroupChange(crawlers: readonly CrawlerDiff[]): GroupChange | undefined {
  const first = crawlers[0]?.groupChange;
  if (!first || crawlers.length === 1 || crawlers.every((c) => c.groupChange?.description === first.description)) return first;
  const side = (pick: (change: GroupChange) => GroupSelection | null, version: 'old' | 'new'): string => {
    const selection = pick(first);
    if (!selection) return 'no group';
    if (!ownGroup(selection, crawlers[0]!)) return `the User-agent: ${selection.token} group (${version} ${linesWord(selection.agentLines)})`;
    const lines = crawlers.flatMap((c) => (c.groupChange ? pick(c.groupChange)?.agentLines ?? [] : []));
    return `the group naming it (${version} ${linesWord([...new Set(lines)].sort((a, b) => a - b))})`;
  };
  const { from, lostRules, gainedRules } = first;
  let description: string;
  if (!from) description = `No group applied before (everything was allowed); now each uses ${side((c) => c.to, 'new')}.`;
  else if (!first.to) description = `No group applies any more (everything is allowed); before, each used ${side((c) => c.from, 'old')}.`;
  else description = `Each now uses ${side((c) => c.to, 'new')} instead of ${side((c) => c.from, 'old')}.`;
  if (from && lostRules.length > 0) description += from.token === '*' ? ` They no longer get the * rules ${ruleList(lostRules, 'old')}.` : ` Rules they no longer get: ${ruleList(lostRules, 'old')}.`;
  if (from && first.to && gainedRules.length > 0) description += ` Rules they now get: ${ruleList(gainedRules, 'new')}.`;
  if (crawlers[0]!.changes.length === 0 && from && first.to) description += ' No verdict changes for now, but edits to one group no longer reach them through the other.';
  return { ...first, description };
}

/** "line 7", "lines 97, 98, 99 and 36 more". */
function linesWord(lines: readonly number[]): string {
  const shown = lines.slice(0, 3);
  const more = lines.length - shown.length;
  return `line${lines.length > 1 ? 's' : ''} ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** One sentence for an on-save notification: who is affected, and how much. */
export function summarizeDiff(diff: RobotsDiff): string {
  const dead = diff.shadowing.length;
  const deadText = dead === 0 ? '' : ` ${plural(dead, 'rule')} can no longer decide anything.`;
  const changed = diff.crawlers.filter((c) => c.changes.length > 0);
  const moved = diff.crawlers.filter((c) => c.changes.length === 0 && c.groupChange);
  if (changed.length === 0) {
    const movedText = moved.length > 0 ? ` ${names(moved)} now use${moved.length === 1 ? 's' : ''} another group.` : '';
    return `No crawler's verdicts change.${movedText}${deadText}`;
  }
  // Crawlers that change alike are said once, with what changes for each, counted with its unit.
  const alike = groupCrawlerDiffs(changed);
  const parts = alike.slice(0, 5).map((group) => {
    const changes = group.changes;
    const down = changes.filter((x) => x.kind === 'newly-disallowed').length;
    const up = changes.length - down;
    const what = [down > 0 ? `${countOf(down, 'set of paths', 'sets of paths')} newly disallowed` : '', up > 0 ? `${countOf(up, 'set of paths', 'sets of paths')} newly allowed` : ''].filter(Boolean).join(', ');
    return group.crawlers.length === 1 ? `${displayToken(group.crawlers[0]!)} (${what})` : `${names(group.crawlers)} (each: ${what})`;
  });
  const more = alike.slice(5).reduce((sum, group) => sum + group.crawlers.length, 0);
  return `Verdicts change for ${plural(changed.length, 'crawler')}: ${parts.join('; ')}${more > 0 ? `; and ${plural(more, 'more crawler')}` : ''}.${deadText}`;
}

/**
 * One sentence about real traffic under both versions, to follow `summarizeDiff`: how many
 * requests in the named logs the new version decides differently, and for which crawlers,
 * e.g. "44 requests in access.log are decided differently: ClaudeBot 26 requests newly disallowed;
 * CCBot 18 requests newly disallowed."
 */
export function summarizeFlips(flips: readonly FlipCount[], logNames: readonly string[]): string {
  const logs = listed(logNames);
  const counted = flips.reduce((sum, f) => sum + f.requests, 0);
  const flipped = flips.filter((f) => f.newlyDisallowed + f.newlyAllowed > 0);
  const total = flipped.reduce((sum, f) => sum + f.newlyDisallowed + f.newlyAllowed, 0);
  // Browsers are not counted (they do not read robots.txt), so "non-browser" is the honest word.
  if (counted === 0) return `${logs} ${logNames.length === 1 ? 'has' : 'have'} no non-browser requests to count.`;
  if (total === 0) return `None of the ${formatCount(counted)} non-browser requests in ${logs} is decided differently.`;
  const parts = flipped.slice(0, CRAWLERS_IN_FLIP_SENTENCE).map((f) => {
    const kinds = [f.newlyDisallowed > 0 ? `${countOf(f.newlyDisallowed, 'request')} newly disallowed` : '', f.newlyAllowed > 0 ? `${countOf(f.newlyAllowed, 'request')} newly allowed` : ''];
    return `${displayToken(f)} ${kinds.filter(Boolean).join(', ')}`;
  });
  const more = flipped.length - parts.length;
  const moreText = more > 0 ? `; and ${plural(more, 'more crawler')}` : '';
  return `${countOf(total, 'request')} in ${logs} ${total === 1 ? 'is' : 'are'} decided differently: ${parts.join('; ')}${moreText}.`;
}

/** `*` reads as what it is: every crawler no group names. */
export function displayToken(crawler: Pick<CrawlerDiff, 'token'>): string {
  return crawler.token === '*' ? 'any other crawler (*)' : crawler.token;
}

/** "GPTBot, CCBot and ClaudeBot", "a, b, c and 35 more". */
function names(crawlers: readonly CrawlerDiff[]): string {
  const listed = crawlers.slice(0, 3).map(displayToken);
  if (crawlers.length > 3) return `${listed.join(', ')} and ${crawlers.length - 3} more`;
  return listed.length <= 1 ? listed.join('') : `${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1]}`;
}

/** "a.log", "a.log and b.log", "a.log, b.log and c.log". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? 'the log';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
