/**
 * The shard envelope: what `robots-lens replay --summary-json` (and `merge --summary-json`)
 * write, and what `merge` reads back. It is the summary, where its robots.txt and IP lists
 * came from, the warnings of its replay, and `shard`: the summary part a merge adds up, the
 * state the shard was replayed after, the entries of it the replay read, the state the shard
 * leaves (what a merge checks the next shard's start against), and the Crawl-delay checks
 * the merge completes. Built here as a plain
 * value; the CLI writes it with its one JSON writer (which escapes DEL and C1), so this
 * package does no I/O.
 */

import { readConsultedKeys } from './carried-check';
import type { ConsultedKeys } from './carried-check';
import { readPendingDelayChecks } from './delay-checks';
import type { PendingDelayCheck } from './replay-options';
import { readCarriedState } from './carried-state';
import type { CarriedState } from './carried-state';
import type { AuditSummary } from './summary';
import type { ShardCarry, ShardSummary } from './summary-merge';
import type { SummaryPart } from './summary-part';
import { shardProblem } from './summary-part-check';

/**
 * The envelope's version; a reader refuses envelopes of other versions (none older carried one:
 * they read as 1). Version 2 carries the whole state replayed after, what was read of it, the
 * state the shard leaves and pending Crawl-delay checks, where version 1 had only the request
 * count and times.
 */
export const SHARD_ENVELOPE_VERSION = 2;

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
    readonly after: CarriedState | null;
    /** The entries of `after` (or of no state, when null) the replay read. */
    readonly consulted: ConsultedKeys;
    /** The state the shard's own requests leave (its scan). */
    readonly leaves: CarriedState;
    /** Crawl-delay checks left for the merge to complete against the state before the shard. */
    readonly pendingDelayChecks: readonly PendingDelayCheck[];
    readonly part: SummaryPart;
  };
}

/** A shard envelope as read: the shard a merge takes, and what it says besides. */
export interface ReadShard extends ShardSummary {
  readonly sources: ShardSources;
  readonly warnings: readonly string[];
}

/** The envelope of a summary and its part. */
export function shardEnvelope(summary: AuditSummary, sources: ShardSources, warnings: readonly string[], carry: ShardCarry, part: SummaryPart): ShardEnvelope {
  return { ...summary, sources, warnings, shard: { version: SHARD_ENVELOPE_VERSION, after: carry.after, consulted: carry.consulted, leaves: carry.leaves, pendingDelayChecks: carry.pendingDelayChecks, part } };
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
  const version = shard!.version ?? 1;
  if (version !== SHARD_ENVELOPE_VERSION) throw new Error(`its shard part has version ${String(version)}; this robots-lens reads version ${SHARD_ENVELOPE_VERSION}`);
  const sources = file.sources as Partial<Record<keyof ShardSources, unknown>> | undefined;
  const read: ReadShard = {
    name,
    summary: file as AuditSummary,
    part,
    after: shard!.after ?? null,
    consulted: shard!.consulted as ConsultedKeys,
    leaves: shard!.leaves as CarriedState,
    pendingDelayChecks: shard!.pendingDelayChecks as PendingDelayCheck[],
    sources: { versions: String(sources?.versions ?? ''), ranges: String(sources?.ranges ?? '') },
    warnings: Array.isArray(file.warnings) ? file.warnings.filter((w): w is string => typeof w === 'string') : [],
  };
  // Checked whole here, so that a merge never adds up (or prints) a part edited or damaged.
  const problem = shardProblem(read);
  if (problem !== null) throw new Error(`its shard part is damaged or edited: ${problem}`);
  try {
    if (read.after !== null) readCarriedState(read.after);
    readCarriedState(read.leaves);
    readConsultedKeys(read.consulted);
    readPendingDelayChecks(read.pendingDelayChecks);
  } catch (error) {
    throw new Error(`its shard part is damaged or edited: the carried state in it: ${(error as Error).message}`);
  }
  return read;
}
