/**
 * The merge of shard summaries: shards cut by time, each replayed from the state the shards
 * before it left, add up to the summary of one replay of them all. What would make the sum
 * wrong is refused with a reason: shards that overlap in time, a shard replayed after a state
 * that differs from the one the shards before it leave on an entry it read
 * (`carried-check.ts`), shards replayed with different settings.
 */

import { consultedDifference, unionConsulted } from './carried-check';
import type { ConsultedKeys } from './carried-check';
import { composeCarried, NO_CARRIED_STATE } from './carried-state';
import type { CarriedState } from './carried-state';
import { completeDelayChecks, lastRequestsOf } from './delay-checks';
import type { PendingDelayCheck } from './replay-options';
import { absorbPart, summaryPart } from './summary-part';
import type { SummaryPart } from './summary-part';
import type { AuditSummary } from './summary';
import { buildSummary } from './summary-build';
import { SummaryBuilder } from './summary-builder';
import { isoTime } from './time';

/** What a shard's replay carries besides its part: the state it started in, what it read of it, the state it leaves, the checks it left pending. */
export interface ShardCarry {
  readonly after: CarriedState | null;
  readonly consulted: ConsultedKeys;
  readonly leaves: CarriedState;
  readonly pendingDelayChecks: readonly PendingDelayCheck[];
}

/** One shard's replay, as `replay --summary-json` writes it. */
export interface ShardSummary {
  /** Where it was read from, for messages. */
  readonly name: string;
  readonly summary: AuditSummary;
  readonly part: SummaryPart;
  /** The state it was replayed after; null when replayed from the start (no scans before it). */
  readonly after: CarriedState | null;
  /** The entries of that state (or of no state) the replay read. */
  readonly consulted: ConsultedKeys;
  /** The state its own requests leave. */
  readonly leaves: CarriedState;
  /** Its Crawl-delay checks left for the merge to complete (`delay-checks.ts`). */
  readonly pendingDelayChecks: readonly PendingDelayCheck[];
}

export type MergeResult =
  | {
      readonly ok: true;
      readonly summary: AuditSummary;
      readonly shards: readonly ShardSummary[];
      readonly part: SummaryPart;
      /** The merged run's carried state: what its first shard started in, what its shards read of what came before them, what it leaves. */
      readonly carry: ShardCarry;
    }
  | { readonly ok: false; readonly problem: string };

/**
 * Merges shard summaries (in any order: they are put in time order) into the summary of one
 * replay. `partial`: the shards may continue earlier ones not given (a merge in the middle of
 * a tree of merges): the first one's carried-in state is taken as given, and the merged part
 * keeps it, so the merge that joins it with the shards before it checks it.
 */
export function mergeShardSummaries(shards: readonly ShardSummary[], options: { readonly partial?: boolean } = {}): MergeResult {
  if (shards.length === 0) return { ok: false, problem: 'no summaries to merge' };
  const first = shards[0]!;
  for (const shard of shards.slice(1)) {
    const differs = JSON.stringify(first.part.limits) !== JSON.stringify(shard.part.limits) ? 'summary limits' : settingsDiffer(first.summary, shard.summary);
    if (differs !== null) return { ok: false, problem: `${shard.name} was replayed with other ${differs} than ${first.name}; replay every shard with the same robots.txt, IP lists and options` };
  }
  // Shards without requests have no place in time; they go first, in the order given.
  const ordered = [...shards].sort((a, b) => (a.part.first ?? -Infinity) - (b.part.first ?? -Infinity));
  const carriedIn = options.partial === true ? ordered[0]!.after : null;
  // The true state before each shard: the states the shards before it leave, composed.
  let truth: CarriedState = carriedIn ?? NO_CARRIED_STATE;
  let before = { last: carriedIn?.last ?? null, name: 'the shards it was replayed after' };
  let consulted = ordered[0]!.consulted;
  // Pending Crawl-delay checks are completed against the exact states of the shards merged
  // before them, never the given state of a partial merge's first shard: a check with nothing
  // before it here stays pending in the merged part (and counts as a first request).
  let inside: CarriedState = NO_CARRIED_STATE;
  const complete: { pending: PendingDelayCheck; last: number }[] = [];
  const stillPending: PendingDelayCheck[] = [];
  const scope = first.summary.crawlDelay?.scope ?? 'claimed';
  for (const shard of ordered) {
    const p = shard.part;
    if (p.first !== null && before.last !== null && p.first <= before.last) {
      return {
        ok: false,
        problem: `${shard.name} overlaps ${before.name} in time: its requests start at ${isoTime(p.first)}, not after ${isoTime(before.last)} where the shard before it ends; cut logs by time so that each shard starts after the one before it ends`,
      };
    }
    const differs = consultedDifference(shard.after ?? NO_CARRIED_STATE, truth, shard.consulted);
    if (differs !== null) {
      const got = shard.after === null ? 'without --after' : 'after a carried state';
      const had = truth === NO_CARRIED_STATE ? 'no shard is before it' : 'the shards before it leave another';
      return { ok: false, problem: `${shard.name} was replayed ${got}, but ${had} (${differs}, which its verdicts read); replay it with --after the scans of exactly the shards before it` };
    }
    const lastOf = lastRequestsOf(inside, scope);
    for (const pending of shard.pendingDelayChecks) {
      const last = lastOf(pending.crawlerId);
      if (last !== undefined) complete.push({ pending, last });
      // Nothing before it here: as in one replay's part, it stays pending for a merge with what came before.
      else stillPending.push(pending);
    }
    inside = composeCarried(inside, shard.leaves);
    truth = composeCarried(truth, shard.leaves);
    consulted = unionConsulted(consulted, shard.consulted);
    before = { last: p.last ?? before.last, name: shard.name };
  }
  const s = first.summary;
  const builder = new SummaryBuilder(first.part.limits);
  builder.setReorder({ windowMs: s.order.windowSeconds * 1000, maxWaiting: s.order.maxWaiting });
  for (const shard of ordered) absorbPart(builder, shard.part);
  for (const { pending, last } of complete) completeDelayChecks(builder, [pending], () => last);
  const merged = buildSummary(builder, {
    versions: s.versions,
    lists: s.verification.lists,
    reverseDns: s.verification.reverseDns,
    graceMs: s.policy.graceHours * 3_600_000,
    policies: [],
    crawlDelay: s.crawlDelay ? { scope: s.crawlDelay.scope, honouredBy: s.crawlDelay.honouredBy } : null,
    cancelled: shards.some((x) => x.summary.cancelled),
    elapsedMs: shards.reduce((n, x) => n + x.summary.elapsedMs, 0),
  });
  return { ok: true, summary: { ...merged, policy: s.policy }, shards: ordered, part: summaryPart(builder), carry: { after: carriedIn, consulted, leaves: inside, pendingDelayChecks: stillPending } };
}

/** The first setting two shards' replays differ in, or null. */
function settingsDiffer(a: AuditSummary, b: AuditSummary): string | null {
  const same = (x: unknown, y: unknown): boolean => JSON.stringify(x) === JSON.stringify(y);
  if (!same(a.versions, b.versions)) return 'robots.txt versions';
  if (!same(a.verification.lists, b.verification.lists) || a.verification.reverseDns !== b.verification.reverseDns) return 'crawler verification (IP lists, reverse DNS)';
  if (!same(a.policy, b.policy)) return 'grace and fetch policies';
  if (!same(a.crawlDelay && { scope: a.crawlDelay.scope, honouredBy: a.crawlDelay.honouredBy }, b.crawlDelay && { scope: b.crawlDelay.scope, honouredBy: b.crawlDelay.honouredBy })) return 'Crawl-delay settings';
  if (a.order.windowSeconds !== b.order.windowSeconds || a.order.maxWaiting !== b.order.maxWaiting) return 'reorder window';
  return null;
}
