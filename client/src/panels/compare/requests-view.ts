/**
 * The logged requests a comparison decides differently, as the comparison panel shows them:
 * per crawler, how many of its requests flip and which way, and example requests (when, what,
 * the verdict before → now with the deciding lines) to find in the log. Plain strings only:
 * the webview inserts them as text, since everything from a log may be hostile.
 */

import { basename } from 'node:path';
import { countOf, formatCount } from '@robots-lens/kernel/words';
import { displayToken } from '@robots-lens/diff';
import type { CompareRequests, FlipCountDto, FlipExampleDto } from '../../../../server/src/protocol';

export interface FlipExampleView {
  /** `2026-11-23 08:14:03` (UTC); empty when the log gave no time. */
  readonly time: string;
  /** The request target, as logged. */
  readonly url: string;
  /** `allowed by old line 80`, `allowed (no rule)`. */
  readonly before: string;
  /** `disallowed` or `allowed`: the verdict of the buffer. */
  readonly now: string;
  /** The buffer's line (1-based) deciding it now, shown as a link; null: no rule decides. */
  readonly newLine: number | null;
}

export interface CrawlerFlipsView {
  readonly crawler: string;
  /** `26 of 49 requests newly disallowed`. */
  readonly counts: string;
  readonly examples: readonly FlipExampleView[];
}

export interface CompareRequestsView {
  /** `Requests in access.log decided differently`. */
  readonly title: string;
  /** Crawlers with at least one request decided differently, most first. */
  readonly crawlers: readonly CrawlerFlipsView[];
  /** What the other crawlers' requests did, or a line saying no request was counted. */
  readonly note: string;
  /** Damage met in a log (trailing garbage after gzip data, a cut-short file), as the reader words it, naming the log: the counts cover what was read before it. */
  readonly warnings: readonly string[];
}

export function compareRequestsView(requests: CompareRequests): CompareRequestsView {
  const logs = listed(requests.logs.map((log) => basename(log.file)));
  const flipped = requests.flips.filter((f) => flipsOf(f) > 0);
  const same = requests.flips.filter((f) => flipsOf(f) === 0);
  const sameRequests = same.reduce((sum, f) => sum + f.requests, 0);
  let note = '';
  if (requests.flips.length === 0) note = `${logs} ${requests.logs.length === 1 ? 'has' : 'have'} no requests from crawlers to count (browsers are left out).`;
  else if (same.length > 0) note = `The ${countOf(sameRequests, 'request')} of ${countOf(same.length, 'other crawler')} ${sameRequests === 1 ? 'is' : 'are'} decided as before.`;
  return {
    title: `Requests in ${logs} decided differently`,
    crawlers: flipped.map((f) => ({
      crawler: displayToken(f),
      counts: counts(f),
      examples: [
        ...f.examples.newlyDisallowed.map((e) => exampleView(e, 'allowed', 'disallowed')),
        ...f.examples.newlyAllowed.map((e) => exampleView(e, 'disallowed', 'allowed')),
      ],
    })),
    note,
    warnings: requests.logs.flatMap((log) => log.warnings ?? []),
  };
}

function flipsOf(f: FlipCountDto): number {
  return f.newlyDisallowed + f.newlyAllowed;
}

function counts(f: FlipCountDto): string {
  const of = `${formatCount(flipsOf(f))} of ${countOf(f.requests, 'request')}`;
  if (f.newlyAllowed === 0) return `${of} newly disallowed`;
  if (f.newlyDisallowed === 0) return `${of} newly allowed`;
  return `${of}: ${formatCount(f.newlyDisallowed)} newly disallowed, ${formatCount(f.newlyAllowed)} newly allowed`;
}

function exampleView(example: FlipExampleDto, before: string, now: string): FlipExampleView {
  return {
    // ISO 8601 UTC from the server; the column heading says UTC.
    time: example.time === undefined ? '' : example.time.replace('T', ' ').replace(/Z$/, ''),
    url: example.url,
    before: example.oldLine === null ? `${before} (no rule)` : `${before} by old line ${example.oldLine}`,
    now,
    newLine: example.newLine,
  };
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'the log';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
