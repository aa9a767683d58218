/**
 * What a replay (and its scan) reads besides the logs: the robots.txt versions (one file, a
 * folder of snapshots, --version, git history), the crawler IP lists, and the scans of the
 * shards before this one (--after).
 */

import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { composeCarried, NO_CARRIED_STATE, readCarriedState } from '@robots-lens/replay/shards';
import { plural } from '@robots-lens/kernel/words';
import type { CarriedState } from '@robots-lens/replay/shards';
import type { IpRangeList } from '@robots-lens/replay/identity';
import type { RobotsVersion } from '@robots-lens/replay';
import { describeFsError, InputError } from '../../node/files';
import { gitVersions } from '../../node/git-history';
import { defaultRangesDir, loadRangeLists } from '../../node/ranges';
import { explicitVersions, singleVersion, snapshotFolder } from '../../node/versions';
import { UsageError } from '../usage-error';

/** The state the shards before this one left: their scans (in any order), composed in time order. */
/** The settings a scan's state depends on: a replay after it must read its own logs the same way. */
export interface ScanReading {
  readonly reorderWindowSeconds: number;
  readonly format: string;
  readonly jsonFields: string | null;
  readonly ranges: string;
  readonly reverseDns: boolean;
}

/** Composes the scans named with --after; refuses one made with other reading settings than `reading`. */
export async function readScans(paths: readonly string[], reading?: ScanReading): Promise<CarriedState> {
  const states: CarriedState[] = [];
  for (const path of paths) {
    let scan: { scan?: unknown; state?: unknown; reorderWindowSeconds?: unknown; reading?: unknown };
    try {
      scan = JSON.parse(await readFile(path, 'utf8')) as typeof scan;
    } catch (error) {
      throw new InputError(error instanceof SyntaxError ? `--after ${path}: not JSON (${error.message}).` : describeFsError(error, path, 'scan'));
    }
    if (scan === null || typeof scan !== 'object' || scan.scan !== SCAN_KIND) throw new InputError(`--after ${path}: not a scan written by robots-lens replay-scan.`);
    if (reading !== undefined) {
      const differs = readingDiffers(scan, reading);
      if (differs !== null) throw new InputError(`--after ${path}: the scan was made with ${differs}; scan every shard with the settings of the replay (the carried state depends on them).`);
    }
    try {
      states.push(readCarriedState(scan.state));
    } catch (error) {
      throw new InputError(`--after ${path}: ${(error as Error).message}.`);
    }
  }
  states.sort((a, b) => (a.first ?? -Infinity) - (b.first ?? -Infinity));
  return states.reduce(composeCarried, NO_CARRIED_STATE);
}

/** The first reading setting a scan was made with that differs from the replay's, in words, or null. */
function readingDiffers(scan: { reorderWindowSeconds?: unknown; reading?: unknown }, reading: ScanReading): string | null {
  if (scan.reorderWindowSeconds !== reading.reorderWindowSeconds) return `--reorder-window ${String(scan.reorderWindowSeconds)}s, and this replay uses ${reading.reorderWindowSeconds}s`;
  // Scans written before their reading settings were recorded are compared by the window alone.
  if (scan.reading === undefined) return null;
  const theirs = scan.reading as Partial<Record<keyof ScanReading, unknown>> | null;
  if (theirs?.format !== reading.format) return `--format ${String(theirs?.format)}, and this replay uses ${reading.format}`;
  if ((theirs.jsonFields ?? null) !== reading.jsonFields) return `other --json-fields (${String(theirs.jsonFields ?? 'none')}, here ${reading.jsonFields ?? 'none'})`;
  if (theirs.ranges !== reading.ranges) return `other IP lists (${String(theirs.ranges)}; here ${reading.ranges})`;
  if (theirs.reverseDns !== reading.reverseDns) return theirs.reverseDns === true ? 'DNS verification, and this replay has none' : 'no DNS verification, and this replay verifies by DNS';
  return null;
}

/** What a scan file says it is. */
export const SCAN_KIND = 'robots-lens replay-scan';

/** A scan file: what `replay-scan --out` writes, and `replay --scan-out` the same for its shard. */
export function scanFile(logs: readonly string[], reading: ScanReading, lines: number, state: CarriedState): object {
  return { scan: SCAN_KIND, logs, reorderWindowSeconds: reading.reorderWindowSeconds, reading, lines, state };
}

export async function loadVersions(
  path: string,
  specs: readonly string[],
  git: boolean,
  warn: (m: string) => void,
): Promise<{ list: RobotsVersion[]; source: string }> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new InputError(describeFsError(error, path, 'robots.txt file or snapshot folder'));
  }
  const extra = await explicitVersions(specs, warn);
  if (info.isDirectory()) {
    if (git) throw new UsageError('--git reads the history of one robots.txt file, not of a folder.');
    const folder = await snapshotFolder(path, warn);
    if (folder.skipped.length > 0) warn(`${path}: skipped ${plural(folder.skipped.length, 'file')} whose names hold no time (${folder.skipped.slice(0, 3).join(', ')}${folder.skipped.length > 3 ? ', …' : ''}).`);
    return { list: [...folder.versions, ...extra], source: `${plural(folder.versions.length, 'snapshot')} in ${path}${extra.length ? ` + ${extra.length} --version` : ''}` };
  }
  if (git) {
    const history = await gitVersions(path, warn);
    return { list: [...history, ...extra], source: `${plural(history.length, 'commit')} of ${path} (git history)${extra.length ? ` + ${extra.length} --version` : ''}` };
  }
  const base = await singleVersion(path, warn);
  return {
    list: [base, ...extra],
    source: extra.length ? `${path} until the first --version, then ${extra.map((v) => v.label).join(', ')}` : `${path}, in effect all along`,
  };
}

export async function loadRanges(dir: string | undefined, warn: (m: string) => void): Promise<{ lists: IpRangeList[]; source: string }> {
  const folder = dir ?? defaultRangesDir();
  if (dir === undefined && !existsSync(folder)) {
    return { lists: [], source: `none (no --ranges, and ${folder} does not exist: run robots-lens ranges --refresh)` };
  }
  const loaded = await loadRangeLists(folder);
  for (const w of loaded.warnings) warn(w);
  return { lists: loaded.lists, source: `${plural(loaded.lists.length, 'list')} from ${folder}` };
}
