/**
 * `robots-lens merge`: adds the summaries of shards replayed apart (`replay --after …
 * --summary-json`) into the summary one replay of all of them gives, and prints it as
 * `replay` does. Shards that overlap in time, or were replayed after the wrong scans, are
 * refused with the reason: a merge is exact or it is not made.
 */

import { readFile } from 'node:fs/promises';
import { formatReplaySummary } from '@robots-lens/replay';
import { mergeShardSummaries } from '@robots-lens/replay/shards';
import type { AuditSummary } from '@robots-lens/replay';
import type { CarriedIn, MergeResult, ShardSummary, SummaryPart } from '@robots-lens/replay/shards';
import { describeFsError, InputError } from '../../node/files';
import { ExitCode } from '../exit-code';
import { failsOnViolations } from '../option-values';
import { Output, safeJson } from '../output';
import { replayStyle } from '../report-styles';
import type { Args, CommandIo } from '../spec';
import type { MERGE } from '../specs/merge';
import { UsageError } from '../usage-error';
import { openOutput } from './output-file';

/** A summary file as `replay --summary-json` (or `merge --summary-json`) writes it. */
interface SummaryFile extends AuditSummary {
  readonly sources?: { readonly versions?: unknown; readonly ranges?: unknown };
  readonly warnings?: unknown;
  readonly shard?: { readonly after?: CarriedIn | null; readonly part?: SummaryPart };
}

export async function runMerge({ values, positionals }: Args<typeof MERGE.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length === 0) throw new UsageError('give the summaries of the shards, e.g. robots-lens merge 10h.json 11h.json --summary-json day.json');
  const failOnViolations = failsOnViolations(values['fail-on']);
  const files = await Promise.all(positionals.map((path) => readSummary(path)));
  const shards: ShardSummary[] = files.map(({ path, file }) => ({ name: path, summary: file, part: file.shard!.part!, after: file.shard!.after ?? null }));
  let merged: MergeResult;
  try {
    merged = mergeShardSummaries(shards);
  } catch (error) {
    // A part edited by hand, or written by a version with another crawler catalogue.
    throw new InputError(`cannot merge: a summary's shard part is not one this version can add up (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!merged.ok) throw new InputError(`cannot merge: ${merged.problem}.`);
  const summary = merged.summary;
  const first = files.find((f) => f.path === merged.shards[0]!.name)!.file;
  const sources = { versions: String(first.sources?.versions ?? ''), ranges: String(first.sources?.ranges ?? '') };
  // Every shard read the same robots.txt and IP lists: their warnings about them are said once.
  const warnings = [...new Set(files.flatMap(({ file }) => (Array.isArray(file.warnings) ? file.warnings.filter((w): w is string => typeof w === 'string') : [])))];
  if (values['summary-json'] !== undefined) {
    const out = await openOutput(values['summary-json']);
    // The merged summary is itself a shard's: merges may be merged again.
    await out.writer.write(safeJson({ ...summary, sources, warnings, shard: { after: merged.after, part: merged.part } }, 2));
    await out.close();
  }
  const output = new Output(io.stdout);
  await output.block(formatReplaySummary(summary, { logs: summary.files.map((f) => f.name), ...sources }), replayStyle);
  await output.flush();
  return failOnViolations && summary.totals.violations > 0 ? ExitCode.Finding : ExitCode.Success;
}

async function readSummary(path: string): Promise<{ path: string; file: SummaryFile }> {
  let file: SummaryFile;
  try {
    file = JSON.parse(await readFile(path, 'utf8')) as SummaryFile;
  } catch (error) {
    throw new InputError(error instanceof SyntaxError ? `${path}: not JSON (${error.message}).` : describeFsError(error, path, 'summary'));
  }
  const part = file?.shard?.part;
  if (file === null || typeof file !== 'object' || typeof part !== 'object' || part === null || !Array.isArray(file.files) || !Array.isArray(part.rows) || typeof part.counts !== 'object') {
    throw new InputError(`${path}: not a summary written by robots-lens replay --summary-json (it has no "shard" part to merge).`);
  }
  return { path, file };
}
