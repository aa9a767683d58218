/**
 * This process's peak resident set, in KiB. Linux's `maxRSS` (getrusage) carries over the
 * high-water mark of the process this one was forked from (a Dask worker holding 100 MB
 * reads as at least that), so the process's own high-water mark (VmHWM) is read where there
 * is one.
 */

import { readFileSync } from 'node:fs';

export function peakRssKb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: getrusage's figure is all there is.
  }
  return process.resourceUsage().maxRSS;
}
