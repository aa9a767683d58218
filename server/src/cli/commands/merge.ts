/**
 * `robots-lens merge`: adds the summaries of shards replayed apart (`replay --after …
 * --summary-json`) into the summary one replay of all of them gives, and prints it as
 * `replay` does. Shards that overlap in time, or were replayed after a state wrong on an entry
 * they read, are refused with the reason: a merge is exact or it is not made.
 */

import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { formatReplaySummary } from '@robots-lens/replay';
import { mergeShardSummaries, readShardEnvelope, shardEnvelope } from '@robots-lens/replay/shards';
import type { MergeResult, ReadShard } from '@robots-lens/replay/shards';
import { describeFsError, InputError } from '../../node/files';
import { ExitCode } from '../exit-code';
import { failsOnViolations } from '../option-values';
import { Output } from '../output';
import { replayStyle } from '../report-styles';
import type { Args, CommandIo } from '../spec';
import type { MERGE } from '../specs/merge';
import { UsageError } from '../usage-error';
import { refuseOutputsOverInputs, writeJsonFile } from './output-file';

export async function runMerge({ values, positionals }: Args<typeof MERGE.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length === 0) throw new UsageError('give the summaries of the shards, e.g. robots-lens merge 10h.json 11h.json --summary-json day.json');
  const failOnViolations = failsOnViolations(values['fail-on']);
  refuseOutputsOverInputs([['--summary-json', values['summary-json']]], positionals);
  refuseRepeatedParts(positionals);
  const shards = await Promise.all(positionals.map((path) => readShard(path)));
  // Two copies of one part would count its requests twice.
  const texts = new Map<string, string>();
  for (const shard of shards) {
    const key = JSON.stringify(shard.part);
    const earlier = texts.get(key);
    if (earlier !== undefined) throw new InputError(`cannot merge: ${shard.name} is the same shard as ${earlier} (its part is identical): give each shard once.`);
    texts.set(key, shard.name);
  }
  let merged: MergeResult;
  try {
    merged = mergeShardSummaries(shards, { partial: values.partial === true });
  } catch (error) {
    // A part edited by hand, or written by a version with another crawler catalogue.
    throw new InputError(`cannot merge: a summary's shard part is not one this version can add up (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!merged.ok) throw new InputError(`cannot merge: ${merged.problem}.`);
  const summary = merged.summary;
  const sources = shards.find((s) => s.name === merged.shards[0]!.name)!.sources;
  // Every shard read the same robots.txt and IP lists: their warnings about them are said once.
  const warnings = [...new Set(shards.flatMap((s) => s.warnings))];
  if (values['summary-json'] !== undefined) {
    // The merged summary is itself a shard's: merges may be merged again.
    await writeJsonFile(values['summary-json'], shardEnvelope(summary, sources, warnings, merged.carry, merged.part));
  }
  const output = new Output(io.stdout);
  await output.block(formatReplaySummary(summary, { logs: summary.files.map((f) => f.name), ...sources }), replayStyle);
  await output.flush();
  return failOnViolations && summary.totals.violations > 0 ? ExitCode.Finding : ExitCode.Success;
}

/** The same file named twice (by two spellings, a link, or the same device and inode). */
function refuseRepeatedParts(paths: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const path of paths) {
    let key: string;
    try {
      const info = statSync(path);
      key = `${info.dev}:${info.ino}`;
    } catch {
      continue;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) throw new InputError(`cannot merge: ${path} is the same file as ${earlier}: give each shard once.`);
    seen.set(key, path);
  }
}

/** A summary file as `replay --summary-json` (or `merge --summary-json`) writes it, read by the replay package's reader. */
async function readShard(path: string): Promise<ReadShard> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(describeFsError(error, path, 'summary'));
  }
  try {
    return readShardEnvelope(path, text);
  } catch (error) {
    throw new InputError(`${path}: ${(error as Error).message}.`);
  }
}
