import type { Crawler, CrawlerPurpose, QuotedSource, RobotsTxtRespect } from './types';

/** One row of listed-agents.json: an agent known only from the ai.robots.txt list (its schema: listed-agents.schema.json). */
export interface ListedRow {
  readonly token: string;
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
    name: row.token,
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
    userAgentMarkers: row.marker === false ? [] : [row.token],
    verification: {
      ipRangeUrls: [],
      reverseDnsSuffixes: [],
      method: 'No verification method is documented in the list this entry comes from.',
    },
    wellKnown: false,
    sources: row.sources,
    checked,
  };
  return row.marker === false
    ? { ...base, notes: 'Its token is a common word that browsers and tools carry too, so a User-Agent header is not read as this crawler.' }
    : base;
}
