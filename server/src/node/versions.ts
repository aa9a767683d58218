/**
 * robots.txt versions from disk: one file (in effect all along), a folder of snapshots
 * named by ISO 8601 UTC time (`2023-02-12T06-44-15Z.txt`), or explicit `file@time` pairs.
 * Each file is read as lint and test read one (`readRobotsFile`): up to the stated bound,
 * never whole, so a 1 GiB file or /dev/zero cannot fill the memory of a replay.
 */

import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseRobots } from '@robots-lens/kernel/parse';
import { snapshotTime } from '@robots-lens/replay/logs';
import type { RobotsVersion } from '@robots-lens/replay';
import { describeFsError, InputError } from './files';
import { readRobotsFile } from './robots-file';

/** Says what a reader should know about a file, such as a size past the limit. */
export type Warn = (message: string) => void;

/**
 * A version's bytes, read as every robots.txt is: up to the limit crawlers read, and binary
 * content (an image, NUL bytes) is an input error rather than a file of encoding warnings.
 */
async function versionBytes(path: string, what: string, warn: Warn | undefined): Promise<Uint8Array> {
  const input = await readRobotsFile(path, what);
  if (input.notice) warn?.(input.notice);
  return input.bytes;
}

export async function singleVersion(path: string, warn?: Warn): Promise<RobotsVersion> {
  return { label: basename(path), effective: null, source: path, file: parseRobots(await versionBytes(path, 'robots.txt file', warn)) };
}

export interface SnapshotFolder {
  readonly versions: RobotsVersion[];
  /** Files whose names hold no time, skipped. */
  readonly skipped: string[];
}

export async function snapshotFolder(dir: string, warn?: Warn): Promise<SnapshotFolder> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (error) {
    throw new InputError(describeFsError(error, dir, 'folder'));
  }
  const versions: RobotsVersion[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const time = snapshotTime(name);
    if (time === undefined || !(await stat(path)).isFile()) {
      skipped.push(name);
      continue;
    }
    versions.push({ label: name, effective: time, source: path, file: parseRobots(await versionBytes(path, 'robots.txt snapshot', warn)) });
  }
  if (versions.length === 0) {
    throw new InputError(`${dir}: no snapshot named by its time (e.g. 2023-02-12T06-44-15Z.txt) in this folder.`);
  }
  return { versions, skipped };
}

/** Splits `file@time` at the last `@`; the time is ISO 8601 (`:` may be `-`). */
export function parseVersionSpec(spec: string): { path: string; time: number } {
  const at = spec.lastIndexOf('@');
  if (at <= 0 || at === spec.length - 1) throw new InputError(`--version "${spec}": write <file>@<time>, e.g. robots-new.txt@2026-11-24T00:00:00Z.`);
  const timeText = spec.slice(at + 1);
  const time = snapshotTime(timeText);
  if (time === undefined) throw new InputError(`--version "${spec}": "${timeText}" is not an ISO 8601 time such as 2026-11-24T00:00:00Z.`);
  return { path: spec.slice(0, at), time };
}

export async function explicitVersions(specs: readonly string[], warn?: Warn): Promise<RobotsVersion[]> {
  const versions: RobotsVersion[] = [];
  for (const spec of specs) {
    const { path, time } = parseVersionSpec(spec);
    versions.push({ label: spec, effective: time, source: path, file: parseRobots(await versionBytes(path, 'robots.txt file', warn)) });
  }
  return versions;
}
