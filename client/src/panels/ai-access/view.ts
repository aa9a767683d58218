/**
 * What the AI access webview shows, computed from the server's `AiAccessResult`: per purpose
 * the summary sentence and one row per crawler in words, and the preferences table. Pure
 * data — the webview inserts all of it as text.
 *
 * A user-initiated fetcher that may ignore robots.txt is marked in words on its row, so the
 * verdict next to it is never read as a promise.
 */

import type { AiAccessCrawler, AiAccessResult, CrawlerPurposeDto, FetchStateNote } from '../../../../server/src/protocol';
import { fetchStateText } from '../../verdict-report';
import type { SavedWords } from '../saved-state';

export type AccessState = AiAccessCrawler['access'];

export interface AiAccessViewRow {
  readonly token: string;
  /** Name (when it differs from the token) and operator. */
  readonly about: string;
  readonly access: AccessState;
  /** What the file says to it, as the summary counts it: `kept-out`, `may-ignore`, `not-stated`… */
  readonly statement: AiAccessCrawler['statement'];
  /** What the file says to it: "Kept out: may fetch nothing", "Kept out of /cart/ and 2 more; may fetch the rest", "Opted out…". */
  readonly accessText: string;
  /** Which group it obeys, briefly. */
  readonly group: string;
  /** 0-based line to reveal: the group's first User-agent line. */
  readonly groupLine: number | null;
  /** "yes", "no", "partly", "unknown". */
  readonly honours: string;
  /** The operator's words on robots.txt, or why nothing is known. */
  readonly honoursTooltip: string;
  /** Words of the mark, present only on a crawler that may ignore robots.txt (its operator's words or the list's). */
  readonly mark?: string;
}

export interface AiAccessViewPurpose {
  readonly purpose: CrawlerPurposeDto;
  readonly title: string;
  readonly summary: string;
  /** Shown unfolded: the purposes about AI. */
  readonly open: boolean;
  readonly rows: readonly AiAccessViewRow[];
}

export interface AiAccessViewPreferences {
  /** One sentence before the table: what it shows, or why there is none. */
  readonly caption: string;
  readonly columns: readonly { readonly label: string; readonly crawlers: string }[];
  readonly rows: readonly { readonly path: string; readonly cells: readonly { readonly allowed: boolean; readonly text: string; readonly line: number | null }[] }[];
}

export interface AiAccessView {
  readonly documentName: string;
  readonly version: number;
  /** Whether the answer is of the saved file or of unsaved edits (see saved-state.ts). */
  readonly saved: SavedWords;
  readonly purposes: readonly AiAccessViewPurpose[];
  readonly preferences: AiAccessViewPreferences;
  /** Why the fetch state, not the rules, decided (a fetched robots.txt without rules in force). */
  readonly fetchState?: string;
  /**
   * The AI crawlers shown whose operator says they do not honour robots.txt, or may ignore it,
   * and that robots.txt keeps from something: offered "Enforce for N crawlers…" (server
   * rules that refuse what robots.txt disallows them).
   */
  readonly enforceable: readonly string[];
}

export const MAY_IGNORE_MARK = 'may ignore robots.txt';

const AI_PURPOSES: ReadonlySet<CrawlerPurposeDto> = new Set(['ai-training', 'ai-search', 'user-fetch']);

export function aiAccessView(result: AiAccessResult, source: { readonly documentName: string; readonly saved: SavedWords }): AiAccessView {
  return {
    documentName: source.documentName,
    version: result.version,
    saved: source.saved,
    purposes: result.purposes.map((purpose) => ({
      purpose: purpose.purpose,
      title: purpose.title,
      summary: purpose.summary,
      open: AI_PURPOSES.has(purpose.purpose),
      rows: purpose.crawlers.map((crawler) => viewRow(crawler, result.fetchState)),
    })),
    preferences: preferencesView(result),
    ...(result.fetchState ? { fetchState: fetchStateText(result.fetchState) } : {}),
    enforceable: result.fetchState ? [] : enforceable(result),
  };
}

function enforceable(result: AiAccessResult): string[] {
  const tokens = new Set<string>();
  for (const purpose of result.purposes) {
    if (!AI_PURPOSES.has(purpose.purpose)) continue;
    for (const c of purpose.crawlers) {
      if ((c.honoursRobotsTxt === 'no' || c.honoursRobotsTxt === 'partly' || c.mayIgnoreRobotsTxt) && c.access !== 'everything') tokens.add(c.token);
    }
  }
  return [...tokens];
}

const ACCESS_UNDER_FETCH_STATE: Readonly<Record<AccessState, string>> = {
  nothing: 'May fetch nothing (the fetch state decides)',
  everything: 'May fetch everything (the fetch state decides)',
  some: 'May fetch some paths',
};

function viewRow(crawler: AiAccessCrawler, fetchState: FetchStateNote | undefined): AiAccessViewRow {
  const group = crawler.group;
  const first = group?.agentLines[0];
  const where = first !== undefined ? ` (line ${first + 1})` : '';
  const groupText = fetchState
    ? `robots.txt ${fetchState.state}`
    : !group
      ? 'no group: all allowed'
      : group.via === 'own-token'
        ? `own group${where}`
        : group.via === 'fallback'
          ? `falls back to ${group.token}${where}`
          : `* group${where}`;
  const honoursTooltip = crawler.honoursRobotsTxtWords !== undefined
    ? `Honours robots.txt: ${crawler.honoursRobotsTxt}. The operator's words: “${crawler.honoursRobotsTxtWords}”`
    : `Honours robots.txt: ${crawler.honoursRobotsTxt}. No operator words are quoted in the catalogue.`;
  return {
    token: crawler.token,
    about: crawler.name !== crawler.token ? `${crawler.name} · ${crawler.operator}` : crawler.operator,
    access: crawler.access,
    statement: crawler.statement,
    accessText: fetchState ? ACCESS_UNDER_FETCH_STATE[crawler.access] : `${crawler.words.charAt(0).toUpperCase()}${crawler.words.slice(1)}`,
    group: groupText,
    groupLine: fetchState ? null : (first ?? null),
    honours: crawler.honoursRobotsTxt,
    honoursTooltip,
    ...(crawler.statement === 'may-ignore' ? { mark: MAY_IGNORE_MARK } : {}),
  };
}

function preferencesView(result: AiAccessResult): AiAccessViewPreferences {
  const { groups, silentGroups, paths, cells } = result.preferences;
  if (result.fetchState) {
    return { caption: 'No group is in force while the fetch state decides, so no AI-use preference applies.', columns: [], rows: [] };
  }
  if (groups.length === 0) {
    return { caption: 'This robots.txt states no AI-use preferences (Content-Usage or Content-Signal) in any group.', columns: [], rows: [] };
  }
  const silent = silentGroups > 0 ? ` ${silentGroups} other group${silentGroups === 1 ? '' : 's'} state${silentGroups === 1 ? 's' : ''} none: ${silentGroups === 1 ? 'its' : 'their'} crawlers get no preference.` : '';
  return {
    caption: `The preferences in effect per path for each group that states any; where the group disallows the path, none applies.${silent}`,
    columns: groups.map((group) => ({ label: group.label, crawlers: crawlersText(group.crawlers, group.everyOtherCrawler) })),
    rows: paths.map((path, p) => ({
      path,
      cells: (cells[p] ?? []).map((cell) => ({ allowed: cell.allowed, text: cell.text, line: cell.lines[0] ?? null })),
    })),
  };
}

function crawlersText(crawlers: readonly string[], everyOther: boolean): string {
  if (everyOther) return `obeyed by every crawler without a group of its own (${crawlers.length} of the catalogue's)`;
  if (crawlers.length <= 4) return `obeyed by ${crawlers.join(', ')}`;
  return `obeyed by ${crawlers.slice(0, 4).join(', ')} and ${crawlers.length - 4} more`;
}
