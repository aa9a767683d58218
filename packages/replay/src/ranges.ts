/**
 * Published crawler IP lists: reading them in the operators' JSON shapes and knowing which
 * crawlers of the catalogue each list vouches for. A list is data with a date; every
 * verdict built on it names the list and its `creationTime`.
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { parseCidr } from './ip';
import type { IpPrefix } from './ip';

/** One loaded list of an operator's crawler addresses. */
export interface IpRangeList {
  /** File name, e.g. `common-crawlers.json`. */
  readonly name: string;
  /** The official URL the list comes from, when the name is one of the catalogue's lists. */
  readonly url: string | null;
  /** The list's own date (`creationTime`), as published; null when it carries none. */
  readonly creationTime: string | null;
  readonly prefixes: readonly IpPrefix[];
  /** Product tokens of the catalogue crawlers this list verifies. */
  readonly crawlers: readonly string[];
  /** What could not be read (bad JSON, invalid prefixes); never fatal. */
  readonly problems: readonly string[];
}

/** A catalogue list URL with the file name it is stored under and the crawlers it covers. */
export interface RangeListSource {
  readonly url: string;
  readonly fileName: string;
  readonly crawlers: readonly Crawler[];
}

/** The file name a list URL is stored under: its last path segment (`common-crawlers.json`). */
export function rangeListFileName(url: string): string {
  const path = url.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '' ? 'ranges.json' : name;
}

/** Every IP list URL the catalogue names, once, with the crawlers that rely on it. */
export const RANGE_LIST_SOURCES: readonly RangeListSource[] = (() => {
  const byUrl = new Map<string, Crawler[]>();
  for (const crawler of CRAWLERS) {
    for (const url of crawler.verification.ipRangeUrls) {
      const list = byUrl.get(url) ?? [];
      list.push(crawler);
      byUrl.set(url, list);
    }
  }
  return [...byUrl].map(([url, crawlers]) => ({ url, fileName: rangeListFileName(url), crawlers }));
})();

const SOURCES_BY_FILE = new Map<string, RangeListSource>();
for (const source of RANGE_LIST_SOURCES) {
  if (!SOURCES_BY_FILE.has(source.fileName.toLowerCase())) SOURCES_BY_FILE.set(source.fileName.toLowerCase(), source);
}

/**
 * The crawlers a list file vouches for: by the catalogue URL it is named after
 * (`gptbot.json`), else by a crawler id or token as its name (`ahrefsbot.json`).
 */
export function crawlersForRangeList(fileName: string): { url: string | null; crawlers: readonly Crawler[] } {
  const key = fileName.toLowerCase();
  const source = SOURCES_BY_FILE.get(key);
  if (source) return { url: source.url, crawlers: source.crawlers };
  const stem = key.replace(/\.(json|txt)$/, '');
  const crawler = CRAWLERS.find((c) => c.id === stem || c.token.toLowerCase() === stem);
  return { url: null, crawlers: crawler ? [crawler] : [] };
}

const DATE_KEYS = ['creationTime', 'creation_time', 'createDate', 'date', 'updated', 'lastUpdated', 'last_updated', 'generated'];
const PREFIX_KEYS = ['ipv4Prefix', 'ipv6Prefix', 'prefix', 'cidr', 'ip_prefix', 'ipv6_prefix', 'range', 'ip'];

/**
 * Reads a list in any of the shapes operators publish: Google's
 * `{creationTime, prefixes: [{ipv4Prefix} | {ipv6Prefix}]}` (also used by Bing, OpenAI,
 * Apple, Perplexity, Anthropic, DuckDuckGo, Common Crawl), split `ipv4Prefixes`/
 * `ipv6Prefixes` arrays, plain arrays of strings, and one CIDR per line. Never throws.
 */
export function parseIpRangeList(text: string, fileName: string): IpRangeList {
  const problems: string[] = [];
  const raw: string[] = [];
  let creationTime: string | null = null;
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      problems.push(`not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (value !== undefined) {
      creationTime = findDate(value);
      collectPrefixes(value, raw, 0);
      // Google's goog.json carries only a syncToken: epoch milliseconds.
      if (creationTime === null && isRecord(value) && typeof value.syncToken === 'string' && /^\d{12,14}$/.test(value.syncToken)) {
        creationTime = new Date(Number(value.syncToken)).toISOString();
      }
    }
  } else {
    for (const line of trimmed.split(/\r?\n/)) {
      const content = line.replace(/#.*$/, '').trim();
      if (content !== '') raw.push(content);
    }
  }
  const prefixes: IpPrefix[] = [];
  for (const entry of raw) {
    const prefix = parseCidr(entry);
    if (prefix) prefixes.push(prefix);
    else if (problems.length < 10) problems.push(`"${entry.slice(0, 60)}" is not an IP prefix`);
  }
  if (prefixes.length === 0 && problems.length === 0) problems.push('no IP prefixes found');
  const { url, crawlers } = crawlersForRangeList(fileName);
  return { name: fileName, url, creationTime, prefixes, crawlers: crawlers.map((c) => c.token), problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function findDate(value: unknown): string | null {
  if (!isRecord(value)) return null;
  for (const key of DATE_KEYS) {
    const v = value[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

/** Collects prefix strings from nested objects and arrays (bounded depth, so no hostile recursion). */
function collectPrefixes(value: unknown, out: string[], depth: number): void {
  if (depth > 6) return;
  if (typeof value === 'string') {
    if (/[0-9a-fA-F][.:]/.test(value)) out.push(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectPrefixes(item, out, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  let found = false;
  for (const key of PREFIX_KEYS) {
    const v = value[key];
    if (typeof v === 'string') {
      out.push(v);
      found = true;
    }
  }
  if (found) return;
  for (const [key, v] of Object.entries(value)) {
    if (DATE_KEYS.includes(key) || key === 'syncToken') continue;
    if (typeof v === 'object' && v !== null) collectPrefixes(v, out, depth + 1);
  }
}

/**
 * A list file as the replay takes it: read with `parseIpRangeList`, kept only when the catalogue
 * knows whose list it is and it holds prefixes; each problem is one warning sentence pushed to
 * `warnings`. The desktop's folder and the web worker's files go through this one door.
 */
export function acceptIpRangeList(text: string, fileName: string, warnings: string[]): IpRangeList | null {
  const list = parseIpRangeList(text, fileName);
  if (list.crawlers.length === 0) {
    warnings.push(`${fileName}: not a list the crawler catalogue knows (name it after the official file, e.g. common-crawlers.json, or after a crawler token); ignored.`);
    return null;
  }
  if (list.prefixes.length === 0) {
    warnings.push(`${fileName}: ${list.problems.join('; ')}; ignored.`);
    return null;
  }
  if (list.problems.length > 0) warnings.push(`${fileName}: ${list.problems.join('; ')}.`);
  return list;
}
