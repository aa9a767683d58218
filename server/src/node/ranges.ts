/**
 * Published crawler IP lists on disk: loading a folder of them, and refreshing the folder
 * from the official URLs in the crawler catalogue.
 */

import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { acceptIpRangeList, parseIpRangeList, RANGE_LIST_SOURCES } from '@robots-lens/replay/identity';
import type { IpRangeList, RangeListSource } from '@robots-lens/replay/identity';
import { describeFsError, InputError } from './files';

/** Where `ranges --refresh` stores lists and `replay` looks for them by default. */
export function defaultRangesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ROBOTS_LENS_RANGES_DIR) return env.ROBOTS_LENS_RANGES_DIR;
  const cache = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(cache, 'robots-lens', 'ranges');
}

export interface LoadedRanges {
  readonly lists: IpRangeList[];
  /** Files that could not be used, one sentence each. */
  readonly warnings: string[];
}

/** Reads every `.json` / `.txt` list in a folder. A missing folder is an input error. */
export async function loadRangeLists(dir: string): Promise<LoadedRanges> {
  let names: string[];
  try {
    const info = await stat(dir);
    if (!info.isDirectory()) throw new InputError(`${dir} is not a folder of IP range lists.`);
    names = (await readdir(dir)).filter((n) => /\.(json|txt)$/i.test(n)).sort();
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(describeFsError(error, dir, 'folder'));
  }
  const lists: IpRangeList[] = [];
  const warnings: string[] = [];
  for (const name of names) {
    let text: string;
    try {
      text = await readFile(join(dir, name), 'utf8');
    } catch (error) {
      warnings.push(describeFsError(error, join(dir, name)));
      continue;
    }
    const list = acceptIpRangeList(text, name, warnings);
    if (list === null) continue;
    lists.push(list);
  }
  return { lists, warnings };
}

export interface RefreshResult {
  readonly url: string;
  readonly fileName: string;
  readonly ok: boolean;
  /** One line: what was stored, or why the URL failed. */
  readonly message: string;
  readonly prefixes?: number;
  readonly creationTime?: string | null;
}

export interface RefreshOptions {
  readonly sources?: readonly RangeListSource[];
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs?: number;
  /** Parallel downloads. Default 4. */
  readonly concurrency?: number;
}

/**
 * Downloads each list the catalogue names into `dir` (as its official file name), keeping
 * the old file whenever the download fails or is not a usable list.
 */
export async function refreshRangeLists(dir: string, options: RefreshOptions = {}): Promise<RefreshResult[]> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new InputError(describeFsError(error, dir, 'folder'));
  }
  const sources = options.sources ?? RANGE_LIST_SOURCES;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const results: RefreshResult[] = new Array(sources.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < sources.length) {
      const index = next++;
      results[index] = await refreshOne(dir, sources[index]!, fetchImpl, timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return results;
}

async function refreshOne(dir: string, source: RangeListSource, fetchImpl: typeof globalThis.fetch, timeoutMs: number): Promise<RefreshResult> {
  const fail = (why: string): RefreshResult => ({ url: source.url, fileName: source.fileName, ok: false, message: why });
  let text: string;
  try {
    const response = await fetchImpl(source.url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) return fail(`HTTP ${response.status} ${response.statusText}`.trim());
    text = await response.text();
  } catch (error) {
    return fail(networkMessage(error, timeoutMs));
  }
  const list = parseIpRangeList(text, source.fileName);
  if (list.prefixes.length === 0) return fail(`not a usable IP list (${list.problems.join('; ') || 'no prefixes'}); the old file is kept`);
  const target = join(dir, source.fileName);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, target);
  } catch (error) {
    return fail(describeFsError(error, target));
  }
  return {
    url: source.url,
    fileName: source.fileName,
    ok: true,
    message: `${list.prefixes.length} prefixes, ${list.creationTime ? `created ${list.creationTime}` : 'undated'}`,
    prefixes: list.prefixes.length,
    creationTime: list.creationTime,
  };
}

/** `fetch failed` hides the reason in `cause`; say what actually went wrong. */
function networkMessage(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } } | undefined;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = e?.cause;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return `cannot resolve the host (${cause.code}): no network or DNS?`;
  if (cause?.code) return cause.message && cause.message.includes(cause.code) ? cause.message : `${cause.code}${cause.message ? ` ${cause.message}` : ''}`;
  if (cause?.message) return `${e?.message ?? 'fetch failed'}: ${cause.message}`;
  return e?.message ?? String(error);
}
