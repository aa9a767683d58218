import type { CrawlerPurpose } from './types';

/** The fixed list of purposes, in the order lists and summaries show them. */
export const CRAWLER_PURPOSES: readonly CrawlerPurpose[] = [
  'search',
  'ai-training',
  'ai-search',
  'user-fetch',
  'ads',
  'seo',
  'social-preview',
  'archive',
  'monitoring',
  'control-token',
  'other',
];

/** True when `value` is one of the fixed purposes (for command-line and settings input). */
export function isCrawlerPurpose(value: string): value is CrawlerPurpose {
  return (CRAWLER_PURPOSES as readonly string[]).includes(value);
}
