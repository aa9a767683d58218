import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { replayLogs } from '../src';
import type { AuditSummary } from '../src';
import { carriedIn, mergeShardSummaries, NO_CARRIED_STATE, readShardEnvelope, SHARD_ENVELOPE_VERSION, shardEnvelope } from '../src/shards';
import type { SummaryPart } from '../src/shards';

const LOG = '66.249.66.1 - - [23/Nov/2026:00:00:07 +0000] "GET /private/x HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; Googlebot/2.1)\u009b"\n';

async function replayed(): Promise<{ summary: AuditSummary; part: SummaryPart }> {
  let part: SummaryPart | undefined;
  const summary = await replayLogs([{ name: 'a.log', chunks: [LOG] }], { versions: [{ label: 'r', effective: null, source: 'r', file: parseRobots('User-agent: *\nDisallow: /private/\n') }] }, { onPart: (p) => (part = p) });
  return { summary, part: part! };
}

test('an envelope read back from its JSON is the shard a merge takes, and merges into the same summary', async () => {
  const { summary, part } = await replayed();
  const envelope = shardEnvelope(summary, { versions: 'r, in effect all along', ranges: 'none' }, ['a warning'], carriedIn(undefined), part);
  assert.equal(envelope.shard.version, SHARD_ENVELOPE_VERSION);
  const read = readShardEnvelope('a.json', JSON.stringify(envelope, null, 2));
  assert.deepEqual(read.part, part);
  assert.deepEqual(read.sources, envelope.sources);
  assert.deepEqual(read.warnings, ['a warning']);
  assert.equal(read.after, null);
  const merged = mergeShardSummaries([read]);
  assert.ok(merged.ok);
  const { elapsedMs: _a, ...mergedRest } = merged.summary;
  const { elapsedMs: _b, ...oneRest } = summary;
  assert.deepEqual(mergedRest, oneRest);
});

test('what the scans carried in is recorded without the carried state itself', () => {
  assert.deepEqual(carriedIn({ ...NO_CARRIED_STATE, requests: 3, first: 1, last: 2 }), { requests: 3, first: 1, last: 2 });
});

test('envelopes without a version (written before it) read; other versions, non-JSON and summaries without a part are refused', async () => {
  const { summary, part } = await replayed();
  const envelope = shardEnvelope(summary, { versions: '', ranges: '' }, [], null, part);
  const { version: _version, ...unversioned } = envelope.shard;
  assert.deepEqual(readShardEnvelope('old.json', JSON.stringify({ ...envelope, shard: unversioned })).part, part);
  assert.throws(() => readShardEnvelope('new.json', JSON.stringify({ ...envelope, shard: { ...envelope.shard, version: 2 } })), /version 2; this robots-lens reads version 1/);
  assert.throws(() => readShardEnvelope('x.json', '{'), /^Error: not JSON/);
  assert.throws(() => readShardEnvelope('x.json', JSON.stringify(summary)), /no "shard" part to merge/);
});
