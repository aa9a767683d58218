import { productToken } from '../product-token';
import type { CrawlerPurpose, QuotedSource, RobotsTxtRespect } from './types';

/** Where the ai.robots.txt list lives; entries read from it name it as their source. */
export const AI_ROBOTS_TXT_URL = 'https://github.com/ai-robots-txt/ai.robots.txt';

/** One agent of an ai.robots.txt `robots.json` file, read into catalogue terms. */
export interface ListedCrawler {
  /** The robots.txt product token (a `/version` suffix in the list's key is dropped). */
  readonly token: string;
  /** The list's key when it is not a product token (`Terra Cotta`): `token` is then its first word, as a line naming it is read. */
  readonly listedAs?: string;
  /** The operator's name, or `unknown` when the list says it is unclear. */
  readonly operator: string;
  /** The list's `function` words, links reduced to their text. */
  readonly functionWords: string;
  readonly purposes: readonly CrawlerPurpose[];
  readonly honoursRobotsTxt: RobotsTxtRespect;
  readonly honoursRobotsTxtEvidence: QuotedSource;
  readonly userInitiated: boolean;
  /** The list itself, then every page the entry links to. */
  readonly sources: readonly string[];
}

/** What a `robots.json` file gave: the agents read, and why others were left out. */
export interface AiRobotsList {
  readonly crawlers: readonly ListedCrawler[];
  readonly problems: readonly string[];
}

const BARE_TOKEN = /^[A-Za-z0-9_-]+$/;
const LINK = /\[([^\]]*)\]\((https?:\/\/[^)\s]+)\)/g;
const UNCLEAR = /^unclear at this time/i;

/*
 * The list's own categories, mapped to the catalogue's purposes. Its free-text functions
 * fall through to the keyword rules in `purposesOf`.
 */
const CATEGORIES: Readonly<Record<string, readonly CrawlerPurpose[]>> = {
  'ai assistants': ['ai-search'],
  'ai agents': ['user-fetch'],
  'ai coding agents': ['user-fetch'],
  'ai data scrapers': ['ai-training'],
  'ai data scraper': ['ai-training'],
  'ai search crawlers': ['ai-search'],
  'ai data providers': ['other'],
  'undocumented ai agents': ['other'],
};

/**
 * Reads an ai.robots.txt `robots.json` document (an object keyed by agent name). Entries
 * whose key is not a robots.txt product token, or repeats one already read, are reported in
 * `problems` and left out. Never throws.
 */
export function readAiRobotsList(json: unknown): AiRobotsList {
  const crawlers: ListedCrawler[] = [];
  const problems: string[] = [];
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { crawlers, problems: ['The file is not a JSON object keyed by agent name.'] };
  }
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    const name = key.replace(/\/[0-9.]+$/, '');
    // A name of several words (`Terra Cotta`, `bigsur.ai`) is read by a crawler's parser as its first word.
    const token = BARE_TOKEN.test(name) ? name : productToken(name);
    if (token === '') {
      problems.push(`"${key}" starts with no robots.txt product token, so it was left out.`);
      continue;
    }
    if (seen.has(token.toLowerCase())) {
      problems.push(`"${key}" repeats a token already read (tokens match case-insensitively).`);
      continue;
    }
    seen.add(token.toLowerCase());
    const entry = readEntry(token, typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
    crawlers.push(token === name ? entry : { ...entry, listedAs: name });
  }
  return { crawlers, problems };
}

function readEntry(token: string, entry: Readonly<Record<string, unknown>>): ListedCrawler {
  const operatorText = textOf(entry['operator']);
  const respectText = textOf(entry['respect']);
  const functionText = textOf(entry['function']);
  const frequencyText = textOf(entry['frequency']);
  const sources = [AI_ROBOTS_TXT_URL, ...linksIn(operatorText), ...linksIn(respectText), ...linksIn(functionText)];
  const functionWords = withoutLinks(functionText);
  const purposes = purposesOf(functionWords);
  const respectWords = withoutLinks(respectText);
  return {
    token,
    operator: operatorText === '' || UNCLEAR.test(operatorText) ? 'unknown' : operatorName(withoutLinks(operatorText)),
    functionWords,
    purposes,
    honoursRobotsTxt: respectOf(respectWords),
    honoursRobotsTxtEvidence: { source: linksIn(respectText)[0] ?? AI_ROBOTS_TXT_URL, words: respectWords === '' ? 'Not stated.' : respectWords },
    userInitiated: purposes.includes('user-fetch') || /when prompted by a user/i.test(frequencyText),
    sources: [...new Set(sources)],
  };
}

/** The list's purposes in catalogue terms: its categories, else keywords of its own words. */
export function purposesOf(functionWords: string): readonly CrawlerPurpose[] {
  const key = functionWords.trim().replace(/\.$/, '').toLowerCase();
  const category = CATEGORIES[key];
  if (category) return category;
  const purposes: CrawlerPurpose[] = [];
  if (/user-initiated|user prompts|user queries|prompted by a user/.test(key)) purposes.push('user-fetch');
  if (/train|llm|language model|machine learning/.test(key)) purposes.push('ai-training');
  if (/\bsearch\b|\banswers\b/.test(key)) purposes.push('ai-search');
  if (/\bseo\b/.test(key)) purposes.push('seo');
  return purposes.length > 0 ? purposes : ['other'];
}

/** `Yes`/`No` (possibly as a link) are the list's plain answers; anything else is not a yes or no. */
function respectOf(words: string): RobotsTxtRespect {
  const key = words.trim().replace(/\.$/, '').toLowerCase();
  if (key === 'yes') return 'yes';
  if (key === 'no') return 'no';
  return 'unknown';
}

/** The list often writes a sentence where a name belongs ("Ai2, a non-profit …"): keep the name. */
function operatorName(text: string): string {
  const cut = text.search(/, | that | to | \(|\. | used for /);
  const name = (cut > 0 ? text.slice(0, cut) : text).trim();
  return name === '' ? 'unknown' : name;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function linksIn(text: string): string[] {
  return [...text.matchAll(LINK)].map((m) => m[2] ?? '').filter((url) => url !== '');
}

function withoutLinks(text: string): string {
  return text.replace(LINK, (_all, label: string) => label);
}
