/**
 * robots.txt versions from the file's git history: one version per commit that touched it,
 * effective from the commit time (`git log --format='%H %cI'`), content from `git show`,
 * read up to the bound a robots.txt file is read to (never the whole blob, however large).
 * A commit that deleted the file is a version with no rules (as if robots.txt were absent).
 */

import { execFile, spawn } from 'node:child_process';
import { basename, dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_ROBOTS_MAX_BYTES } from '@robots-lens/fetch';
import { formatCount } from '@robots-lens/kernel/words';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { RobotsVersion } from '@robots-lens/replay';
import { InputError } from './files';

const run = promisify(execFile);

export async function gitVersions(file: string, notice?: (message: string) => void): Promise<RobotsVersion[]> {
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
    const blob = await blobHead(dir, `${commit.hash}:./${name}`, DEFAULT_ROBOTS_MAX_BYTES);
    const content = blob?.bytes;
    const short = commit.hash.slice(0, 7);
    if (blob?.truncated) notice?.(`${file} at commit ${short} is more than ${formatCount(DEFAULT_ROBOTS_MAX_BYTES)} bytes; only the first ${formatCount(DEFAULT_ROBOTS_MAX_BYTES)} bytes were read (crawlers read at most 500 KiB).`);
    versions.push({
      label: content === undefined ? `${short} ${commit.date} (deleted)` : `${short} ${commit.date}`,
      effective: commit.time,
      source: `git ${commit.hash}`,
      file: parseRobots(content ?? ''),
    });
  }
  return versions;
}

/**
 * The first `maxBytes` of a file at a commit, and whether it is longer; undefined when the
 * commit has no such file. `git show` is stopped once enough is read: a blob of any size
 * is never held whole (a large one had been read as if the file were deleted).
 */
function blobHead(dir: string, spec: string, maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean } | undefined> {
  return new Promise((resolvePromise) => {
    const child = spawn('git', ['-C', dir, 'show', spec], { stdio: ['ignore', 'pipe', 'ignore'] });
    const parts: Buffer[] = [];
    let length = 0;
    let truncated = false;
    child.stdout.on('data', (data: Buffer) => {
      if (truncated) return;
      parts.push(data);
      length += data.length;
      if (length > maxBytes) {
        truncated = true;
        child.kill();
      }
    });
    child.on('error', () => resolvePromise(undefined));
    child.on('close', (code) => {
      if (!truncated && code !== 0) return resolvePromise(undefined);
      resolvePromise({ bytes: Buffer.concat(parts).subarray(0, maxBytes), truncated });
    });
  });
}
