// @ts-check
// What the replay table knows about one replayed request: its verdict in words, its status
// class, whether it passes the filters, the sort order and the text of its cells. A library of
// the replay page (loaded before replay.js); its functions are globals named `replay…`. Every
// value comes from a log and only ever becomes text.
/** @typedef {import('../client/src/panels/replay/row').ReplayRow} ReplayRow */
/** @typedef {{ crawler: string, purpose: string, verification: string, verdict: string, status: string, path: string }} ReplayFilters */
/** @typedef {keyof ReplayRow} ReplayColumnKey */
/* exported REPLAY_COLUMNS, replayVerdictOf, replayVerdictText, replayStatusClass, replayRowMatches, replaySortOrder, replayCellValues, replayRowDetails */

/**
 * The table's columns: the row field each shows and sorts on, its heading and its class. The
 * answer comes first (when, who, what verdict, the deciding line, for which path); the rest
 * follows, and a narrow panel leaves it, and the time, to each row's tooltip (replay.css).
 */
const REPLAY_COLUMNS = /** @type {const} */ ([
  { key: 't', label: 'Time', cls: 'c-time' },
  { key: 'c', label: 'Crawler', cls: 'c-crawler' },
  { key: 'a', label: 'Verdict', cls: 'c-verdict' },
  { key: 'l', label: 'Line', cls: 'c-line' },
  { key: 'u', label: 'Path', cls: 'c-path' },
  { key: 's', label: 'Status', cls: 'c-status' },
  { key: 'p', label: 'Purpose', cls: 'c-purpose' },
  { key: 'v', label: 'Verification', cls: 'c-verification' },
  { key: 'ip', label: 'IP', cls: 'c-ip' },
  { key: 'ua', label: 'User agent', cls: 'c-ua' },
]);

/** @param {ReplayRow} row */
function replayVerdictOf(row) {
  if (row.a === null) return 'n/a';
  return row.a ? 'allowed' : 'disallowed';
}

/** @param {ReplayRow} row */
function replayVerdictText(row) {
  if (row.a === null) return 'Not applicable';
  return (row.a ? 'Allowed' : 'Disallowed') + (row.x ? ' (violation)' : '');
}

/**
 * "2xx", "4xx"; "none" for a request without a status.
 * @param {number | null} s
 */
function replayStatusClass(s) {
  return s === null ? 'none' : Math.floor(s / 100) + 'xx';
}

/**
 * @param {ReplayRow} row
 * @param {ReplayFilters} f
 */
function replayRowMatches(row, f) {
  if (f.crawler && row.c !== f.crawler) return false;
  // A crawler of several purposes matches each of them, as the summary counts it under each.
  if (f.purpose && !(row.p ? row.p.split(', ') : []).includes(f.purpose)) return false;
  if (f.verification && row.v !== f.verification) return false;
  if (f.verdict) {
    if (f.verdict === 'violation') {
      if (!row.x) return false;
    } else if (replayVerdictOf(row) !== f.verdict) return false;
  }
  if (f.status && replayStatusClass(row.s) !== f.status) return false;
  if (f.path && !row.u.toLowerCase().includes(f.path.toLowerCase())) return false;
  return true;
}

/**
 * Compares two rows (by index) on a column: missing values last, ties in log order.
 * @param {readonly ReplayRow[]} rows
 * @param {ReplayColumnKey} key
 * @returns {(i: number, j: number) => number}
 */
function replaySortOrder(rows, key) {
  return (i, j) => {
    const a = rows[i]?.[key];
    const b = rows[j]?.[key];
    if (a === b) return i - j;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    if (typeof a === 'string') return a < b ? -1 : 1;
    return Number(a) - Number(b);
  };
}

/**
 * The text of each cell, in the order of `REPLAY_COLUMNS`.
 * @param {ReplayRow} row
 * @returns {(string | number)[]}
 */
function replayCellValues(row) {
  return [
    row.t.replace('T', ' ').replace('Z', ''),
    row.c,
    replayVerdictText(row),
    row.l === null ? '–' : row.l,
    row.m + ' ' + row.u,
    row.s === null ? '–' : row.s,
    row.p || '–',
    row.v,
    row.ip,
    row.ua,
  ];
}

/**
 * The time and the columns after the path in words, for the row's tooltip: a narrow panel does
 * not draw them.
 * @param {ReplayRow} row
 */
function replayRowDetails(row) {
  const values = replayCellValues(row);
  return REPLAY_COLUMNS.map((column, i) => ({ column, value: values[i] }))
    .filter(({ column }) => !['c', 'a', 'l', 'u'].includes(column.key))
    .map(({ column, value }) => column.label + ': ' + value)
    .join(' · ');
}
