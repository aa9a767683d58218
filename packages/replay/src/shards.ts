/**
 * The replay cut into shards by time: the state a shard carries into the next (each
 * crawler's robots.txt fetch state, last request times), its composition, the envelope a
 * shard's summary travels in, and the merge of shard summaries into the one-process summary.
 */
export { composeCarried, NO_CARRIED_STATE, readCarriedState } from './carried-state';
export type { CarriedState, FetchNetEffect } from './carried-state';
export { mergeShardSummaries } from './summary-merge';
export type { MergeResult, ShardCarry, ShardSummary } from './summary-merge';
export { consultedDifference, NO_CONSULTED_KEYS } from './carried-check';
export type { ConsultedKeys } from './carried-check';
export type { PendingDelayCheck } from './replay-options';
export type { SummaryPart } from './summary-part';
export { readShardEnvelope, SHARD_ENVELOPE_VERSION, shardEnvelope } from './shard-envelope';
export type { ReadShard, ShardEnvelope, ShardSources } from './shard-envelope';
export { fetchOutcome, fetchPolicyFor, FetchTracker, GOOGLE_FETCH_POLICY, RFC9309_FETCH_POLICY } from './fetch-state';
export type { CrawlerFetchState, EffectiveState, FetchFailurePolicy, RobotsState } from './fetch-state';
