/**
 * How Google reads a key (google/robotstxt `ParsedRobotsKey::Parse`): case-insensitive,
 * and a key only has to *start with* a known key. A few frequent typos are accepted too.
 * Order matters and is Google's: user-agent, allow, disallow, sitemap.
 *
 * So `DisallowAITraining: /` (a proposed AI-training key no crawler documents) is a Disallow
 * rule, as Googlebot reads it (docs/spec/robots-semantics.md §1); preferences/ai-training-key.ts
 * names such lines so that hovers and lint say so instead of calling them a typo.
 */

import type { KeySpelling } from './model';

export type GroupDirective = 'user-agent' | 'allow' | 'disallow' | 'sitemap';

export interface KeyReading {
  readonly directive: GroupDirective;
  readonly spelling: KeySpelling;
}

interface KnownKey {
  readonly directive: GroupDirective;
  readonly canonical: string;
  readonly typos: readonly string[];
}

const KNOWN_KEYS: readonly KnownKey[] = [
  { directive: 'user-agent', canonical: 'user-agent', typos: ['useragent', 'user agent'] },
  { directive: 'allow', canonical: 'allow', typos: [] },
  { directive: 'disallow', canonical: 'disallow', typos: ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'] },
  { directive: 'sitemap', canonical: 'sitemap', typos: ['site-map'] },
];

// Readings are shared constants, one per key and spelling: the parser asks once per line
// and must not allocate.
const READINGS: ReadonlyArray<Readonly<Record<KeySpelling, KeyReading>>> = KNOWN_KEYS.map(({ directive }) => ({
  exact: { directive, spelling: 'exact' },
  prefix: { directive, spelling: 'prefix' },
  misspelling: { directive, spelling: 'misspelling' },
}));

/** The first letters each known key can be spelled with: a key starting otherwise is not it. */
const INITIALS: ReadonlyArray<ReadonlySet<number>> = KNOWN_KEYS.map(
  (known) => new Set([known.canonical, ...known.typos].map((spelling) => spelling.charCodeAt(0))),
);

/** The canonical spelling users should write, by directive. */
export const CANONICAL_KEY: Readonly<Record<GroupDirective, string>> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

export function readKey(key: string): KeyReading | undefined {
  return readKeyAt(key, 0, key.length);
}

/** `readKey` of `text.slice(start, end)`, without making the slice. */
export function readKeyAt(text: string, start: number, end: number): KeyReading | undefined {
  // Nearly every key of a large file is one of the three spelled exactly: told apart by its
  // length and first letter, then compared once, before the general search below.
  const exact = exactKey(end - start, text.charCodeAt(start) | 0x20);
  if (exact >= 0 && startsWithIgnoreCase(text, start, end, KNOWN_KEYS[exact]!.canonical)) return READINGS[exact]!.exact;
  let initial = text.charCodeAt(start);
  if (initial >= 0x41 && initial <= 0x5a) initial += 0x20;
  for (let k = 0; k < KNOWN_KEYS.length; k++) {
    if (!INITIALS[k]!.has(initial)) continue;
    const known = KNOWN_KEYS[k]!;
    const readings = READINGS[k]!;
    if (startsWithIgnoreCase(text, start, end, known.canonical)) {
      return end - start === known.canonical.length ? readings.exact : readings.prefix;
    }
    for (const typo of known.typos) {
      if (startsWithIgnoreCase(text, start, end, typo)) return readings.misspelling;
    }
  }
  return undefined;
}

/** The directives in KNOWN_KEYS order: what `exactKeyWithColon` returns the index of. */
export const KEY_DIRECTIVES: readonly GroupDirective[] = KNOWN_KEYS.map((known) => known.directive);

/** The length of each known key's canonical spelling, in KNOWN_KEYS order. */
export const KEY_LENGTHS: readonly number[] = KNOWN_KEYS.map((known) => known.canonical.length);

/** Each known key's canonical spelling as character codes, in KNOWN_KEYS order. */
const CANONICAL_CODES: ReadonlyArray<readonly number[]> = KNOWN_KEYS.map((known) => Array.from(known.canonical, (ch) => ch.charCodeAt(0)));

/**
 * The known key spelled exactly (in any case) at `start` and followed at once by its colon,
 * within `text[start, end)` — `Disallow:` — as its index in KEY_DIRECTIVES; -1 otherwise.
 * Nearly every line of a large file is such a line: told at its first letter which key it
 * can be, it needs no search for the colon and no general reading of the key. When this
 * answers -1 the line is read the general way, which gives the same reading for these lines.
 */
export function exactKeyWithColon(text: string, start: number, end: number): number {
  let k: number;
  switch (text.charCodeAt(start) | 0x20) {
    case 0x64: k = 2; break; // disallow
    case 0x61: k = 1; break; // allow
    case 0x75: k = 0; break; // user-agent
    case 0x73: k = 3; break; // sitemap
    default: return -1;
  }
  const codes = CANONICAL_CODES[k]!;
  const colon = start + codes.length;
  if (colon >= end || text.charCodeAt(colon) !== 0x3a) return -1;
  // Against numbers, not a second string: each `charCodeAt` first asks what kind of string
  // it reads, and comparing two strings so cost half of reading such a line.
  for (let i = 1; i < codes.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== codes[i]) return -1;
  }
  return k;
}

/** The index in KNOWN_KEYS of the key a key of this length and lower-cased initial may exactly be, or -1. */
function exactKey(length: number, initial: number): number {
  if (length === 8 && initial === 0x64) return 2; // disallow
  if (length === 5 && initial === 0x61) return 1; // allow
  if (length === 10 && initial === 0x75) return 0; // user-agent
  if (length === 7 && initial === 0x73) return 3; // sitemap
  return -1;
}

/** `text[start, end)` starts with the lower-case ASCII `prefix`, ignoring ASCII case. */
function startsWithIgnoreCase(text: string, start: number, end: number, prefix: string): boolean {
  if (end - start < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}
