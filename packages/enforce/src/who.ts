/**
 * Who asked: the crawler a User-Agent header names, as the kernel's `resolveAgent` reads it,
 * written as an ordered list of case-insensitive regular expressions whose first match
 * names the crawler. A name counts only as a whole product name (after the start, a space,
 * `(`, `;` or `+`; before `/`, `;`, `)`, a space or the end), so `LCC` never matches `SLCC1`
 * and `Spider` never `Baiduspider`; the longest catalogue name in the header wins, so every
 * longer name is listed before a shorter one, out of scope or not.
 */

import { CRAWLERS, identifyUserAgent, resolveAgent } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { literal } from './uri-regex';
import type { RegexFlavour } from './uri-regex';

/** One entry of the ordered list. */
export interface WhoEntry {
  /** Matched case-insensitively against the whole User-Agent header. */
  readonly source: string;
  /** The crawler in scope it recognises; null for a crawler out of scope whose name must win first. */
  readonly crawler: Crawler | null;
  /** The catalogue names it looks for, for the comment beside it. */
  readonly names: readonly string[];
}

export interface WhoList {
  readonly entries: readonly WhoEntry[];
  /** What the list cannot tell apart, one sentence each. */
  readonly limits: readonly string[];
}

const SPACE = '[\\x09\\x20]';
/**
 * Where a name may start and end. PCRE says it with look-around, so the expression begins
 * with the names themselves and the engine skips ahead to their first letters (several
 * times faster on every browser's header); RE2 has no look-around and reads the character.
 */
const BOUNDS: Readonly<Record<RegexFlavour, { readonly start: string; readonly end: string }>> = {
  pcre: { start: '(?<![^\\x09\\x20\\x28\\x3B\\x2B])', end: '(?![^\\x09\\x20\\x2F\\x3B\\x29])' },
  re2: { start: '(?:^|[\\x09\\x20\\x28\\x3B\\x2B])', end: '(?:[\\x09\\x20\\x2F\\x3B\\x29]|$)' },
};

/** The ordered recognition list for the crawlers in `scope`. */
export function whoList(scope: readonly Crawler[], flavour: RegexFlavour): WhoList {
  const { start: nameStart, end: nameEnd } = BOUNDS[flavour];
  const inScope = new Set(scope);
  const entries: WhoEntry[] = [];
  const limits: string[] = [];

  // A header that is one bare name is looked up as a robots.txt token first (resolveAgent):
  // where that names another crawler than the header reading does, it gets its own entry.
  for (const crawler of CRAWLERS) {
    for (const name of [crawler.token, ...crawler.userAgentMarkers]) {
      const asToken = resolveAgent(name).crawler;
      const asHeader = identifyUserAgent(name);
      if (asToken === asHeader) continue;
      if (!(asToken && inScope.has(asToken)) && !(asHeader && inScope.has(asHeader))) continue;
      entries.push({ source: `^${SPACE}*${name.split('').map(literal).join('')}${SPACE}*$`, crawler: asToken && inScope.has(asToken) ? asToken : null, names: [name] });
    }
  }

  // resolveAgent's last resort reads a header's most plausible product token; a server
  // cannot, so a crawler's name must stand as a whole product name to be recognised.
  limits.push('A header in which no catalogue name stands as a whole product name (GPTBot.1, GPTBot+1) is not recognised, where robots.txt Lens may still read the crawler\'s token as its most plausible product.');
  const markers = catalogueMarkers();
  const scoped = markers.filter((m) => inScope.has(m.crawler));
  if (scoped.length === 0) return { entries: mergeRuns(entries, nameStart, nameEnd), limits };
  const shortest = Math.min(...scoped.map((m) => m.name.length));
  const ordered = markers.filter((m) => m.name.length >= shortest).sort((a, b) => b.name.length - a.name.length || a.order - b.order);
  for (const m of ordered) {
    entries.push({ source: `${nameStart}(?:${m.name.split('').map(literal).join('')})${nameEnd}`, crawler: inScope.has(m.crawler) ? m.crawler : null, names: [m.name] });
  }
  const tied = scoped.filter((m) => ordered.some((o) => o.name.length === m.name.length && o.crawler !== m.crawler)).map((m) => m.name);
  if (tied.length > 0) {
    const named = tied.length > 4 ? `${tied.slice(0, 4).join(', ')} and ${tied.length - 4} more` : tied.join(', ');
    limits.push(`A User-Agent naming two catalogue crawlers whose names are equally long (${named} ${tied.length === 1 ? 'has' : 'have'} such rivals) is taken as the one listed first here, where robots.txt Lens takes the leftmost name.`);
  }
  return { entries: mergeRuns(entries, nameStart, nameEnd), limits };
}

/** Neighbouring entries with the same outcome become one alternation: first match is unchanged. */
function mergeRuns(entries: readonly WhoEntry[], nameStart: string, nameEnd: string): WhoEntry[] {
  const merged: WhoEntry[] = [];
  for (const entry of entries) {
    const previous = merged[merged.length - 1];
    const marker = entry.source.startsWith(nameStart);
    if (previous && marker && previous.source.startsWith(nameStart) && previous.crawler === entry.crawler) {
      const names = [...previous.names, ...entry.names];
      merged[merged.length - 1] = { source: `${nameStart}(?:${names.map((n) => n.split('').map(literal).join('')).join('|')})${nameEnd}`, crawler: entry.crawler, names };
    } else merged.push(entry);
  }
  return merged;
}

interface CatalogueMarker {
  readonly name: string;
  readonly crawler: Crawler;
  readonly order: number;
}

/**
 * Every catalogue name once (case-insensitively), the first claim winning as in the kernel.
 * A crawler with no documented User-Agent name (`LCC`, `Spider`) is not looked for by its
 * token inside headers: such tokens are common words (`Speedy Spider`), which the kernel
 * reads as the crawler only when it is the header's most plausible product.
 */
function catalogueMarkers(): CatalogueMarker[] {
  const seen = new Set<string>();
  const out: CatalogueMarker[] = [];
  for (const crawler of CRAWLERS) {
    for (const name of crawler.userAgentMarkers) {
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name, crawler, order: out.length });
    }
  }
  return out;
}
