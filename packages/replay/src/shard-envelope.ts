/**
 * The shard envelope: what `robots-lens replay --summary-json` (and `merge --summary-json`)
 * write, and what `merge` reads back. It is the summary, where its robots.txt and IP lists
 * came from, the warnings of its replay, and `shard`: the summary part a merge adds up and
 * what the shard was replayed after. Built here as a plain value; the CLI writes it with its
 * one JSON writer (which escapes DEL and C1), so this package does no I/O.
 */

import type { CarriedState } from './carried-state';
import type { AuditSummary } from './summary';
import type { CarriedIn, ShardSummary } from './summary-merge';
import type { SummaryPart } from './summary-part';
import { shardProblem } from './summary-part-check';

/** The envelope's version; a reader refuses envelopes of other versions (none older carried one: they read as 1). */
export const SHARD_ENVELOPE_VERSION = 1;

/** Where the replay read its robots.txt versions and IP lists, in words. */
export interface ShardSources {
  readonly versions: string;
  readonly ranges: string;
}

export interface ShardEnvelope extends AuditSummary {
  readonly sources: ShardSources;
  readonly warnings: readonly string[];
  readonly shard: {
    readonly version: number;
    /** What the shard was replayed after (the composed scans before it), or null. */
    readonly after: CarriedIn | null;
    readonly part: SummaryPart;
  };
}

/** A shard envelope as read: the shard a merge takes, and what it says besides. */
export interface ReadShard extends ShardSummary {
  readonly sources: ShardSources;
  readonly warnings: readonly string[];
}

/** What a replay's scans carried in, as the envelope records it (null: replayed from the start). */
export function carriedIn(after: CarriedState | undefined): CarriedIn | null {
  return after ? { requests: after.requests, first: after.first, last: after.last } : null;
}

/** The envelope of a summary and its part. */
export function shardEnvelope(summary: AuditSummary, sources: ShardSources, warnings: readonly string[], after: CarriedIn | null, part: SummaryPart): ShardEnvelope {
  return { ...summary, sources, warnings, shard: { version: SHARD_ENVELOPE_VERSION, after, part } };
}

/**
 * Reads an envelope from its JSON text; `name` names it in `ShardSummary` (for a merge's
 * messages). Throws an Error saying what is wrong when the text is not an envelope this
 * version reads, or its part is not one `summaryPart` wrote (`summary-part-check.ts`).
 */
export function readShardEnvelope(name: string, text: string): ReadShard {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`);
  }
  const file = value as Partial<ShardEnvelope> | null;
  const shard = file?.shard as Partial<ShardEnvelope['shard']> | undefined;
  const part = shard?.part;
  if (file === null || typeof file !== 'object' || typeof part !== 'object' || part === null || !Array.isArray(file.files) || !Array.isArray(part.rows) || typeof part.counts !== 'object') {
    throw new Error('not a summary written by robots-lens replay --summary-json (it has no "shard" part to merge)');
  }
  const version = shard!.version ?? SHARD_ENVELOPE_VERSION;
  if (version !== SHARD_ENVELOPE_VERSION) throw new Error(`its shard part has version ${String(version)}; this robots-lens reads version ${SHARD_ENVELOPE_VERSION}`);
  const sources = file.sources as Partial<Record<keyof ShardSources, unknown>> | undefined;
  const read: ReadShard = {
    name,
    summary: file as AuditSummary,
    part,
    after: shard!.after ?? null,
    sources: { versions: String(sources?.versions ?? ''), ranges: String(sources?.ranges ?? '') },
    warnings: Array.isArray(file.warnings) ? file.warnings.filter((w): w is string => typeof w === 'string') : [],
  };
  // Checked whole here, so that a merge never adds up (or prints) a part edited or damaged.
  const problem = shardProblem(read);
  if (problem !== null) throw new Error(`its shard part is damaged or edited: ${problem}`);
  return read;
}
