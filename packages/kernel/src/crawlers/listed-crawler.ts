import type { Crawler, CrawlerPurpose, QuotedSource, RobotsTxtRespect } from './types';

/** One row of listed-agents.json: an agent known only from the ai.robots.txt list (its schema: listed-agents.schema.json). */
export interface ListedRow {
  readonly token: string;
  /**
   * The name the list gives when it is not a product token (`Terra Cotta`, `bigsur.ai`): a
   * `User-agent:` line naming it is read as its first word (`Terra`), which is then the token.
   */
  readonly listedAs?: string;
  readonly operator: string;
  /** The list's `function` words: what the agent is said to do. */
  readonly said: string;
  readonly purposes: readonly CrawlerPurpose[];
  readonly honours: RobotsTxtRespect;
  readonly evidence: QuotedSource;
  readonly userInitiated: boolean;
  readonly sources: readonly string[];
  /** False when the token is a common word browsers and tools carry too (`Code`, `Cursor`). */
  readonly marker?: false;
}

/*
 * The list records nothing about fallbacks, Crawl-delay or verification, so these entries
 * take the RFC 9309 default chain and say that the rest is not documented.
 */
const LIST_CRAWL_DELAY = 'Not documented in the list this entry comes from.';

/** Builds a catalogue entry from a list row, with the date its facts were read. */
export function listedCrawler(row: ListedRow, checked: string): Crawler {
  const base: Crawler = {
    id: row.token.toLowerCase().replace(/_/g, '-'),
    name: row.listedAs ?? row.token,
    operator: row.operator,
    purposes: row.purposes,
    honoursRobotsTxt: row.honours,
    honoursRobotsTxtEvidence: row.evidence,
    userInitiated: row.userInitiated,
    retired: null,
    retiredEvidence: null,
    description: `Listed by ai.robots.txt as: ${row.said}`,
    token: row.token,
    chain: [row.token, '*'],
    ignoresStar: false,
    controlToken: false,
    crawlDelay: 'unknown',
    crawlDelayNote: LIST_CRAWL_DELAY,
    // A name of several words says nothing of how its User-Agent header spells it.
    userAgentMarkers: row.marker === false || row.listedAs !== undefined ? [] : [row.token],
    verification: {
      ipRangeUrls: [],
      reverseDnsSuffixes: [],
      method: 'No verification method is documented in the list this entry comes from.',
    },
    wellKnown: false,
    sources: row.sources,
    checked,
  };
  if (row.listedAs !== undefined) {
    return {
      ...base,
      notes: `The list names it "${row.listedAs}", which is not a product token: a "User-agent: ${row.listedAs}" line is read as "${row.token}", so that is the token it is matched by. The list does not give its User-Agent header, so a header is not read as this crawler.`,
    };
  }
  return row.marker === false
    ? { ...base, notes: 'Its token is a common word that browsers and tools carry too, so a User-Agent header is not read as this crawler.' }
    : base;
}
