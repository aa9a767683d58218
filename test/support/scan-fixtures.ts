/**
 * What the tests of scans over log files (the sieve, the hint) share: one robots.txt version,
 * and User-Agents that claim Crawl-delay crawlers, escape one (`\x62ingbot`), only mention
 * robots.txt or a crawler, or are browsers with non-ASCII text.
 */

import { parseRobots } from '@robots-lens/kernel/parse';
import type { ReplayOptions } from '@robots-lens/replay';

export const SCAN_T0 = Date.parse('2026-11-23T00:00:00Z');

export const SCAN_OPTIONS: ReplayOptions = { versions: [{ label: 'v', effective: SCAN_T0, source: 'v', file: parseRobots('User-agent: *\nCrawl-delay: 5\n') }] };

export const SCAN_AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp)',
  'Mozilla/5.0 (compatible; \\x62ingbot/2.0)',
  'Mozilla/5.0 (compatible; robots.txt-validator/1.0; like bingbot)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0 caf\u00e9 \u65e5\u672c',
];
