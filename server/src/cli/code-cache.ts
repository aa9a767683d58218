/**
 * Runs the CLI bundle from the V8 code cache the build made beside it. Compiling the
 * bundle's functions took about a quarter of a short run's own time (`lint` on a small
 * file); with the cache, V8 reads them compiled. A cache made by another Node or for
 * another bundle is refused by V8 and the bundle is compiled as usual: the cache can make
 * a run faster, never different.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** Set by the build (scripts/code-cache.mjs): the run writes the cache of what it compiled. */
export const WRITE_CODE_CACHE = 'ROBOTS_LENS_WRITE_CODE_CACHE';

/**
 * The V8 flags the bundle runs under, set before it is compiled: V8 takes a code cache only
 * under the flags it was made with, so they go with the cache, here.
 *
 * Less inlining into optimised code. On two cores, V8's compiler threads spent 400 to 450 ms
 * of CPU on the hot functions of a 200,000-line `test --batch` (beside its 1 s of wall time),
 * taking a core from the main thread and from the reader of its output; with a budget of 150
 * bytes of inlined bytecode per function instead of 920 they spent 250 to 300 ms, and the
 * code was no slower: interleaved A/B, 15 rounds, full answers 968 -> 906 ms wall, `--fields
 * allowed,line` 545 -> 517 ms; a million lines 3,072 -> 2,788 and 1,350 -> 1,247 ms; a
 * 500,000-line replay 970 -> 958 ms.
 */
const BUNDLE_V8_FLAGS = '--max-inlined-bytecode-size-cumulative=150';

/**
 * The bundle compiled as a CommonJS module's function, with the cache when it has one; `rejected` says whether V8 refused it.
 * The build writes the bundle already wrapped in that function, and in ASCII (it checks), so
 * it is read as Latin-1: the same text, made with one plain copy.
 */
export function compileBundle(bundle: string, cache: string): { script: Script; rejected: boolean | undefined } {
  setFlagsFromString(BUNDLE_V8_FLAGS);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cache);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(readFileSync(bundle, 'latin1'), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  return { script, rejected: cachedData ? script.cachedDataRejected : undefined };
}

/** Runs `bundle` as `node bundle` would (it needs only Node's own modules), from `cache` when V8 takes it. */
export function runBundle(bundle: string, cache: string): void {
  const { script } = compileBundle(bundle, cache);
  if (process.env[WRITE_CODE_CACHE] === '1') {
    // Everything compiled by the end of the run, added to what the cache already held.
    process.once('exit', () => writeFileSync(cache, script.createCachedData()));
  }
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}
