import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRobots } from '@robots-lens/kernel/parse';
import { replayLogs, scanLogs } from '../src';
import type { AuditSummary, LogInput, ReplayOptions } from '../src';
import { composeCarried, mergeShardSummaries, NO_CARRIED_STATE } from '../src/shards';
import type { CarriedState, ShardSummary, SummaryPart } from '../src/shards';
import { CarriedStateBuilder, fetchStateAfter } from '../src/carried-state';
import { FetchTracker } from '../src/fetch-state';
import { chunked } from '../../../test/support/chunks';
import { clf } from './clf-time';

const T0 = Date.parse('2026-11-23T00:00:00Z');
const HOUR = 3_600_000;
const OLD = parseRobots('User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n\nUser-agent: Googlebot\nDisallow: /search\n');
const NEW = parseRobots('User-agent: *\nDisallow: /private/\nDisallow: /blog/\nCrawl-delay: 20\n\nUser-agent: Googlebot\nDisallow: /\n');
const OPTIONS: ReplayOptions = {
  versions: [
    { label: 'old', effective: T0, source: 'old', file: OLD },
    { label: 'new', effective: T0 + 3 * HOUR, source: 'new', file: NEW },
  ],
  crawlDelay: 'claimed',
  graceMs: 2 * HOUR,
};


const AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'curl/8.0',
];
const PATHS = ['/robots.txt', '/robots.txt', '/private/a', '/search?q=x', '/blog/post', '/'];
const STATUSES = [200, 200, 200, 404, 503, 500, 429, 301];

const entry = fc.record({ second: fc.nat({ max: 6 * 3600 }), agent: fc.nat({ max: AGENTS.length - 1 }), path: fc.nat({ max: PATHS.length - 1 }), status: fc.nat({ max: STATUSES.length - 1 }) });
const denseEntry = fc.record({ second: fc.nat({ max: 240 }), agent: fc.oneof(fc.constant(1), fc.nat({ max: AGENTS.length - 1 })), path: fc.nat({ max: PATHS.length - 1 }), status: fc.nat({ max: STATUSES.length - 1 }) });
const line = (e: { second: number; agent: number; path: number; status: number }): string =>
  `192.0.2.${e.agent + 1} - - [${clf(T0 + e.second * 1000)}] "GET ${PATHS[e.path]} HTTP/1.1" ${STATUSES[e.status]} 10 "-" "${AGENTS[e.agent]}"`;
const input = (name: string, lines: readonly string[]): LogInput => ({ name, chunks: chunked(lines.length > 0 ? lines.join('\n') + '\n' : '', [97, 1000, 5000]) });

/** Everything but the clock. */
function figures(s: AuditSummary): unknown {
  const { elapsedMs: _elapsed, ...rest } = s;
  return rest;
}

/** One shard replayed (after `after`, when given) as `replay --summary-json` records it. */
async function replayShard(name: string, lines: readonly string[], options: ReplayOptions, after?: CarriedState, records = false): Promise<ShardSummary> {
  let part: SummaryPart | undefined;
  let carry: Pick<ShardSummary, 'consulted' | 'leaves' | 'pendingDelayChecks'> | undefined;
  const summary = await replayLogs(
    [input(name, lines)],
    { ...options, ...(after ? { after } : {}) },
    { onPart: (p) => (part = p), onCarried: (leaves, consulted, pendingDelayChecks) => (carry = { leaves, consulted, pendingDelayChecks }), ...(records ? { onRecord: () => undefined } : {}) },
  );
  return { name, summary, part: part!, after: after ?? null, ...carry! };
}

/** Replays shards apart (each after the scans of those before it) and merges them. */
async function sharded(shards: readonly (readonly string[])[], options: ReplayOptions): Promise<{ summary: AuditSummary; part: SummaryPart }> {
  const scans: CarriedState[] = [];
  for (const [i, lines] of shards.entries()) scans.push((await scanLogs([input(`shard-${i}.log`, lines)], options)).state);
  const parts: ShardSummary[] = [];
  for (const [i, lines] of shards.entries()) {
    const after = scans.slice(0, i).reduce(composeCarried, NO_CARRIED_STATE);
    parts.push(await replayShard(`shard-${i}.log`, lines, options, i > 0 ? after : undefined));
  }
  const merged = mergeShardSummaries([...parts].reverse());
  assert.ok(merged.ok, merged.ok ? '' : merged.problem);
  return { summary: merged.summary, part: merged.part };
}

/** A log cut into time-contiguous shards at the given fractions (cuts fall between distinct seconds). */
function cut(entries: readonly { second: number }[], fractions: readonly number[]): number[][] {
  const seconds = [...new Set(entries.map((e) => e.second))].sort((a, b) => a - b);
  const bounds = [...new Set(fractions.map((f) => seconds[Math.floor(f * seconds.length)] ?? Infinity))].sort((a, b) => a - b);
  const shards: number[][] = Array.from({ length: bounds.length + 1 }, () => []);
  entries.forEach((e, i) => shards[bounds.filter((b) => e.second >= b).length]!.push(i));
  return shards;
}

type Perturbation = { table: 'fetches' | 'lastRequest'; pick: number; op: 'drop' | 'shift' | 'swap'; by: number };

/** `truth` made wrong: entries dropped, their times shifted, or replaced by another entry of `pool`. */
function perturb(truth: CarriedState, pool: CarriedState, changes: readonly Perturbation[]): CarriedState {
  const tables = { fetches: { ...truth.fetches } as Record<string, unknown>, lastRequest: { ...truth.lastRequest } as Record<string, unknown> };
  for (const change of changes) {
    const table = tables[change.table];
    const keys = [...new Set([...Object.keys(table), ...Object.keys(pool[change.table])])].sort();
    if (keys.length === 0) continue;
    const key = keys[change.pick % keys.length]!;
    const entry = table[key] as Record<string, unknown> | undefined;
    if (change.op === 'drop') delete table[key];
    else if (change.op === 'swap') table[key] = pool[change.table][key] ?? entry;
    else if (entry !== undefined) {
      const shifted = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, typeof v === 'number' ? v + change.by * 1000 : v]));
      table[key] = shifted;
    }
  }
  return { ...truth, fetches: tables.fetches as CarriedState['fetches'], lastRequest: tables.lastRequest as CarriedState['lastRequest'] };
}

describe('replay in shards', () => {
  test('composing carried states is associative, and the composed fetch state is what one tracker over all fetches holds', () => {
    const events = fc.array(fc.record({ key: fc.constantFrom('a', 'b'), time: fc.nat({ max: 1000 }), status: fc.constantFrom(200, 304, 404, 429, 503, 301) }), { maxLength: 12 });
    const stateOf = (list: readonly { key: string; time: number; status: number }[], offset: number): CarriedState => {
      const b = new CarriedStateBuilder();
      for (const e of list) {
        const outcome = e.status === 301 ? null : e.status === 404 ? 'unavailable' : e.status >= 429 ? 'unreachable' : 'rules';
        if (outcome !== null) b.fetched(e.key, offset + e.time, outcome);
        b.requested(`crawler-${e.key}`, offset + e.time, e.status === 200);
      }
      return b.state({ requests: list.length, first: list.length ? offset : null, last: list.length ? offset + 1000 : null });
    };
    fc.assert(
      fc.property(events, events, events, (x, y, z) => {
        const [a, b, c] = [stateOf(x, 0), stateOf(y, 2000), stateOf(z, 4000)];
        assert.deepEqual(composeCarried(composeCarried(a, b), c), composeCarried(a, composeCarried(b, c)));
        assert.deepEqual(composeCarried(NO_CARRIED_STATE, a), a);
        assert.deepEqual(composeCarried(a, NO_CARRIED_STATE), a);
        const tracker = new FetchTracker();
        for (const [list, offset] of [[x, 0], [y, 2000], [z, 4000]] as const) for (const e of list) tracker.observe(e.key, offset + e.time, e.status);
        const all = composeCarried(a, composeCarried(b, c));
        for (const [key, effect] of Object.entries(all.fetches)) assert.deepEqual(fetchStateAfter(effect), tracker.get(key));
      }),
      { numRuns: 300, seed: 1919 },
    );
  });

  test('any time-contiguous split, replayed shard by shard after the scans before it, merges into the one-process summary', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 150 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }), async (entries, fractions) => {
        const sorted = [...entries].sort((a, b) => a.second - b.second);
        const shards = cut(sorted, fractions).map((indexes) => indexes.map((i) => line(sorted[i]!)));
        const whole = await replayLogs(shards.map((lines, i) => input(`shard-${i}.log`, lines)), OPTIONS);
        const { summary } = await sharded(shards, OPTIONS);
        assert.deepEqual(figures(summary), figures(whole));
      }),
      { numRuns: 80, seed: 1919 },
    );
  });

  test('shards replayed after any state (a wrong hint) merge only when every verdict is the one-process one', async () => {
    // A hint may be wrong anywhere: an entry dropped, added from elsewhere in the log, or changed.
    const perturbation = fc.array(fc.record({ table: fc.constantFrom('fetches', 'lastRequest'), pick: fc.nat(), op: fc.constantFrom('drop', 'shift', 'swap'), by: fc.integer({ min: -7200, max: 7200 }) }), { maxLength: 3 });
    const outcomes = { merged: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        // Dense (4 minutes, half of it bingbot): Crawl-delay gaps across the cuts are common.
        fc.array(denseEntry, { minLength: 1, maxLength: 120 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.array(perturbation, { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        async (entries, fractions, perturbations, records) => {
          const sorted = [...entries].sort((a, b) => a.second - b.second);
          const shards = cut(sorted, fractions).map((indexes) => indexes.map((i) => line(sorted[i]!)));
          const whole = await replayLogs(shards.map((lines, i) => input(`shard-${i}.log`, lines)), OPTIONS);
          const scans: CarriedState[] = [];
          for (const [i, lines] of shards.entries()) scans.push((await scanLogs([input(`shard-${i}.log`, lines)], OPTIONS)).state);
          // Entries to swap in: every one the whole log holds at some point.
          const everything = scans.reduce(composeCarried, NO_CARRIED_STATE);
          const parts: ShardSummary[] = [];
          for (const [i, lines] of shards.entries()) {
            const truth = scans.slice(0, i).reduce(composeCarried, NO_CARRIED_STATE);
            parts.push(await replayShard(`shard-${i}.log`, lines, OPTIONS, perturb(truth, everything, perturbations[i % 4]!), records));
          }
          const merged = mergeShardSummaries(parts);
          if (!merged.ok) {
            outcomes.refused++;
            // Without records, a last request is never read: only fetch states can be refused.
            if (!records) assert.match(merged.problem, /the robots\.txt fetch state of/);
            assert.match(merged.problem, /was replayed (after a carried state|without --after), but .* \((the robots\.txt fetch state of|the last request of) .*, which its verdicts read\)/);
            return;
          }
          outcomes.merged++;
          assert.deepEqual(figures(merged.summary), figures(whole));
        },
      ),
      { numRuns: 150, seed: 2026 },
    );
    // Both answers were given: wrong hints that mattered were refused, others merged exactly.
    assert.ok(outcomes.merged > 10 && outcomes.refused > 10, JSON.stringify(outcomes));
  });

  test('Crawl-delay checks across the cuts wait for the merge, which completes them as one replay checks them', async () => {
    // Mostly bingbot (Crawl-delay 5 s), a request every 0 to 6 s, cut at any of them.
    const request = fc.record({ gap: fc.nat({ max: 6 }), agent: fc.constantFrom(1, 1, 1, 0), path: fc.constantFrom(2, 3, 4, 5) });
    let crossing = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 2, maxLength: 30 }), fc.array(fc.nat({ max: 29 }), { minLength: 1, maxLength: 4 }), async (requests, cutAt) => {
        let second = 0;
        const entries = requests.map((r) => ({ second: (second += r.gap), agent: r.agent, path: r.path, status: 0 }));
        const fractions = cutAt.map((k) => (k % entries.length) / entries.length);
        const sorted = [...entries].sort((a, b) => a.second - b.second);
        // Empty shards apart (where a merge lists an empty file is another matter).
        const shards = cut(sorted, fractions).filter((indexes) => indexes.length > 0).map((indexes) => indexes.map((i) => line(sorted[i]!)));
        const whole = await replayLogs(shards.map((lines, i) => input(`shard-${i}.log`, lines)), OPTIONS);
        const scans: CarriedState[] = [];
        for (const [i, lines] of shards.entries()) scans.push((await scanLogs([input(`shard-${i}.log`, lines)], OPTIONS)).state);
        const parts: ShardSummary[] = [];
        for (const [i, lines] of shards.entries()) parts.push(await replayShard(`shard-${i}.log`, lines, OPTIONS, i > 0 ? scans.slice(0, i).reduce(composeCarried, NO_CARRIED_STATE) : undefined));
        const merged = mergeShardSummaries(parts);
        assert.ok(merged.ok, merged.ok ? '' : merged.problem);
        assert.deepEqual(figures(merged.summary), figures(whole));
        // The parts alone (their checks left pending) count fewer violations when a gap crosses a cut.
        const alone = parts.reduce((n, p) => n + p.part.delayRows.reduce((m, [, r]) => m + r.violations, 0), 0);
        if (alone < whole.crawlDelay!.violations) crossing++;
      }),
      { numRuns: 100, seed: 309 },
    );
    assert.ok(crossing > 10, `${crossing} runs had a violation across a cut`);
  });

  test('the split crosses fetch failures, grace after a version change and Crawl-delay runs, and still merges exactly', async () => {
    const google = 0;
    const bing = 1;
    const log = [
      { second: 60, agent: google, path: 0, status: 4 }, // Googlebot: robots.txt 503
      { second: 120, agent: google, path: 2, status: 0 },
      { second: 3 * 3600 + 10, agent: bing, path: 4, status: 0 }, // bingbot in grace after the change
      { second: 3 * 3600 + 14, agent: bing, path: 4, status: 0 }, // 4 s after: Crawl-delay
      { second: 3 * 3600 + 20, agent: google, path: 0, status: 0 },
      { second: 3 * 3600 + 21, agent: google, path: 5, status: 0 },
    ];
    const lines = log.map(line);
    const shards = [[lines[0]!, lines[1]!, lines[2]!], [lines[3]!, lines[4]!], [lines[5]!]];
    const whole = await replayLogs(shards.map((l, i) => input(`shard-${i}.log`, l)), OPTIONS);
    assert.ok(whole.totals.grace > 0 && whole.crawlDelay!.violations > 0 && whole.robotsFetches.changes.length >= 2);
    assert.ok(whole.crawlers.some((r) => r.unreachable > 0));
    assert.deepEqual(figures((await sharded(shards, OPTIONS)).summary), figures(whole));
  });

  test('shards that overlap in time or were replayed after a state their verdicts read wrongly are refused with the reason', async () => {
    const part = (name: string, lines: string[], after?: CarriedState): Promise<ShardSummary> => replayShard(name, lines, OPTIONS, after);
    const a = [line({ second: 10, agent: 0, path: 2, status: 0 }), line({ second: 100, agent: 0, path: 0, status: 4 })];
    const b = [line({ second: 50, agent: 0, path: 2, status: 0 })];
    const scanA = (await scanLogs([input('a.log', a)], OPTIONS)).state;
    const overlap = mergeShardSummaries([await part('a.log', a), await part('b.log', b, scanA)]);
    assert.equal(overlap.ok, false);
    assert.match(overlap.ok ? '' : overlap.problem, /b\.log overlaps a\.log in time: its requests start at 2026-11-23T00:00:50Z, not after 2026-11-23T00:01:40Z/);
    // a leaves Googlebot unreachable (its robots.txt answered 503): c's Googlebot request reads that.
    const c = [line({ second: 200, agent: 0, path: 2, status: 0 })];
    const missing = mergeShardSummaries([await part('a.log', a), await part('c.log', c)]);
    assert.match(missing.ok ? '' : missing.problem, /^c\.log was replayed without --after, but the shards before it leave another \(the robots\.txt fetch state of googlebot, which its verdicts read\)/);
    // A shard before it that changes nothing c reads: without --after, c is judged as one replay judges it.
    const quiet = [line({ second: 10, agent: 0, path: 2, status: 0 }), line({ second: 100, agent: 5, path: 0, status: 4 })];
    const kept = mergeShardSummaries([await part('quiet.log', quiet), await part('c.log', c)]);
    assert.ok(kept.ok, kept.ok ? '' : kept.problem);
    assert.deepEqual(figures(kept.summary), figures(await replayLogs([input('quiet.log', quiet), input('c.log', c)], OPTIONS)));
    // A wrong last request of bingbot (Crawl-delay): without records the shard's first check of
    // bingbot waits for the merge, which completes it against the exact state: merged exactly.
    // With records (each says at once whether it came too soon) the shard read it: refused.
    const bingFirst = [line({ second: 297, agent: 1, path: 5, status: 0 })];
    const bing = [line({ second: 300, agent: 1, path: 5, status: 0 })];
    const truth = [scanA, (await scanLogs([input('c.log', c)], OPTIONS)).state, (await scanLogs([input('b1.log', bingFirst)], OPTIONS)).state].reduce(composeCarried, NO_CARRIED_STATE);
    const wrong = { ...truth, lastRequest: {} };
    const before = [await part('a.log', a), await part('c.log', c, scanA), await part('b1.log', bingFirst, composeCarried(scanA, (await scanLogs([input('c.log', c)], OPTIONS)).state))];
    const waited = mergeShardSummaries([...before, await part('bing.log', bing, wrong)]);
    assert.ok(waited.ok, waited.ok ? '' : waited.problem);
    const whole = await replayLogs([input('a.log', a), input('c.log', c), input('b1.log', bingFirst), input('bing.log', bing)], OPTIONS);
    assert.equal(whole.crawlDelay!.violations, 1);
    assert.deepEqual(figures(waited.summary), figures(whole));
    const recorded = mergeShardSummaries([...before, await replayShard('bing.log', bing, OPTIONS, wrong, true)]);
    assert.match(recorded.ok ? '' : recorded.problem, /^bing\.log was replayed after a carried state, but the shards before it leave another \(the last request of bingbot, which its verdicts read\)/);
    // Its own summary completes the check against the state it was given, as before.
    const alone = await replayShard('bing.log', bing, OPTIONS, truth);
    assert.equal(alone.summary.crawlDelay!.violations, 1);
    assert.equal((await replayShard('bing.log', bing, OPTIONS, wrong)).summary.crawlDelay!.violations, 0);
  });
});
