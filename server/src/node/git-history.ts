/**
 * robots.txt versions from the file's git history: one version per commit that touched it,
 * effective from the commit time (`git log --format='%H %cI'`), content from `git show`.
 * A commit that deleted the file is a version with no rules (as if robots.txt were absent).
 */

import { execFile } from 'node:child_process';
import { basename, dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseRobots } from '../core';
import type { RobotsVersion } from '../core';
import { InputError } from './files';

const run = promisify(execFile);

export async function gitVersions(file: string): Promise<RobotsVersion[]> {
  const absolute = resolve(file);
  const dir = dirname(absolute);
  const name = basename(absolute);
  let log: string;
  try {
    ({ stdout: log } = await run('git', ['-C', dir, 'log', '--format=%H %cI', '--', name], { maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    const e = error as { code?: string; stderr?: string; message?: string };
    if (e.code === 'ENOENT') throw new InputError('--git needs the git command, which is not installed or not on PATH.');
    throw new InputError(`${file}: cannot read its git history (${(e.stderr ?? e.message ?? '').trim().split('\n')[0]}).`);
  }
  const commits = log
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [hash, date] = l.trim().split(' ') as [string, string];
      return { hash, time: Date.parse(date), date };
    });
  if (commits.length === 0) throw new InputError(`${file}: no commit in its git history touches it (is it committed?).`);
  const versions: RobotsVersion[] = [];
  for (const commit of commits) {
    let content: Buffer | undefined;
    try {
      ({ stdout: content } = await run('git', ['-C', dir, 'show', `${commit.hash}:./${name}`], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }));
    } catch {
      content = undefined;
    }
    const short = commit.hash.slice(0, 7);
    versions.push({
      label: content === undefined ? `${short} ${commit.date} (deleted)` : `${short} ${commit.date}`,
      effective: commit.time,
      source: `git ${commit.hash}`,
      file: parseRobots(content ?? ''),
    });
  }
  return versions;
}
