/**
 * The replay chart as data: per crawler, allowed, disallowed and violating requests in time
 * buckets, with labelled ticks for the time axis. Every crawler gets a lane; the page shows
 * the busiest ones first and names how many more there are behind a button, so none is
 * dropped without saying so. Pure, so the lanes and ticks can be checked without a webview.
 */

import type { ReplayRow } from './row';

export type ChartRequest = Pick<ReplayRow, 't' | 'c' | 'k' | 'a' | 'x'>;

/** One bucket of a lane that saw requests: its index from the chart's start and the counts. */
export interface ChartCell {
  readonly i: number;
  readonly allowed: number;
  readonly disallowed: number;
  readonly violations: number;
}

export interface ChartLane {
  readonly crawler: string;
  readonly requests: number;
  readonly disallowed: number;
  readonly violations: number;
  readonly cells: readonly ChartCell[];
}

export interface ChartTick {
  /** Position in buckets from the start (may fall between buckets). */
  readonly at: number;
  readonly label: string;
  /** The label names a date (the first tick, or the date changed): the page keeps it over time-only labels. */
  readonly dated: boolean;
}

export interface ReplayChart {
  /** ISO time of the first bucket's start. */
  readonly start: string;
  readonly end: string;
  readonly buckets: number;
  /** "hour", "2 hours", "day"… */
  readonly bucketName: string;
  /** The most requests in one bucket of one lane: the bar height scale. */
  readonly max: number;
  /** Busiest first; the page shows the first `shown` and a "+N more" button for the rest. */
  readonly lanes: readonly ChartLane[];
  readonly shown: number;
  readonly ticks: readonly ChartTick[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Lanes shown before the "+N more" button. */
export const LANES_SHOWN = 10;
const TICK_STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY];
const MAX_TICKS = 8;

/** Null when no dated crawler request has a verdict. */
export function replayChart(rows: readonly ChartRequest[]): ReplayChart | null {
  const dated: { time: number; row: ChartRequest }[] = [];
  for (const row of rows) {
    if (row.k !== 'crawler' || row.a === null) continue;
    const time = Date.parse(row.t);
    if (Number.isFinite(time)) dated.push({ time, row });
  }
  if (dated.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const { time } of dated) {
    if (time < first) first = time;
    if (time > last) last = time;
  }
  const span = Math.max(last - first, 1);
  // Hours for up to four days of log, else days; at most 96 buckets.
  let bucketMs = span <= 96 * HOUR ? HOUR : DAY;
  while (span / bucketMs > 96) bucketMs *= 2;
  const start = Math.floor(first / bucketMs) * bucketMs;
  const buckets = Math.floor((last - start) / bucketMs) + 1;

  const lanes = new Map<string, { requests: number; disallowed: number; violations: number; cells: Map<number, { allowed: number; disallowed: number; violations: number }> }>();
  for (const { time, row } of dated) {
    let lane = lanes.get(row.c);
    if (!lane) lanes.set(row.c, (lane = { requests: 0, disallowed: 0, violations: 0, cells: new Map() }));
    const i = Math.floor((time - start) / bucketMs);
    let cell = lane.cells.get(i);
    if (!cell) lane.cells.set(i, (cell = { allowed: 0, disallowed: 0, violations: 0 }));
    lane.requests++;
    if (row.a) cell.allowed++;
    else {
      cell.disallowed++;
      lane.disallowed++;
    }
    if (row.x) {
      cell.violations++;
      lane.violations++;
    }
  }
  let max = 1;
  const laneList: ChartLane[] = [...lanes]
    .map(([crawler, lane]) => {
      const cells = [...lane.cells].sort((a, b) => a[0] - b[0]).map(([i, c]) => ({ i, ...c }));
      for (const c of cells) max = Math.max(max, c.allowed + c.disallowed);
      return { crawler, requests: lane.requests, disallowed: lane.disallowed, violations: lane.violations, cells };
    })
    .sort((a, b) => b.requests - a.requests || a.crawler.localeCompare(b.crawler));
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + buckets * bucketMs).toISOString(),
    buckets,
    bucketName: bucketMs === HOUR ? 'hour' : bucketMs === DAY ? 'day' : bucketMs < DAY ? `${bucketMs / HOUR} hours` : `${bucketMs / DAY} days`,
    max,
    lanes: laneList,
    shown: Math.min(LANES_SHOWN, laneList.length),
    ticks: ticks(start, buckets * bucketMs, bucketMs),
  };
}

/** Round UTC times across the span, at most eight, labelled by `tickLabels`. */
function ticks(start: number, span: number, bucketMs: number): ChartTick[] {
  const step = TICK_STEPS.find((s) => span / s <= MAX_TICKS) ?? Math.ceil(span / MAX_TICKS / DAY) * DAY;
  const times: number[] = [];
  for (let at = Math.ceil(start / step) * step; at <= start + span; at += step) times.push(at);
  const labels = tickLabels(times, step < DAY);
  const day = (time: number | undefined): number => Math.floor((time ?? NaN) / DAY);
  return times.map((at, i) => ({ at: (at - start) / bucketMs, label: labels[i] ?? '', dated: i === 0 || day(at) !== day(times[i - 1]) }));
}

/**
 * Axis labels for UTC times in order, short but never ambiguous: the full date on the first,
 * the month and day where the date changes (the full date again where the year does), only
 * the time otherwise; "2026-11-23 00:00 · 12:00 · 11-24 00:00". Without `withTime` (ticks a
 * day or more apart) only the dates: "2026-11-23 · 11-24".
 */
export function tickLabels(times: readonly number[], withTime: boolean): string[] {
  let previous = '';
  return times.map((time) => {
    const iso = new Date(time).toISOString();
    const date = iso.slice(0, 10);
    const clock = iso.slice(11, 16);
    const sameYear = previous.slice(0, 4) === date.slice(0, 4);
    const dateLabel = previous === date ? '' : sameYear ? date.slice(5) : date;
    previous = date;
    if (!withTime) return dateLabel === '' ? date.slice(5) : dateLabel;
    return dateLabel === '' ? clock : `${dateLabel} ${clock}`;
  });
}
