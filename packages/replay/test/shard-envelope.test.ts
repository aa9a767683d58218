import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { replayLogs } from '../src';
import type { AuditSummary } from '../src';
import { mergeShardSummaries, NO_CARRIED_STATE, NO_CONSULTED_KEYS, readShardEnvelope, SHARD_ENVELOPE_VERSION, shardEnvelope } from '../src/shards';
import type { ShardCarry, SummaryPart } from '../src/shards';

const LOG = '66.249.66.1 - - [23/Nov/2026:00:00:07 +0000] "GET /private/x HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; Googlebot/2.1)\u009b"\n';

async function replayed(): Promise<{ summary: AuditSummary; part: SummaryPart; carry: ShardCarry }> {
  let part: SummaryPart | undefined;
  let carry: ShardCarry | undefined;
  const summary = await replayLogs(
    [{ name: 'a.log', chunks: [LOG] }],
    { versions: [{ label: 'r', effective: null, source: 'r', file: parseRobots('User-agent: *\nDisallow: /private/\n') }] },
    { onPart: (p) => (part = p), onCarried: (leaves, consulted, pendingDelayChecks) => (carry = { after: null, leaves, consulted, pendingDelayChecks }) },
  );
  return { summary, part: part!, carry: carry! };
}

test('an envelope read back from its JSON is the shard a merge takes, and merges into the same summary', async () => {
  const { summary, part, carry } = await replayed();
  const envelope = shardEnvelope(summary, { versions: 'r, in effect all along', ranges: 'none' }, ['a warning'], carry, part);
  assert.equal(envelope.shard.version, SHARD_ENVELOPE_VERSION);
  const read = readShardEnvelope('a.json', JSON.stringify(envelope, null, 2));
  assert.deepEqual(read.part, part);
  assert.deepEqual(read.sources, envelope.sources);
  assert.deepEqual(read.warnings, ['a warning']);
  assert.equal(read.after, null);
  assert.deepEqual(read.consulted, { fetches: [carry.consulted.fetches[0]], lastRequest: [] });
  assert.match(carry.consulted.fetches[0]!, /googlebot/i);
  assert.deepEqual(read.leaves, { ...NO_CARRIED_STATE, requests: 1, first: Date.parse('2026-11-23T00:00:07Z'), last: Date.parse('2026-11-23T00:00:07Z') });
  const merged = mergeShardSummaries([read]);
  assert.ok(merged.ok);
  const { elapsedMs: _a, ...mergedRest } = merged.summary;
  const { elapsedMs: _b, ...oneRest } = summary;
  assert.deepEqual(mergedRest, oneRest);
});

test('envelopes of other versions (one without a version is 1), non-JSON, summaries without a part and damaged carried states are refused', async () => {
  const { summary, part, carry } = await replayed();
  const envelope = shardEnvelope(summary, { versions: '', ranges: '' }, [], carry, part);
  const { version: _version, ...unversioned } = envelope.shard;
  assert.throws(() => readShardEnvelope('old.json', JSON.stringify({ ...envelope, shard: unversioned })), /version 1; this robots-lens reads version 2/);
  assert.throws(() => readShardEnvelope('new.json', JSON.stringify({ ...envelope, shard: { ...envelope.shard, version: 3 } })), /version 3; this robots-lens reads version 2/);
  assert.throws(() => readShardEnvelope('x.json', JSON.stringify({ ...envelope, shard: { ...envelope.shard, consulted: { fetches: [1] } } })), /the carried state in it: it is not a list of the carried-in entries a replay read/);
  assert.throws(() => readShardEnvelope('x.json', JSON.stringify({ ...envelope, shard: { ...envelope.shard, leaves: { ...NO_CARRIED_STATE, fetches: { k: { state: 'gone' } } } } })), /the carried state in it: a fetch state in it is malformed/);
  assert.deepEqual(readShardEnvelope('x.json', JSON.stringify({ ...envelope, shard: { ...envelope.shard, consulted: NO_CONSULTED_KEYS } })).consulted, NO_CONSULTED_KEYS);
  assert.throws(() => readShardEnvelope('x.json', '{'), /^Error: not JSON/);
  assert.throws(() => readShardEnvelope('x.json', JSON.stringify(summary)), /no "shard" part to merge/);
});

/** A copy of `value` with `edit` applied to its shard part (parsed back from JSON, as merge reads it). */
function tampered(envelope: unknown, edit: (part: Record<string, unknown>, whole: Record<string, unknown>) => void): string {
  const copy = JSON.parse(JSON.stringify(envelope)) as Record<string, unknown> & { shard: { part: Record<string, unknown> } };
  edit(copy.shard.part, copy);
  return JSON.stringify(copy);
}

test('a damaged or edited part is refused with where it is wrong, never added up into plausible nonsense', async () => {
  const { summary, part, carry } = await replayed();
  const envelope = shardEnvelope(summary, { versions: '', ranges: '' }, [], carry, part);
  const cases: [string, (p: Record<string, unknown> & { counts: Record<string, unknown>; rows: Record<string, unknown>[] }, whole: Record<string, unknown>) => void, RegExp][] = [
    ['a count as text', (p) => (p.counts.lines = '052008'), /shard\.part\.counts\.lines is the text "052008", not a count/],
    ['a negative count', (p) => (p.counts.requests = -1_000_000), /shard\.part\.counts\.requests is -1000000, not a count/],
    ['a count past exact integers', (p) => (p.rows[0]!.requests = 1e32), /shard\.part\.rows\[0\]\.requests is a number too large to count exactly/],
    ['a fractional count', (p) => (p.rows[0]!.violations = 0.5), /rows\[0\]\.violations is 0\.5, not a count/],
    ['hours that are not a list', (p) => (p.hours = null), /shard\.part\.hours is null, not a list/],
    ['a path entry that is not a pair', (p) => (p.paths = [[1]]), /shard\.part\.paths\[0\] is a list, not a \[key, value\] pair/],
    ['a first time after the last', (p) => (p.first = (p.last as number) + 1), /first is after shard\.part\.last/],
    ['a grace of 1e308 hours kept, negative refused', (_p, w) => ((w.policy as Record<string, unknown>).graceHours = -1), /negative grace/],
    ['carried-in requests as text', (_p, w) => ((w.shard as Record<string, unknown>).after = { requests: '3', first: null, last: null }), /shard\.after\.requests is the text "3"/],
  ];
  for (const [name, edit, message] of cases) {
    assert.throws(() => readShardEnvelope('p.json', tampered(envelope, edit as never)), (error: unknown) => {
      assert.match((error as Error).message, /^its shard part is damaged or edited: /, name);
      assert.match((error as Error).message, message, name);
      return true;
    });
  }
  // JSON has no infinity, but 1e309 reads as one.
  const infinite = JSON.stringify(envelope).replace(/"first":(\d+)/, '"first":1e309');
  assert.throws(() => readShardEnvelope('p.json', infinite), /shard\.leaves\.first is not a finite number, not a time/);
});

test('seeded fuzz: whatever a part is edited to, reading and merging it refuses with a reason or adds up to whole, finite, non-negative counts', async () => {
  const fc = await import('fast-check');
  const { summary, part, carry } = await replayed();
  const text = JSON.stringify(shardEnvelope(summary, { versions: '', ranges: '' }, [], carry, part));
  const leaves: string[] = [];
  const walk = (v: unknown, at: string): void => {
    if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${at}/${k}`);
    else leaves.push(at);
  };
  walk(JSON.parse(text), '');
  const hostile = fc.oneof(fc.constant(null), fc.constant('052008'), fc.integer({ min: -1e6, max: -1 }), fc.constant(1e32), fc.constant(0.5), fc.constant([]), fc.constant({}), fc.string(), fc.constant(true));
  fc.assert(
    fc.property(fc.constantFrom(...leaves), hostile, (path, value) => {
      const copy = JSON.parse(text) as Record<string, unknown>;
      const keys = path.split('/').slice(1);
      let into: Record<string, unknown> = copy;
      for (const k of keys.slice(0, -1)) into = into[k] as Record<string, unknown>;
      into[keys.at(-1)!] = value;
      let read;
      try {
        read = readShardEnvelope('p.json', JSON.stringify(copy));
      } catch (error) {
        assert.ok(error instanceof Error && error.message.length > 0);
        return;
      }
      const merged = mergeShardSummaries([read]);
      if (!merged.ok) return;
      for (const n of [merged.summary.totals.lines, merged.summary.totals.requests, merged.summary.totals.violations]) assert.ok(Number.isSafeInteger(n) && n >= 0, `${path} = ${JSON.stringify(value)} gave ${n}`);
    }),
    { seed: 35, numRuns: 400 },
  );
});
