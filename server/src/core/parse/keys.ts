/**
 * How Google reads a key (google/robotstxt `ParsedRobotsKey::Parse`): case-insensitive,
 * and a key only has to *start with* a known key. A few frequent typos are accepted too.
 * Order matters and is Google's: user-agent, allow, disallow, sitemap.
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

/** The canonical spelling users should write, by directive. */
export const CANONICAL_KEY: Readonly<Record<GroupDirective, string>> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

// Readings are shared constants: the parser asks once per line and must not allocate.
const READINGS = new Map<string, KeyReading>();
for (const known of KNOWN_KEYS) {
  for (const spelling of ['exact', 'prefix', 'misspelling'] as const) {
    READINGS.set(known.directive + spelling, { directive: known.directive, spelling });
  }
}

function reading(directive: GroupDirective, spelling: KeySpelling): KeyReading {
  return READINGS.get(directive + spelling)!;
}

export function readKey(key: string): KeyReading | undefined {
  for (const known of KNOWN_KEYS) {
    if (startsWithIgnoreCase(key, known.canonical)) {
      return reading(known.directive, key.length === known.canonical.length ? 'exact' : 'prefix');
    }
    for (const typo of known.typos) {
      if (startsWithIgnoreCase(key, typo)) return reading(known.directive, 'misspelling');
    }
  }
  return undefined;
}

/** `text` starts with the lower-case ASCII `prefix`, ignoring ASCII case. */
function startsWithIgnoreCase(text: string, prefix: string): boolean {
  if (text.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}
