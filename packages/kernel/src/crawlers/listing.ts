import type { ListedCrawler } from './ai-robots-list';
import { CRAWLERS } from './catalogue';
import { crawlerByToken } from './resolve-agent';
import type { Crawler, CrawlerPurpose, RobotsTxtRespect } from './types';

/** One crawler as `robots-lens crawlers --json` prints it. */
export interface CrawlerRecord {
  readonly token: string;
  readonly name: string;
  readonly operator: string;
  readonly purposes: readonly CrawlerPurpose[];
  readonly honoursRobotsTxt: RobotsTxtRespect;
  readonly honoursRobotsTxtSource: { readonly url: string; readonly words: string } | null;
  readonly userInitiated: boolean;
  readonly retired: string | null;
  readonly retiredSource: { readonly url: string; readonly words: string } | null;
  readonly verification: { readonly ipRanges: readonly string[]; readonly reverseDns: readonly string[] };
  readonly sources: readonly string[];
  readonly checked: string;
}

/** The catalogue's crawlers as records, only those with `purpose` when one is given. */
export function crawlerRecords(purpose?: CrawlerPurpose): CrawlerRecord[] {
  return CRAWLERS.filter((c) => purpose === undefined || c.purposes.includes(purpose)).map(crawlerRecord);
}

function crawlerRecord(c: Crawler): CrawlerRecord {
  const quoted = (q: Crawler['retiredEvidence']) => (q === null ? null : { url: q.source, words: q.words });
  return {
    token: c.token,
    name: c.name,
    operator: c.operator,
    purposes: c.purposes,
    honoursRobotsTxt: c.honoursRobotsTxt,
    honoursRobotsTxtSource: quoted(c.honoursRobotsTxtEvidence),
    userInitiated: c.userInitiated,
    retired: c.retired,
    retiredSource: quoted(c.retiredEvidence),
    verification: { ipRanges: c.verification.ipRangeUrls, reverseDns: c.verification.reverseDnsSuffixes },
    sources: c.sources,
    checked: c.checked,
  };
}

/** What importing one list entry would do to the catalogue. */
export interface CatalogueChange {
  readonly token: string;
  /** The list's name when it is several words (`Terra Cotta`): `token` is its first word. */
  readonly listedAs?: string;
  /** `add`: the catalogue does not know the token; `change`: it does, and the list says otherwise. */
  readonly kind: 'add' | 'change';
  readonly operator: string;
  /** The list's `function` words. */
  readonly said: string;
  readonly purposes: { readonly catalogue: readonly CrawlerPurpose[] | null; readonly list: readonly CrawlerPurpose[] } | null;
  readonly honoursRobotsTxt: { readonly catalogue: RobotsTxtRespect | null; readonly list: RobotsTxtRespect; readonly words: string } | null;
  readonly userInitiated: { readonly catalogue: boolean | null; readonly list: boolean } | null;
}

/**
 * Compares list entries with the catalogue: new tokens are additions; known tokens are
 * changes only where purposes, robots.txt respect or user initiation differ. A list that
 * says `unknown` never overrides a catalogue entry that knows, so it is no change.
 */
export function compareWithCatalogue(listed: readonly ListedCrawler[]): CatalogueChange[] {
  const changes: CatalogueChange[] = [];
  for (const entry of listed) {
    const known = crawlerByToken(entry.token);
    const base = { token: entry.token, ...(entry.listedAs === undefined ? {} : { listedAs: entry.listedAs }), operator: entry.operator, said: entry.functionWords };
    if (known === undefined) {
      changes.push({
        ...base,
        kind: 'add',
        purposes: { catalogue: null, list: entry.purposes },
        honoursRobotsTxt: { catalogue: null, list: entry.honoursRobotsTxt, words: entry.honoursRobotsTxtEvidence.words },
        userInitiated: { catalogue: null, list: entry.userInitiated },
      });
      continue;
    }
    const purposesDiffer = !sameSet(known.purposes, entry.purposes);
    const respectDiffers = entry.honoursRobotsTxt !== 'unknown' && entry.honoursRobotsTxt !== known.honoursRobotsTxt;
    const initiationDiffers = entry.userInitiated && !known.userInitiated;
    if (!purposesDiffer && !respectDiffers && !initiationDiffers) continue;
    changes.push({
      ...base,
      kind: 'change',
      purposes: purposesDiffer ? { catalogue: known.purposes, list: entry.purposes } : null,
      honoursRobotsTxt: respectDiffers ? { catalogue: known.honoursRobotsTxt, list: entry.honoursRobotsTxt, words: entry.honoursRobotsTxtEvidence.words } : null,
      userInitiated: initiationDiffers ? { catalogue: known.userInitiated, list: entry.userInitiated } : null,
    });
  }
  return changes;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
