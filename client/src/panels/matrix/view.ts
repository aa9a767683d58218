/**
 * What the matrix webview shows, computed from the server's `MatrixResult`: every cell as
 * text plus a tooltip, and per crawler how many tested paths are disallowed. Pure data —
 * the webview inserts all of it as text.
 *
 * Counts describe the tested paths only, never "the whole site": `/robots.txt` is always
 * allowed by the protocol, so it is left out of the counts rather than making a fully
 * closed site look partly open; a cell without a verdict is never counted as allowed.
 *
 * On a fetched robots.txt that was unreachable or unavailable the fetch state decides every
 * cell; the view says so instead of naming a group or a rule.
 */

import { ignoreNote } from '@robots-lens/kernel/ai-access';
import type { FetchStateNote, MatrixCell, MatrixResult, MatrixRow } from '../../../../server/src/protocol';
import { plural } from '@robots-lens/kernel/words';
import { purposesText } from '@robots-lens/editor/explain';
import { fetchStateText, groupInWords } from '../../verdict-report';
import type { LineText } from '../../verdict-report';
import type { SavedWords } from '../saved-state';

export type CellState = 'allowed' | 'disallowed' | 'not-applicable';

export interface MatrixViewCell {
  readonly state: CellState;
  /** The cell's text: the verdict in words (never colour alone). */
  readonly text: string;
  readonly tooltip: string;
  /** 0-based line to reveal: the deciding rule, else the group's first User-agent line. */
  readonly line: number | null;
}

/** all / some / none of the decided paths disallowed; undecided when no path was decided by the file. */
export type RowCategory = 'all' | 'some' | 'none' | 'undecided';

export interface MatrixViewRow {
  readonly agent: string;
  readonly token: string;
  /** Operator and purpose, or "not in the catalogue". */
  readonly about: string;
  /** Which group the crawler uses, briefly ("own group (line 39)"). */
  readonly group: string;
  /** The same in full, quoting the User-agent line. */
  readonly groupTooltip: string;
  readonly groupLine: number | null;
  readonly cells: readonly MatrixViewCell[];
  /** Paths whose verdict comes from the file (not /robots.txt, not n/a). */
  readonly decided: number;
  readonly disallowed: number;
  readonly category: RowCategory;
  /** "3 of 42", "all 42", "none of 42". */
  readonly countShort: string;
  readonly countText: string;
}

export interface MatrixView {
  readonly documentName: string;
  readonly version: number;
  /** Whether the answer is of the saved file or of unsaved edits (see saved-state.ts). */
  readonly saved: SavedWords;
  readonly paths: readonly string[];
  /** The user chose the paths (else they come from the file's own rules). */
  readonly customPaths: boolean;
  readonly rows: readonly MatrixViewRow[];
  /** Why the fetch state, not the rules, decided every cell (a fetched robots.txt without rules in force). */
  readonly fetchState?: string;
  /** What the server left out of a matrix larger than it judges. */
  readonly truncated?: string;
  readonly summary: { readonly all: number; readonly some: number; readonly none: number; readonly undecided: number };
}

export interface MatrixViewSource {
  readonly documentName: string;
  readonly version: number;
  readonly saved: SavedWords;
  readonly customPaths: boolean;
  readonly lineText: LineText;
}

export function matrixView(result: MatrixResult, source: MatrixViewSource): MatrixView {
  const rows = result.rows.map((row) => viewRow(row, result.paths, source.lineText, result.fetchState));
  const count = (category: RowCategory): number => rows.filter((row) => row.category === category).length;
  return {
    documentName: source.documentName,
    version: source.version,
    saved: source.saved,
    paths: result.paths,
    customPaths: source.customPaths,
    rows,
    ...(result.fetchState ? { fetchState: fetchStateText(result.fetchState) } : {}),
    ...(result.truncated ? { truncated: result.truncated.message } : {}),
    summary: { all: count('all'), some: count('some'), none: count('none'), undecided: count('undecided') },
  };
}

function viewRow(row: MatrixRow, paths: readonly string[], lineText: LineText, fetchState: FetchStateNote | undefined): MatrixViewRow {
  const groupLine = row.group?.agentLines[0] ?? null;
  const group = fetchState ? { short: `robots.txt ${fetchState.state}`, full: fetchStateText(fetchState) } : groupWords(row, lineText);
  const cells = row.cells.map((cell, index) => viewCell(cell, paths[index] ?? '', row, group.full, groupLine, lineText));
  const counted = row.cells.filter((cell) => cell.allowed !== null && cell.reason !== 'robots-txt');
  const disallowed = counted.filter((cell) => cell.allowed === false).length;
  const decided = counted.length;
  const category: RowCategory = decided === 0 ? 'undecided' : disallowed === decided ? 'all' : disallowed === 0 ? 'none' : 'some';
  const crawler = row.crawler;
  return {
    agent: row.agent,
    token: row.token,
    about: crawler ? `${crawler.name !== row.agent ? `${crawler.name} · ` : ''}${crawler.operator} · ${purposesText(crawler.purposes)}${ignoreNoteOf(crawler)}` : 'not in the catalogue',
    group: group.short,
    groupTooltip: group.full,
    groupLine,
    cells,
    decided,
    disallowed,
    category,
    countShort: category === 'all' ? `all ${decided}` : category === 'none' ? `none of ${decided}` : category === 'some' ? `${disallowed} of ${decided}` : '–',
    countText: countText(category, disallowed, decided),
  };
}

function countText(category: RowCategory, disallowed: number, decided: number): string {
  switch (category) {
    case 'all':
      return `all ${plural(decided, 'tested path')} disallowed`;
    case 'none':
      return `none of ${plural(decided, 'tested path')} disallowed`;
    case 'some':
      return `${disallowed} of ${decided} tested paths disallowed`;
    case 'undecided':
      return 'no tested path decided by the file';
  }
}

/** A short label for the row header and the full sentence (shared with Test URL) for its tooltip. */
function groupWords(row: MatrixRow, lineText: LineText): { readonly short: string; readonly full: string } {
  const group = row.group;
  if (!group) return { short: 'no group: all allowed', full: 'no group names it or *, so everything is allowed' };
  const first = group.agentLines[0];
  const where = first !== undefined ? ` (line ${first + 1}${group.groups.length > 1 ? `, ${group.groups.length} groups merged` : ''})` : '';
  const full = groupInWords(group, lineText);
  switch (group.via) {
    case 'own-token':
      return { short: `own group${where}`, full };
    case 'fallback':
      return { short: `falls back to ${group.token}${where}`, full };
    case 'star':
      return { short: `* group${where}`, full };
  }
}

function viewCell(cell: MatrixCell, path: string, row: MatrixRow, group: string, groupLine: number | null, lineText: LineText): MatrixViewCell {
  const who = `${row.agent}, ${path}`;
  if (cell.allowed === null) {
    const why = cell.reason === 'other-origin' ? 'a URL on another origin than the one this robots.txt governs' : 'not a path this robots.txt governs';
    return { state: 'not-applicable', text: 'n/a', tooltip: `${who}: not applicable — ${why}.`, line: null };
  }
  const verdict = cell.allowed ? 'Allowed' : 'Disallowed';
  let why: string;
  let line: number | null = null;
  if (cell.reason === 'fetch-state') {
    why = `no rule decides: ${group}`;
  } else if (cell.line !== null) {
    const quoted = lineText(cell.line)?.trim();
    why = `line ${cell.line + 1}${quoted ? `: ${quoted}` : ''} is the longest matching rule (${group})`;
    line = cell.line;
  } else if (cell.reason === 'robots-txt') {
    why = '/robots.txt itself is always allowed';
  } else if (cell.reason === 'no-group') {
    why = 'no group names this crawler or *';
  } else {
    why = `no rule of its group matches (${group})`;
    line = groupLine;
  }
  const preferences = cell.preferences !== undefined ? ` Preferences: ${cell.preferences}.` : '';
  return { state: cell.allowed ? 'allowed' : 'disallowed', text: verdict, tooltip: `${who}: ${verdict} — ${why}.${preferences}`, line };
}

/** " · Bytespider does not honour robots.txt (per the ai.robots.txt list)": a statement about the crawler, beside its verdicts. */
function ignoreNoteOf(crawler: Parameters<typeof ignoreNote>[0]): string {
  const note = ignoreNote(crawler);
  return note === undefined ? '' : ` · ${note}`;
}
