/**
 * The files a command was given, each once: the same log named twice (or through a link, or
 * as `./a.log` beside `a.log`) would otherwise be read twice and every request counted twice
 * without a word. Files are told apart by device and inode; what cannot be looked up (`-`,
 * a missing file, reported later by its reader) by its resolved path.
 */

import { statSync } from 'node:fs';
import { resolve } from 'node:path';

export interface DistinctFiles {
  readonly files: readonly string[];
  /** Each repeat left out, with the name it repeats; said to the user. */
  readonly repeats: readonly { readonly path: string; readonly sameAs: string }[];
}

export function distinctFiles(paths: readonly string[]): DistinctFiles {
  const seen = new Map<string, string>();
  const files: string[] = [];
  const repeats: { path: string; sameAs: string }[] = [];
  for (const path of paths) {
    const key = identity(path);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      repeats.push({ path, sameAs: earlier });
      continue;
    }
    seen.set(key, path);
    files.push(path);
  }
  return { files, repeats };
}

/** The sentence for one repeat left out. */
export function repeatSentence(repeat: { readonly path: string; readonly sameAs: string }): string {
  return repeat.path === repeat.sameAs ? `${repeat.path} is named twice: read once.` : `${repeat.path} is the same file as ${repeat.sameAs}: read once.`;
}

function identity(path: string): string {
  if (path === '-') return '-';
  try {
    const info = statSync(path);
    // Pipes and devices are streams read once each, even under one name (`<(…)` gives new ones).
    if (!info.isFile()) return `path:${resolve(path)}:${Math.random()}`;
    return `file:${info.dev}:${info.ino}`;
  } catch {
    return `path:${resolve(path)}`;
  }
}
