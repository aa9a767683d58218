import { tokenKey } from '../product-token';
import { CRAWLERS } from './catalogue';
import type { Crawler } from './types';

/** What a user-given agent or a logged User-Agent header resolves to. */
export interface ResolvedAgent {
  /** What the user or the log gave, unchanged. */
  readonly input: string;
  readonly kind: 'token' | 'user-agent-header';
  /** The catalogue entry, when the catalogue knows the agent. */
  readonly crawler?: Crawler;
  /** Product token used: the crawler's token, else the most plausible token of the input. */
  readonly token: string;
  /** Tokens tried in order; the first that names a group selects it. */
  readonly chain: readonly string[];
  /** One sentence saying which groups the agent looks for. */
  readonly explanation: string;
}

/*
 * Lookup tables are built once at module load, so that resolving a log line costs one
 * linear scan of the header plus a hash lookup per word, never a scan per marker.
 */
const byToken = new Map<string, Crawler>();
const byMarker = new Map<string, Crawler>();
let longestMarker = 0;

for (const crawler of CRAWLERS) {
  byToken.set(tokenKey(crawler.token), crawler);
  for (const marker of crawler.userAgentMarkers) {
    const key = tokenKey(marker);
    // The first claim wins, so catalogue order decides if two entries ever share a marker.
    if (!byMarker.has(key)) byMarker.set(key, crawler);
    if (key.length > longestMarker) longestMarker = key.length;
  }
}

/** Product names that browsers (and bots imitating them) carry, never the requester's identity. */
const BROWSER_PRODUCTS = new Set([
  'mozilla',
  'applewebkit',
  'chrome',
  'safari',
  'gecko',
  'khtml',
  'edg',
  'version',
  'mobile',
  'chromium',
  'ubuntu',
]);

const BARE_TOKEN = /^[A-Za-z0-9_-]+$/;

/*
 * `compatible; X` is how most crawlers name themselves inside a browser-like header; MSIE
 * is skipped because old Internet Explorer used the same form.
 */
const COMPATIBLE = /compatible;[ \t]*([A-Za-z0-9_-]+)/gi;

/*
 * Words that betray automation in a Mozilla-style header even when the catalogue does not
 * know the product: crawler names and the contact URLs bots put in their headers.
 */
const GENERIC_BOT_HINT = /(?:bot|crawler|spider|slurp|fetcher|scraper|archiver)(?![a-z])|https?:\/\//i;

/**
 * Looks a robots.txt product token up in the catalogue, case-insensitively: first as a
 * crawler's own token, then as one of its User-Agent product names (so `Baiduspider-render`
 * finds Baiduspider).
 */
export function crawlerByToken(token: string): Crawler | undefined {
  if (typeof token !== 'string') return undefined;
  const key = tokenKey(token.trim());
  if (key === '') return undefined;
  return byToken.get(key) ?? byMarker.get(key);
}

/**
 * Identifies the catalogue crawler a full HTTP User-Agent header claims to be. A marker
 * counts only as a whole product name (`…; Googlebot/2.1`, `(compatible; GoogleOther)`),
 * never inside a URL or a longer name, and the longest marker found wins, so
 * `Googlebot-Image/1.0` is Googlebot-Image and not Googlebot. Browsers, curl and other
 * unknown agents give `undefined`. This reports a claim; verifying it is a separate step.
 */
export function identifyUserAgent(header: string): Crawler | undefined {
  if (typeof header !== 'string') return undefined;
  let best: Crawler | undefined;
  let bestLength = 0;
  const n = header.length;
  let i = 0;
  while (i < n) {
    if (!isNameChar(header.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isNameChar(header.charCodeAt(i))) i++;
    const length = i - start;
    // Runs longer than any marker cannot match, and skipping them keeps huge inputs cheap.
    if (length <= longestMarker && length > bestLength && isMarkerStart(header, start) && isMarkerEnd(header, i)) {
      const crawler = byMarker.get(header.slice(start, i).toLowerCase());
      if (crawler !== undefined) {
        best = crawler;
        bestLength = length;
      }
    }
  }
  return best;
}

/**
 * True for a `Mozilla/…` header that names no catalogue crawler and carries no generic bot
 * hint (a `…bot`/`spider`/`crawler` name or a contact URL): most likely a person's browser.
 */
export function looksLikeBrowser(header: string): boolean {
  if (typeof header !== 'string') return false;
  const trimmed = header.trimStart();
  if (trimmed.slice(0, 8).toLowerCase() !== 'mozilla/') return false;
  if (identifyUserAgent(trimmed) !== undefined) return false;
  return !GENERIC_BOT_HINT.test(trimmed);
}

/**
 * Resolves what a user typed (Test URL, CLI) or what a log recorded to the product token
 * and chain of tokens the requester looks for in robots.txt.
 *
 * A bare token (`FooBot`, `MJ12bot`) is used as given: the catalogue's chain when it knows
 * the token, else `token, *`. Anything else is read as a User-Agent header: the crawler it
 * names via the catalogue's markers, else its most plausible product token (the `X` of
 * `compatible; X/1.0`, else the first non-browser `Name/version` product, else the first
 * product). Never throws.
 */
export function resolveAgent(input: string): ResolvedAgent {
  const raw = typeof input === 'string' ? input : '';
  const trimmed = raw.trim();

  if (trimmed === '') {
    return {
      input: raw,
      kind: 'token',
      token: '',
      chain: ['*'],
      explanation: 'No product token was given, so only the * group applies.',
    };
  }

  if (BARE_TOKEN.test(trimmed)) {
    const crawler = crawlerByToken(trimmed);
    if (crawler !== undefined) {
      return { input: raw, kind: 'token', crawler, token: crawler.token, chain: crawler.chain, explanation: describeCrawler(crawler) };
    }
    return {
      input: raw,
      kind: 'token',
      token: trimmed,
      chain: [trimmed, '*'],
      explanation: `${trimmed} is not in the catalogue: it uses a ${trimmed} group, else *.`,
    };
  }

  const named = identifyUserAgent(trimmed);
  if (named !== undefined) {
    return {
      input: raw,
      kind: 'user-agent-header',
      crawler: named,
      token: named.token,
      chain: named.chain,
      explanation: describeCrawler(named, `This User-Agent claims to be ${named.token}`),
    };
  }

  const token = plausibleToken(trimmed);
  const browser = looksLikeBrowser(trimmed);
  if (token === '') {
    return {
      input: raw,
      kind: 'user-agent-header',
      token: '',
      chain: ['*'],
      explanation: 'This User-Agent names no product token, so only the * group applies.',
    };
  }
  const known = crawlerByToken(token);
  if (known !== undefined) {
    return {
      input: raw,
      kind: 'user-agent-header',
      crawler: known,
      token: known.token,
      chain: known.chain,
      explanation: describeCrawler(known, `This User-Agent names ${known.token}`),
    };
  }
  return {
    input: raw,
    kind: 'user-agent-header',
    token,
    chain: [token, '*'],
    explanation: browser
      ? `This User-Agent looks like a browser, not a crawler; read as ${token} it would use a ${token} group, else *.`
      : `This User-Agent names ${token}, which is not in the catalogue: it uses a ${token} group, else *.`,
  };
}

/**
 * One sentence saying which groups a catalogue crawler looks for; `subject` replaces the
 * bare token when the crawler was read out of a header (`This User-Agent claims to be X`).
 */
function describeCrawler(crawler: Crawler, subject?: string): string {
  const { token, chain } = crawler;
  if (crawler.controlToken) {
    return subject === undefined
      ? `${token} is a usage-control token that never sends requests: only a ${token} group expresses it.`
      : `${subject}, a usage-control token that never sends requests, so the claim is suspicious; only a ${token} group expresses it.`;
  }
  const who = subject === undefined ? token : `${subject}, which`;
  if (crawler.ignoresStar) return `${who} looks for ${chain.join(', then ')} only: it ignores the * group.`;
  return `${who} looks for ${chain.join(', then ')}.`;
}

/*
 * Words that say what kind of agent a header is, never which one: `Sogou web spider/4.0`
 * is Sogou, not `spider`. A token is never one of these.
 */
const GENERIC_WORDS = new Set([
  'bot', 'bots', 'crawler', 'crawlers', 'spider', 'spiders', 'robot', 'robots', 'web', 'www', 'http', 'https',
  'seo', 'search', 'news', 'pic', 'image', 'images', 'video', 'compatible', 'agent', 'client',
  'the', 'by', 'for', 'like', 'linux', 'windows', 'android', 'x11', 'u',
]);

/**
 * The product token a User-Agent header most plausibly stands for, or '' when it has none.
 * One linear pass: parenthesised comments are skipped for products, because they hold
 * platform details (`Build/MMB29P`) rather than the requester's name. A product name may be
 * several words: at the start of the header (`Screaming Frog SEO Spider/19.0`) its token is
 * its first word that is not generic, as a `User-agent: Screaming Frog SEO Spider` line is
 * read as `Screaming`; later (`… Safari/537.36 Foo Spider/1.0`) the words before it are more
 * often the end of something else, so its last word that is not generic.
 */
function plausibleToken(header: string): string {
  COMPATIBLE.lastIndex = 0;
  for (let m = COMPATIBLE.exec(header); m !== null; m = COMPATIBLE.exec(header)) {
    const name = m[1];
    if (name !== undefined && name.toLowerCase() !== 'msie' && !isGeneric(name)) return name;
  }

  let firstProduct = '';
  let firstRun = '';
  // The run of bare words (`Screaming Frog SEO`) the next product name may continue: its
  // first and last words that are not generic, and whether it began the header.
  let phrase = '';
  let phraseLast = '';
  let phraseAtStart = false;
  let depth = 0;
  const n = header.length;
  let i = 0;
  while (i < n) {
    const c = header.charCodeAt(i);
    if (c === 0x28 || c === 0x29) {
      depth = c === 0x28 ? depth + 1 : Math.max(0, depth - 1);
      phrase = '';
      i++;
      continue;
    }
    if (!isNameChar(c)) {
      if (!isSpace(c)) phrase = '';
      i++;
      continue;
    }
    const start = i;
    while (i < n && isNameChar(header.charCodeAt(i))) i++;
    const name = header.slice(start, i);
    const bare = depth === 0 && (start === 0 || isSpace(header.charCodeAt(start - 1)));
    if (firstRun === '' && !isGeneric(name)) firstRun = name;
    if (!bare) {
      phrase = '';
      continue;
    }
    if (phrase === '') phraseAtStart = start === 0;
    if (!isGeneric(name)) {
      if (phrase === '') phrase = name;
      phraseLast = name;
    }
    if (header.charCodeAt(i) !== 0x2f) {
      if (i < n && !isSpace(header.charCodeAt(i))) phrase = '';
      continue;
    }
    // A product: `Name/version`, its name possibly several words long.
    const product = phraseAtStart ? phrase : phrase === '' ? '' : phraseLast;
    phrase = '';
    if (product === '') continue;
    if (!BROWSER_PRODUCTS.has(product.toLowerCase()) && !BROWSER_PRODUCTS.has(name.toLowerCase())) return product;
    if (firstProduct === '') firstProduct = product;
  }
  return firstProduct !== '' ? firstProduct : firstRun;
}

function isGeneric(word: string): boolean {
  return GENERIC_WORDS.has(word.toLowerCase());
}

/** Characters of a product name: letters, digits, `-` and `_`. */
function isNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** A marker starts a product name after the start, a space, `(`, `;` or `+`. */
function isMarkerStart(s: string, start: number): boolean {
  if (start === 0) return true;
  const c = s.charCodeAt(start - 1);
  return isSpace(c) || c === 0x28 || c === 0x3b || c === 0x2b;
}

/** A marker ends a product name before `/`, `;`, `)`, a space or the end. */
function isMarkerEnd(s: string, end: number): boolean {
  if (end === s.length) return true;
  const c = s.charCodeAt(end);
  return isSpace(c) || c === 0x2f || c === 0x3b || c === 0x29;
}
