/**
 * A shard envelope read back is checked whole before a merge adds it up: a part edited by
 * hand, cut short or corrupted once printed "lines 052008" (a string added to a count),
 * "-1,000,000 requests", "∞" or a 32-digit count, or crashed the merge. Every count is a
 * non-negative safe integer, every time a finite number (or null where none is allowed),
 * every text a string, every table the shape `summaryPart` writes; the first thing found
 * wrong is said with where it is.
 */

import type { ShardSummary } from './summary-merge';

type Check = (value: unknown, at: string) => string | null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const count: Check = (v, at) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? null : `${at} is ${describe(v)}, not a count (a whole number from 0)`);
const time: Check = (v, at) => (typeof v === 'number' && Number.isFinite(v) ? null : `${at} is ${describe(v)}, not a time`);
const text: Check = (v, at) => (typeof v === 'string' ? null : `${at} is ${describe(v)}, not text`);
const flag: Check = (v, at) => (typeof v === 'boolean' ? null : `${at} is ${describe(v)}, not true or false`);
const anything: Check = () => null;

function orNull(check: Check): Check {
  return (v, at) => (v === null ? null : check(v, at));
}

function oneOf(...values: readonly (string | number | null)[]): Check {
  return (v, at) => (values.includes(v as string) ? null : `${at} is ${describe(v)}, not one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
}

function listOf(check: Check): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at} is ${describe(v)}, not a list`;
    for (const [i, item] of v.entries()) {
      const problem = check(item, `${at}[${i}]`);
      if (problem !== null) return problem;
    }
    return null;
  };
}

function record(fields: Readonly<Record<string, Check>>): Check {
  return (v, at) => {
    if (!isObject(v)) return `${at} is ${describe(v)}, not an object`;
    for (const [name, check] of Object.entries(fields)) {
      const problem = check(v[name], `${at}.${name}`);
      if (problem !== null) return problem;
    }
    return null;
  };
}

function pair(key: Check, value: Check): Check {
  return (v, at) => {
    if (!Array.isArray(v) || v.length !== 2) return `${at} is ${describe(v)}, not a [key, value] pair`;
    return key(v[0], `${at}[0]`) ?? value(v[1], `${at}[1]`);
  };
}

function counts(...names: readonly string[]): Record<string, Check> {
  return Object.fromEntries(names.map((n) => [n, count]));
}

const VERIFICATION = text;

const SAMPLE = (sample: Check): Check => record({ time: orNull(time), file: text, line: count, sample });

const PART: Check = record({
  limits: (v, at) => (isObject(v) ? (Object.entries(v).map(([k, n]) => count(n, `${at}.${k}`)).find((p) => p !== null) ?? null) : `${at} is ${describe(v)}, not an object`),
  files: listOf(record({ name: text, format: orNull(text), formatSource: text, ...counts('lines', 'requests', 'parseFailures', 'skipped') })),
  rows: listOf(
    record({
      crawler: text,
      crawlerId: text,
      operator: text,
      purposes: listOf(anything),
      client: oneOf('crawler', 'control-token'),
      verification: VERIFICATION,
      ...counts('requests', 'allowed', 'disallowed', 'grace', 'notApplicable', 'unavailable', 'unreachable', 'violations', 'robotsFetches', 'crawlDelayViolations'),
    }),
  ),
  first: orNull(time),
  last: orNull(time),
  counts: record(counts('lines', 'requests', 'skipped', 'late', 'failures', 'browsers', 'noUserAgent', 'otherClients', 'fetchChangesDropped', 'delaySkipped', 'googleDiffers', 'beforeFirstVersion')),
  failureReasons: listOf(pair(text, count)),
  failureSamples: listOf(SAMPLE(record({ file: text, line: count, text, reason: text }))),
  lateSamples: listOf(SAMPLE(record({ file: text, line: count, time: text, behindSeconds: time }))),
  warnings: listOf(text),
  others: listOf(pair(text, record(counts('count', 'disallowed')))),
  paths: listOf(pair(text, record({ ...counts('count', 'violations', 'spoofed'), crawlers: listOf(pair(text, count)) }))),
  spoofs: listOf(pair(text, record({ crawler: text, ip: text, evidence: text, first: time, last: time, ...counts('requests', 'disallowed', 'count') }))),
  hours: listOf(pair(time, record({ hour: text, ...counts('requests', 'crawlerRequests', 'disallowed', 'violations', 'spoofed', 'grace', 'unavailable', 'unreachable') }))),
  fetchStatuses: listOf(pair(text, listOf(pair(text, count)))),
  fetchChanges: listOf(record({ time: text, crawler: text, ip: text, status: orNull(count), state: oneOf('rules', 'unavailable', 'unreachable'), verification: VERIFICATION })),
  unchecked: listOf(pair(text, record({ requests: count, reason: text }))),
  delayRows: listOf(pair(text, record({ delaySeconds: orNull(time), checked: count, violations: count, minGap: orNull(time) }))),
});

/** What a merge takes from the summary beside the part: the settings it compares and keeps. */
const SUMMARY: Check = record({
  versions: listOf(anything),
  verification: record({ lists: listOf(anything), reverseDns: flag }),
  policy: record({ graceHours: time }),
  order: record({ windowSeconds: time, maxWaiting: count }),
  cancelled: flag,
  elapsedMs: time,
});

/** A carried state's counts and times (its tables are read by `readCarriedState`). */
const CARRIED: Check = record({ requests: count, first: orNull(time), last: orNull(time) });

/** What is wrong with a shard as read, or null when a merge may add it up. */
export function shardProblem(shard: ShardSummary): string | null {
  const problem = PART(shard.part, 'shard.part') ?? SUMMARY(shard.summary, 'the summary') ?? orNull(CARRIED)(shard.after, 'shard.after') ?? CARRIED(shard.leaves, 'shard.leaves');
  if (problem !== null) return problem;
  const { first, last } = shard.part;
  if (first !== null && last !== null && first > last) return 'shard.part.first is after shard.part.last';
  if (shard.summary.policy.graceHours < 0 || shard.summary.order.windowSeconds < 0 || shard.summary.elapsedMs < 0) return 'the summary has a negative grace, reorder window or elapsed time';
  return null;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value)}`;
  if (typeof value === 'number') return Number.isFinite(value) ? `${value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER ? 'a number too large to count exactly' : String(value)}` : 'not a finite number';
  if (Array.isArray(value)) return 'a list';
  return value === null ? 'null' : typeof value;
}
