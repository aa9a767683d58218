/**
 * The replay panel's "Refresh IP lists", run by the server (`robotsLens/refreshIpLists`): the
 * same download as `robots-lens ranges --refresh` (the catalogue's official list URLs, into the
 * folder the replay reads), one list at a time so progress can be reported, and one sentence that says what came of it — above all when
 * nothing could be downloaded, which on a machine without network is every list.
 */

import { plural } from '@robots-lens/kernel/words';
import { RANGE_LIST_SOURCES } from '@robots-lens/replay/identity';
import type { RangeListSource } from '@robots-lens/replay/identity';
import { defaultRangesDir, refreshRangeLists } from './ranges';
import type { RefreshResult } from './ranges';

export interface IpListRefreshOptions {
  /** Default: where the replay looks for lists (`defaultRangesDir()`). */
  readonly dir?: string;
  /** Default: every list the crawler catalogue names. */
  readonly sources?: readonly RangeListSource[];
  readonly timeoutMs?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface IpListRefreshOutcome {
  /** Every list was downloaded. */
  readonly ok: boolean;
  /** Lists stored now (a failed one keeps its old file). */
  readonly stored: number;
  readonly message: string;
}

const PARALLEL = 4;

export async function refreshIpLists(options: IpListRefreshOptions = {}): Promise<IpListRefreshOutcome> {
  const dir = options.dir ?? defaultRangesDir();
  const sources = options.sources ?? RANGE_LIST_SOURCES;
  // Kept in the catalogue's order, whatever order the downloads end in, so the message
  // names the same first failure every time.
  const results: (RefreshResult | undefined)[] = [];
  let next = 0;
  let done = 0;
  try {
    const worker = async (): Promise<void> => {
      while (next < sources.length) {
        const index = next++;
        const [result] = await refreshRangeLists(dir, { sources: [sources[index]!], ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
        results[index] = result;
        options.onProgress?.(++done, sources.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, sources.length) }, worker));
  } catch (error) {
    // The folder could not be made: nothing was downloaded.
    return { ok: false, stored: 0, message: `The crawler IP lists could not be stored: ${error instanceof Error ? error.message : String(error)}` };
  }
  return outcome(results.filter((r): r is RefreshResult => r !== undefined), sources.length, dir);
}

function outcome(results: readonly RefreshResult[], total: number, dir: string): IpListRefreshOutcome {
  const stored = results.filter((r) => r.ok).length;
  const failed = results.filter((r) => !r.ok);
  const lists = (n: number): string => plural(n, 'crawler IP list');
  const first = failed[0];
  const why = first ? `${first.fileName}: ${first.message}` : '';
  if (failed.length === 0) return { ok: true, stored, message: `Downloaded ${lists(stored)} into ${dir}; replaying again to verify the requests.` };
  if (stored === 0) {
    return {
      ok: false,
      stored,
      message: `No crawler IP list could be downloaded (${why}${failed.length > 1 ? `, and ${failed.length - 1} more failed` : ''}). Is this machine offline? Requests stay unverified until the lists are in ${dir}.`,
    };
  }
  return { ok: false, stored, message: `Downloaded ${stored} of ${lists(total)} into ${dir}; ${failed.length} failed (${why}). Replaying again with what was stored.` };
}
