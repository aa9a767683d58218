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

export function readKey(key: string): KeyReading | undefined {
  const lower = key.toLowerCase();
  for (const known of KNOWN_KEYS) {
    if (lower.startsWith(known.canonical)) {
      return { directive: known.directive, spelling: lower.length === known.canonical.length ? 'exact' : 'prefix' };
    }
    if (known.typos.some((typo) => lower.startsWith(typo))) {
      return { directive: known.directive, spelling: 'misspelling' };
    }
  }
  return undefined;
}
